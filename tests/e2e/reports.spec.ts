import { readFileSync } from 'node:fs';

import { expect, test } from '../fixtures/staff-page';
import { addDays, madridToday } from '../../src/i18n/time';
import opsCa from '../../src/i18n/messages/ops/ca.json' with { type: 'json' };

import { addStaffDeparture, staffToken } from './staff-departures';

/**
 * The office looks at the numbers: a cash sale made today shows in the reports' chart and in the
 * CSV it downloads. The departure is tomorrow's, so the sale works at any time of day.
 */

const token = staffToken;

test('office opens Reports, sees the sales chart and downloads the CSV', async ({
  page,
  request,
  staffPage,
}, testInfo) => {
  const admin = { Authorization: `JWT ${await token(request)}` };
  const office = await staffPage('office', { language: 'ca', name: 'Núria Informes' });

  const today = madridToday(new Date());
  const tomorrow = addDays(today, 1);
  const time = testInfo.project.name === 'phone' ? '12:07' : '12:08';
  const { id: departure, adultCents } = await addStaffDeparture(request, admin, {
    date: tomorrow,
    time,
    capacity: 12,
    key: 'reports',
  });
  const officeAuth = { Authorization: `JWT ${await token(request, office)}` };
  const sale = await request.post('/api/ops/bookings', {
    headers: officeAuth,
    data: {
      departure,
      tripType: 'roundTrip',
      adult: 1,
      reduced: 0,
      child: 0,
      super3: 0,
      audioGuides: 0,
      name: 'Pere',
      locale: 'ca',
      method: 'cash',
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);

  const t = opsCa.ops;
  // The last 30 days by default; the sale was made today (Madrid), so it is in them.
  await page.goto('/admin/ops/reports');
  const reports = page.getByTestId('reports');
  await expect(reports.getByRole('heading', { name: t.reports.title, level: 1 })).toBeVisible();
  const chart = reports.getByTestId('reports-chart').getByRole('img');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', /€/);

  const [download] = await Promise.all([page.waitForEvent('download'), reports.getByTestId('reports-csv').click()]);
  expect(download.suggestedFilename()).toBe(`sales-${addDays(today, -29)}-${today}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  const r = t.reports;
  expect(
    csv.startsWith(
      `\uFEFF${[r.date, r.web, r.boxOffice, r.agency, r.reseller, r.sales, r.refunds, r.net].join(',')}\r\n`,
    ),
  ).toBe(true);
  // The days come first, totals last; after a blank line, the invoices' net and VAT by rate.
  const [days, ...sections] = csv.trimEnd().split('\r\n\r\n');
  const lines = days!.split('\r\n');
  expect(lines).toHaveLength(32);
  // Every sale here is invoiced at the tours' 10 % (a line per rate: rate, base, VAT, total).
  expect(sections.join('\r\n').split('\r\n')).toContainEqual(
    expect.stringMatching(/^10,\d+\.\d{2},\d+\.\d{2},\d+\.\d{2}$/),
  );
  // Today's box office took at least this sale's adult fare (other specs sell at the counter too).
  const todayLine = lines.find((line) => line.startsWith(`${today},`))!.split(',');
  expect(Number(todayLine[2])).toBeGreaterThanOrEqual(adultCents / 100);
  expect(lines.at(-1)!.startsWith(`${r.total},`)).toBe(true);
});
