import { expect, test, type APIRequestContext } from '@playwright/test';

import { madridToday } from '../../src/i18n/time';

import { paidBooking } from './paid-booking';
import { addStaffDeparture, staffToken } from './staff-departures';

/**
 * The built-in AEAT (VERIFACTU_ENDPOINT=sandbox, the default) on the production build: every record
 * a sale, a refund and an annulment make is sent by the minute job (src/invoicing/sender.ts) and
 * comes back Correcto with a CSV. Run from source (vitest) the stand-in had always passed; in the
 * build its schema validator could not start, and every record stayed pending with the 4102 fault
 * it made of that (docs/decisions/160-schema-validator-in-the-build.md).
 */
function dayAhead(days: number): string {
  const [y, m, d] = madridToday(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

type AeatState = { status: string; csv: string | null; errorCode: string | null; errorText: string | null };
type ListedInvoice = {
  id: number;
  type: string;
  annulled: boolean;
  records: { kind: 'alta' | 'anulacion'; aeat: AeatState | null }[];
};

async function invoicesOf(
  request: APIRequestContext,
  admin: Record<string, string>,
  reference: string,
): Promise<ListedInvoice[]> {
  const answer = await request.get(`/api/ops/invoices?booking=${reference}`, { headers: admin });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { invoices: ListedInvoice[] }).invoices;
}

/** "F2 alta: Correcto" for each record, with the AEAT's error when it is not. */
function states(invoices: ListedInvoice[]): string[] {
  return invoices.flatMap((invoice) =>
    invoice.records.map((record) => {
      const aeat = record.aeat;
      const csv = aeat?.csv && /^A-[A-Z0-9]{14}$/.test(aeat.csv) ? ' with a CSV' : '';
      const error = aeat?.errorCode ? ` (${aeat.errorCode} ${aeat.errorText ?? ''})` : '';
      return `${invoice.type} ${record.kind}: ${aeat?.status ?? 'no status'}${csv}${error}`;
    }),
  );
}

test('the health check says the invoicing validator passed its start-up check', async ({ request }) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', invoicing: 'ok' });
});

test('the built-in AEAT accepts the records of a sale, its refund and an annulment', async ({ request }) => {
  // The sender runs once a minute and keeps the AEAT's 60 s between batches (TiempoEsperaEnvio):
  // with other specs' records in the queue, a new record can wait two or three runs.
  test.setTimeout(300_000);
  const admin = { Authorization: `JWT ${await staffToken(request)}` };

  const departure = await addStaffDeparture(request, admin, {
    date: dayAhead(6),
    time: '17:23',
    capacity: 10,
    key: 'aeat-build',
  });
  const stamp = Date.now();

  // A sale refunded in full: its F2 and the R5 that corrects it.
  const refunded = await paidBooking(request, departure.id, { email: `aeat-refund-${stamp}@example.com` });
  const cancelled = await request.post(`/api/ops/bookings/${refunded}/cancel`, {
    headers: admin,
    data: { refund: 'full', reason: 'the customer asked' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  // A sale whose invoice the office annuls: the F2's anulación, and the F2 issued in its place.
  const annulled = await paidBooking(request, departure.id, { email: `aeat-annul-${stamp}@example.com` });
  const [wrong] = await invoicesOf(request, admin, annulled);
  const annul = await request.post(`/api/ops/invoices/${wrong!.id}/annul`, { headers: admin });
  expect(annul.ok(), await annul.text()).toBe(true);

  const correct = (type: string, kind: string) => `${type} ${kind}: Correcto with a CSV`;
  await expect
    .poll(async () => states(await invoicesOf(request, admin, refunded)), { timeout: 240_000, intervals: [3000] })
    .toEqual([correct('F2', 'alta'), correct('R5', 'alta')]);
  await expect
    .poll(async () => states(await invoicesOf(request, admin, annulled)), { timeout: 120_000, intervals: [3000] })
    .toEqual([correct('F2', 'alta'), correct('F2', 'anulacion'), correct('F2', 'alta')]);
});
