import { beforeAll, describe, expect, it } from 'vitest';

import { cancelBooking, moveBooking } from '@/operations/booking-actions';
import { startPayment } from '@/booking/checkout';
import { num, shopDb, str } from '@/booking/db';
import { createHold } from '@/booking/holds';
import { parseRecipient, requestFullInvoice } from '@/invoicing/full-invoice';
import { annulInvoice, invoicesOfBooking, saveRecipient } from '@/invoicing/ledger';
import { sendPendingRecords } from '@/invoicing/sender';
import { verifyInvoiceChain } from '@/invoicing/verify';
import { readSandboxRequest } from '@/payments/sandbox';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { payAtSandbox, sandboxProvider, siteUrl } from '../fixtures/sandbox-payments';
import { addDeparture, customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * Generated data through the real code paths, then through the local AEAT and its business rules
 * (aeat-rules.ts): many web sales (tickets at 10 %, audio guides at 21 %), buyers who give a tax id
 * at checkout (F1) or later (F3), cancellations refunding all or part, moves to dearer and cheaper
 * departures, and invoices annulled and re-issued. None of our own records may be refused or
 * accepted with errors: every one must come back Correcto.
 *
 * The sequence comes from a fixed seed, so a failure is the same failure on every run. The records
 * are generated on the real clock and sent as the sender would, a batch every few operations: the
 * local AEAT judges FechaHoraHusoGenRegistro against its own (real) clock, ±240 s.
 */

const SEED = 41;
const BOOKINGS = 36;
const ACTIONS = 60;

const payload = useTestPayload();
let cheap: { tourId: number; boatId: number };
let dear: { tourId: number; boatId: number };

beforeAll(async () => {
  cheap = await makeTour(payload, { menuKey: 'aquarium' });
  dear = await makeTour(payload, { menuKey: 'museum', roundTrip: { adult: 2600, reduced: 2100, child: 1300 } });
});
checkInvariantsAfterEach(() => payload);

/** mulberry32: a small PRNG whose sequence depends on the seed alone. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** Buyers' tax details: Spanish NIF, CIF and NIE, and EU VAT numbers (IDOtro, IDType 02). */
const BUYERS = [
  { name: 'Ana Puig', taxId: '12345678Z', address: 'Carrer Major 3, Girona' },
  { name: 'Escola del Mar SL', taxId: 'B12345674', address: 'Carrer del Port 1, 08039 Barcelona' },
  { name: 'Jan de Vries BV', taxId: 'NL004495445B01', address: 'Damrak 1, Amsterdam' },
  { name: 'Voyages Martin', taxId: 'FR40303265045', address: '1 rue de la Paix, Paris' },
];

type Booking = { bookingId: number; reference: string; departureId: number; tour: 'cheap' | 'dear' };

async function paidBooking(
  rng: ReturnType<typeof random>,
  departureId: number,
  tour: Booking['tour'],
): Promise<Booking> {
  // At least one adult (or reduced) ticket: children travel with one.
  const adult = rng.int(0, 3);
  const reduced = rng.int(adult === 0 ? 1 : 0, 2);
  const child = rng.int(0, 2);
  const seats = adult + reduced + child;
  const held = await createHold(payload, {
    departureId,
    selection: selection({ adult, reduced, child, audioGuides: rng.next() < 0.5 ? rng.int(1, seats) : 0 }),
    customer,
    locale: rng.pick(['ca', 'es', 'en', 'fr'] as const),
  });
  if (!held.ok) throw new Error(`hold failed: ${held.error}`);
  // A quarter of the buyers ask for an invoice at checkout: the sale is invoiced in full (F1).
  if (rng.next() < 0.25) {
    const parsed = parseRecipient(rng.pick(BUYERS));
    if (!parsed.ok) throw new Error('a fixture buyer is invalid');
    await shopDb(payload).transaction((tx) => saveRecipient(tx, held.bookingId, parsed.details));
  }
  const started = await startPayment(payload, held.reference, { provider: sandboxProvider, siteUrl });
  if (!started.ok) throw new Error(`payment start failed: ${started.error}`);
  const opened = readSandboxRequest(started.form.fields as unknown as Record<string, string>, { siteUrl });
  if (!opened.ok) throw new Error(`sandbox refused the request: ${opened.reason}`);
  const outcome = await payAtSandbox(payload, opened.request);
  if (outcome.status !== 'confirmed') throw new Error(`payment not confirmed: ${outcome.status}`);
  return { bookingId: held.bookingId, reference: held.reference, departureId, tour };
}

async function heldCents(bookingId: number): Promise<number> {
  const { rows } = await shopDb(payload).query('SELECT paid_cents, refunded_cents FROM bookings WHERE id = ?', [
    bookingId,
  ]);
  return num(rows[0]!.paid_cents) - num(rows[0]!.refunded_cents);
}

describe(`generated sales, refunds, moves, annulments and full invoices on ${testDatabaseKind}`, () => {
  it('every record our code builds is answered Correcto by the local AEAT', async () => {
    const rng = random(SEED);
    const departures = {
      cheap: await Promise.all([1, 2, 3].map(() => addDeparture(payload, cheap, { capacity: 120 }))),
      dear: await Promise.all([1, 2].map(() => addDeparture(payload, dear, { capacity: 120 }))),
    };
    const done = new Map<string, number>();
    const count = (what: string) => done.set(what, (done.get(what) ?? 0) + 1);
    let clock = Date.now();
    const outcomes: { accepted: number; withErrors: number; rejected: number }[] = [];
    // As the sender does every minute; the clock it is given only moves its own waits.
    const send = async () => {
      for (;;) {
        clock = Math.max(clock, Date.now()) + 61_000;
        const outcome = await sendPendingRecords(payload, new Date(clock));
        if ('skipped' in outcome) return;
        if ('failed' in outcome) throw new Error(`the local AEAT refused a batch: ${outcome.failed}`);
        outcomes.push(outcome);
      }
    };

    const bookings: Booking[] = [];
    for (let i = 0; i < BOOKINGS; i++) {
      const tour = rng.next() < 0.7 ? 'cheap' : 'dear';
      bookings.push(await paidBooking(rng, rng.pick(departures[tour]), tour));
      count('sale');
      if (i % 12 === 11) await send();
    }

    for (let i = 0; i < ACTIONS; i++) {
      const booking = rng.pick(bookings);
      const action = rng.pick(['refund', 'refund', 'cancel', 'move', 'move', 'full', 'full', 'annul'] as const);
      if (action === 'refund') {
        // A cancellation that keeps a fee: part of the money goes back.
        const held = await heldCents(booking.bookingId);
        if (held <= 100) continue;
        const cancelled = await cancelBooking(
          payload,
          { reference: booking.reference, refund: rng.int(1, held - 1), reason: 'cancelled with a fee', by: 'user:1' },
          { provider: sandboxProvider },
        );
        if (cancelled.ok && !cancelled.alreadyCancelled) count('cancellation keeping a fee');
      } else if (action === 'cancel') {
        const cancelled = await cancelBooking(
          payload,
          { reference: booking.reference, refund: 'full', reason: 'customer request', by: 'user:1' },
          { provider: sandboxProvider },
        );
        if (cancelled.ok && !cancelled.alreadyCancelled) count('cancellation');
      } else if (action === 'move') {
        // To the other tour: dearer (the difference collected at the desk) or cheaper (refunded).
        const tour = booking.tour === 'cheap' ? 'dear' : 'cheap';
        const target = rng.pick(departures[tour]);
        const moved = await moveBooking(
          payload,
          { reference: booking.reference, departureId: target, by: 'user:1', collect: 'cash' },
          { provider: sandboxProvider },
        );
        if (moved.ok) {
          Object.assign(booking, { departureId: target, tour });
          count(tour === 'dear' ? 'move to a dearer trip' : 'move to a cheaper trip');
        }
      } else if (action === 'full') {
        const asked = await requestFullInvoice(payload, booking.reference, rng.pick(BUYERS));
        if (asked.ok && !asked.alreadyIssued) count('full invoice requested later');
      } else {
        const db = shopDb(payload);
        const standing = (await invoicesOfBooking(db, booking.bookingId)).filter((invoice) => !invoice.annulled);
        if (standing.length === 0) continue;
        const annulled = await db.transaction((tx) => annulInvoice(tx, rng.pick(standing).id));
        if (annulled.ok) count('annulment');
      }
      if (i % 15 === 14) await send();
    }
    await send();

    // What was generated: every kind of record, both VAT rates.
    const db = shopDb(payload);
    const { rows } = await db.query(
      `SELECT r.kind, i.type, i.breakdown, s.status, s.error_code, s.error_text, i.series_number
         FROM invoice_records r JOIN invoices i ON i.id = r.invoice_id
         JOIN invoice_record_status s ON s.record_id = r.id ORDER BY r.position`,
    );
    const kinds = new Map<string, number>();
    for (const row of rows) {
      const key = str(row.kind) === 'anulacion' ? 'anulación' : str(row.type);
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
    }
    const rates = new Set(
      rows.flatMap((row) => (JSON.parse(str(row.breakdown)) as { ratePct: number }[]).map((group) => group.ratePct)),
    );
    console.info(
      `${testDatabaseKind}: ${rows.length} records ${JSON.stringify(Object.fromEntries(kinds))}, ` +
        `actions ${JSON.stringify(Object.fromEntries(done))}, ${outcomes.length} batches`,
    );
    for (const kind of ['F1', 'F2', 'F3', 'R1', 'R5', 'anulación']) expect(kinds.get(kind) ?? 0).toBeGreaterThan(0);
    expect([...rates].sort((a, b) => a - b)).toEqual([10, 21]);

    // The verdict: every record sent, every one Correcto.
    const refused = rows
      .filter((row) => str(row.status) !== 'Correcto')
      .map(
        (row) =>
          `${str(row.series_number)} ${str(row.kind)} ${str(row.type)}: ${str(row.status)} ${row.error_code ?? ''} ${row.error_text ?? ''}`,
      );
    expect(refused).toEqual([]);
    expect(outcomes.reduce((sum, o) => sum + o.accepted, 0)).toBe(rows.length);
    expect(await verifyInvoiceChain(db)).toMatchObject({ ok: true });
  }, 180_000);
});
