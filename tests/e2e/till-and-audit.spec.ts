import type { Page } from '@playwright/test';

import { formatEuros } from '../../src/booking/money';
import { madridToday } from '../../src/i18n/time';
import opsCa from '../../src/i18n/messages/ops/ca.json' with { type: 'json' };
import opsEs from '../../src/i18n/messages/ops/es.json' with { type: 'json' };
import { fill } from '../../src/lib/icu-lite';

import { addStaffDeparture, staffToken } from './staff-departures';
import { SHOTS } from './shots';
import { expect, test } from '../fixtures/staff-page';

/**
 * The desk at closing time, on a 390 px phone, in Catalan and in Spanish: an office member sells,
 * counts the drawers (their own a euro short), closes the till, gets the Z report to print, then
 * reads the log of their day and of a booking, with names and events in their language.
 */
const PHONE = { width: 390, height: 844 };
const languages = { ca: opsCa.ops, es: opsEs.ops } as const;

// One till for the whole shop: the two languages' closes must not interleave.
test.describe.configure({ mode: 'serial' });

type TillLine = { staff: string; staffName: string; method: string; expectedCents: number };

async function tillLines(page: Page, auth: Record<string, string>): Promise<{ id: number; lines: TillLine[] }> {
  const answer = (await (await page.request.get('/api/ops/till', { headers: auth })).json()) as {
    session: { id: number };
    lines: TillLine[];
  };
  return { id: answer.session.id, lines: answer.lines };
}

for (const [language, t] of Object.entries(languages) as [keyof typeof languages, (typeof languages)['ca']][]) {
  test(`the till closes with a Z report and the day's log reads in ${language}`, async ({
    page,
    request,
    staffPage,
  }) => {
    await page.setViewportSize(PHONE);
    const admin = { Authorization: `JWT ${await staffToken(request)}` };
    const departure = await addStaffDeparture(request, admin, {
      date: madridToday(new Date()),
      time: language === 'ca' ? '23:54' : '23:53',
      capacity: 20,
      key: `till-${language}`,
    });
    // Unique per run: the till lists every member's drawer by name.
    const name = `${language === 'ca' ? 'Núria Caixa' : 'Lucía Taquilla'} ${Date.now() % 100_000}`;
    const member = await staffPage('office', { language, name });
    // The API as this member (the browser's cookie needs an Origin the API context does not send).
    const auth = { Authorization: `JWT ${await staffToken(request, member)}` };

    const references: string[] = [];
    for (const [method, adult] of [
      ['cash', 2],
      ['terminal', 1],
    ] as const) {
      const sold = await page.request.post('/api/ops/bookings', {
        headers: auth,
        data: {
          departure: departure.id,
          tripType: 'roundTrip',
          adult,
          reduced: 0,
          child: 0,
          super3: 0,
          audioGuides: 0,
          name: 'Pere',
          surnames: 'Mas',
          email: '',
          locale: 'fr',
          method,
        },
      });
      expect(sold.status(), await sold.text()).toBe(201);
      references.push(((await sold.json()) as { reference: string }).reference);
    }

    // Other specs may sell at the same time: every line the till shows is counted, ours a euro short.
    let closedId: number | null = null;
    for (let attempt = 1; attempt <= 3 && closedId === null; attempt++) {
      await page.goto('/admin/ops/till');
      const till = page.getByTestId('till');
      await expect(till.getByRole('heading', { name: t.till.title, level: 1 })).toBeVisible();
      const { id, lines } = await tillLines(page, auth);
      const mine = lines.filter((line) => line.staffName === name);
      expect(mine.map((line) => line.method).sort()).toEqual(['cash', 'terminal']);
      for (const line of lines) {
        const methodName = t.sell.methods[line.method as 'cash' | 'terminal'];
        const short = line.staffName === name && line.method === 'cash' ? 100 : 0;
        const row = till.getByTestId('till-line').filter({ hasText: line.staffName }).filter({ hasText: methodName });
        const input = row.getByLabel(fill(t.till.countLabel, { name: line.staffName, method: methodName }));
        await input.fill(((line.expectedCents - short) / 100).toFixed(2));
        await row.getByRole('button', { name: t.till.save }).click();
        await expect(row.getByRole('status')).toHaveText(t.till.saved);
      }
      const myCash = till.getByTestId('till-line').filter({ hasText: name }).filter({ hasText: t.sell.methods.cash });
      await expect(myCash).toContainText(fill(t.till.short, { amount: formatEuros(100, language) }));
      await page.screenshot({ path: `${SHOTS}/till-phone-${language}.png`, fullPage: true });

      await till.getByRole('button', { name: t.till.close }).click();
      const dialog = page.getByTestId('till-close-dialog');
      await expect(dialog.getByRole('heading')).toHaveText(fill(t.till.closeConfirm, { id }));
      await dialog.getByRole('button', { name: t.till.close }).click();
      const closed = await Promise.race([
        page.waitForURL(`**/admin/ops/till/${id}`).then(() => true),
        dialog
          .getByRole('alert')
          .waitFor()
          .then(() => false),
      ]);
      if (closed) closedId = id;
    }
    expect(closedId).not.toBeNull();

    const z = page.getByTestId('z-report');
    await expect(z.getByRole('heading', { level: 1 })).toHaveText(`${t.till.zReport} · ${closedId}`);
    await expect(z).toContainText(name);
    await expect(z.getByRole('button', { name: t.till.printZ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/till-z-report-phone-${language}.png`, fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: `${SHOTS}/till-z-report-print-${language}.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // A sale after the close is the next session's.
    await page.goto('/admin/ops/till');
    await expect(page.getByTestId('till').getByRole('heading', { level: 1 })).toHaveText(t.till.title);
    expect((await tillLines(page, auth)).id).toBeGreaterThan(closedId!);

    // The day's log: names and events in words, never user:3 or booking.paid.
    await page.goto('/admin/ops/audit');
    const day = page.getByTestId('audit-day');
    await expect(day.getByRole('heading', { level: 1 })).toHaveText(t.audit.title);
    const entries = day.getByTestId('audit-entries');
    await expect(entries).toContainText(t.audit.actions.booking.paid);
    await expect(entries).toContainText(t.audit.actions.till.counted);
    await expect(entries).toContainText(t.audit.actions.till.closed);
    await expect(entries).toContainText(name);
    await expect(entries).not.toContainText('user:');
    await expect(entries).not.toContainText('booking.');
    await page.screenshot({ path: `${SHOTS}/audit-day-phone-${language}.png`, fullPage: true });

    // A booking's page: its history, and the visitor's language by name.
    await page.goto(`/admin/ops/bookings/${references[0]}`);
    const history = page.getByTestId('booking-history');
    await expect(history.getByRole('heading', { name: t.booking.history })).toBeVisible();
    await expect(history).toContainText(t.audit.actions.booking.paid);
    await expect(history).toContainText(t.booking.methods.cash);
    await expect(page.getByTestId('booking-page')).toContainText(language === 'ca' ? 'Francès' : 'Francés');
    await page.screenshot({ path: `${SHOTS}/booking-history-phone-${language}.png`, fullPage: true });
  });
}
