import { expect, test } from '@playwright/test';

import { madridToday } from '../../src/i18n/time';

import { paidBooking } from './paid-booking';
import { addStaffDeparture, staffToken } from './staff-departures';

/**
 * Invoices as the office and the accountant meet them on the production build: a web sale is a
 * simplified invoice (F2) with its VERI*FACTU record; the office cancels it with a full refund and
 * the rectifying invoice (R5) appears beside it, negative, with its own chained record, its XML
 * and its PDF.
 */
function dayAhead(days: number): string {
  const [y, m, d] = madridToday(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

type ListedInvoice = {
  id: number;
  type: string;
  totalCents: number;
  seriesNumber: string;
  huella: string;
  previousHuella: string | null;
  vat: { ratePct: number; baseCents: number; vatCents: number }[];
  aeat: { status: string };
};

test('a refund is a rectifying invoice by differences, beside the sale it corrects', async ({ request }) => {
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const departure = await addStaffDeparture(request, admin, {
    date: dayAhead(4),
    time: '19:07',
    capacity: 10,
    key: 'invoicing',
  });
  const reference = await paidBooking(request, departure.id, { email: `invoice-${Date.now()}@example.com` });

  const list = async () => {
    const answer = await request.get(`/api/ops/invoices?booking=${reference}`, { headers: admin });
    expect(answer.status(), await answer.text()).toBe(200);
    return ((await answer.json()) as { invoices: ListedInvoice[] }).invoices;
  };
  const [sale] = await list();
  expect(sale).toMatchObject({ type: 'F2', totalCents: 2 * departure.adultCents });
  expect(sale!.huella).toMatch(/^[0-9A-F]{64}$/);

  const cancelled = await request.post(`/api/ops/bookings/${reference}/cancel`, {
    headers: admin,
    data: { refund: 'full', reason: 'the customer asked' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  const invoices = await list();
  expect(invoices.map((invoice) => [invoice.type, invoice.totalCents])).toEqual([
    ['F2', 2 * departure.adultCents],
    ['R5', -2 * departure.adultCents],
  ]);
  const refund = invoices[1]!;
  expect(refund.vat.reduce((sum, line) => sum + line.baseCents + line.vatCents, 0)).toBe(refund.totalCents);

  const xml = await request.get(`/api/ops/invoices/${refund.id}/record.xml`, { headers: admin });
  expect(xml.headers()['content-type']).toContain('application/xml');
  const record = await xml.text();
  expect(record).toContain('<sf:TipoFactura>R5</sf:TipoFactura>');
  expect(record).toContain(`<sf:NumSerieFactura>${sale!.seriesNumber}</sf:NumSerieFactura>`);

  const pdf = await request.get(`/api/ops/invoices/${refund.id}.pdf`, { headers: admin });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The producer's declaración responsable, filled from this deployment's configuration.
  const declaration = await request.get('/api/ops/invoices/declaration', { headers: admin });
  expect(declaration.headers()['content-type']).toContain('text/markdown');
  expect(await declaration.text()).toMatch(/Declaración responsable[\s\S]*versión\*\*: \d+\.\d+\.\d+/);

  // The crew never sees invoices.
  expect((await request.get(`/api/ops/invoices?booking=${reference}`)).status()).toBe(401);
});
