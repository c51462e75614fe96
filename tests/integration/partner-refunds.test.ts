import { beforeAll, describe, expect, it } from 'vitest';

import { POST as cancelRoute } from '@/app/api/ops/bookings/[reference]/cancel/route';
import { cancelBooking } from '@/operations/booking-actions';
import { shopDb, str } from '@/booking/db';
import { sellAtBoxOffice } from '@/operations/box-office';
import { checkAdmission } from '@/operations/door';
import { invoicesOfBooking } from '@/invoicing/ledger';
import { admissionsOfBooking } from '@/partners/admissions-repository';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { combineTour, makePartner } from '../fixtures/partner-fixtures';
import { sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

const stamp = Date.now();
const names = { museum: `Museu ${stamp}`, restaurant: `Trattoria ${stamp}`, lenient: `Drassanes ${stamp}` };
const ids = { museum: 0, restaurant: 0, lenient: 0 };
let tour: { tourId: number; boatId: number };
let door = { id: 0, token: '' };

/** A paid box-office sale of `adults` departing within the hour (its admissions valid today). */
async function sell(adults: number) {
  const departureId = await addDeparture(payload, tour, { startsAt: new Date(Date.now() + 3600_000) });
  const sold = await sellAtBoxOffice(payload, {
    departureId,
    selection: { tripType: 'roundTrip', adult: adults, reduced: 0, child: 0, super3: 0, audioGuides: 0 },
    customer: { name: 'Marta', surnames: 'Soler', email: `marta.${stamp}@example.com`, phone: '', mobilePhone: '' },
    locale: 'en',
    method: 'cash',
    by: 'user:1',
  });
  if (!sold.ok) throw new Error(sold.error);
  return sold;
}

/** The first person's admission of each partner, used at that partner's door. */
async function useFirstAdmissions(bookingId: number) {
  const admissions = await admissionsOfBooking(shopDb(payload), bookingId);
  const firstTicket = admissions[0]!.ticketId;
  for (const admission of admissions.filter((a) => a.ticketId === firstTicket)) {
    const answer = await checkAdmission(payload, {
      code: admission.code,
      partnerId: admission.partnerId,
      staffId: door.id,
    });
    expect(answer.result).toBe('admitted');
  }
}

const lineView = (
  lines: { item: string; partner?: string; quantity: number; unitCents: number; totalCents: number; ratePct: number }[],
) => lines.map((l) => [l.item, l.partner ?? '', l.quantity, l.unitCents, l.totalCents, l.ratePct]);

beforeAll(async () => {
  ids.museum = await makePartner(payload, { adultCents: 1200 }, { name: names.museum });
  ids.restaurant = await makePartner(
    payload,
    { payment: 'share', sharePercent: 90, taxTreatment: 'resale', resaleVatRatePct: 10 },
    { name: names.restaurant },
  );
  ids.lenient = await makePartner(payload, { adultCents: 400, usedRefundable: true }, { name: names.lenient });
  tour = await makeTour(payload, {
    menuKey: 'time-out-market',
    roundTrip: { adult: 4000, reduced: 3500, child: 2500 },
  });
  await combineTour(payload, tour.tourId, [
    { partnerId: ids.museum, adult: 1500, reduced: 1200, child: 1000 },
    { partnerId: ids.restaurant, adult: 1000, reduced: 1000, child: 700 },
    { partnerId: ids.lenient, adult: 500, reduced: 500, child: 500 },
  ]);
  const email = `office-refunds-${stamp}@example.com`;
  const password = `long enough office refunds password ${stamp}`;
  await payload.create({ collection: 'users', data: { email, password, role: 'office', name: 'Oficina' } as never });
  const login = await payload.login({ collection: 'users', data: { email, password } });
  const created = await payload.create({
    collection: 'users',
    data: {
      email: `door-${stamp}@example.com`,
      password: `long enough door password ${stamp}`,
      role: 'partner',
      partner: ids.museum,
      name: 'Porta',
    } as never,
  });
  door = { id: Number(created.id), token: login.token! };
});

describe(`a used partner admission in a refund on ${testDatabaseKind} (decision 181)`, () => {
  it('a full cancellation refunds the price less the used parts, unless their agreement refunds them', async () => {
    const sold = await sell(2);
    await useFirstAdmissions(sold.bookingId);
    const cancelled = await cancelBooking(
      payload,
      { reference: sold.reference, refund: 'full', reason: 'the visitor fell ill', by: 'user:1' },
      { provider },
    );
    // 2 × 40 € less the used museum (15 €) and restaurant (10 €) parts; the used part of the
    // partner whose agreement refunds a used admission (5 €) goes back.
    expect(cancelled).toMatchObject({ ok: true, refund: { ok: true, event: { amountCents: 5500 } } });
    const admissions = await admissionsOfBooking(shopDb(payload), sold.bookingId);
    const state = (partnerId: number) =>
      admissions
        .filter((a) => a.partnerId === partnerId)
        .map((a) => (a.refundedAt ? 'refunded' : a.voidedAt ? 'voided' : a.usedAt ? 'kept' : 'valid'));
    expect(state(ids.museum)).toEqual(['kept', 'voided']);
    expect(state(ids.restaurant)).toEqual(['kept', 'voided']);
    expect(state(ids.lenient)).toEqual(['refunded', 'voided']);

    // The rectifying invoice gives back the boat's share and the unused resold meal, each at its
    // rate, and names the partner parts it gives back; the used meal stays on the invoices.
    const [sale, refund, ...more] = await invoicesOfBooking(shopDb(payload), sold.bookingId);
    expect(more).toEqual([]);
    expect(sale).toMatchObject({ type: 'F2', totalCents: 4000 });
    expect(refund).toMatchObject({ type: 'R5', totalCents: -3000 });
    expect(lineView(refund!.lines)).toEqual([
      ['adult', '', -2, 1000, -2000, 10],
      ['partnerPart', names.restaurant, -1, 1000, -1000, 10],
    ]);
    expect(refund!.thirdParty).toEqual([
      expect.objectContaining({ partner: names.museum, cents: -1500 }),
      expect.objectContaining({ partner: names.lenient, cents: -1000 }),
    ]);

    // The refund e-mail says which admissions the amount includes and which it keeps.
    const { rows } = await shopDb(payload).query('SELECT text FROM email_log WHERE ref = ? AND template = ?', [
      `bookings:${sold.bookingId}`,
      'booking-refunded',
    ]);
    expect(rows).toHaveLength(1);
    const text = str(rows[0]!.text).replace(/\s+/g, ' ');
    expect(text).toContain(
      `This amount includes the admissions of ${names.museum} (€15.00), ${names.restaurant} (€10.00), ${names.lenient} (€10.00).`,
    );
    expect(text).toContain(
      `Admissions already used are not refunded: ${names.museum} (€15.00), ${names.restaurant} (€10.00).`,
    );
  });

  it('the office may refund the used parts too: all the money back, the invoices and partner parts to zero', async () => {
    const sold = await sell(1);
    await useFirstAdmissions(sold.bookingId);
    const response = await cancelRoute(
      new Request(`http://localhost:3111/api/ops/bookings/${sold.reference}/cancel`, {
        method: 'POST',
        headers: { Authorization: `JWT ${door.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ refund: 'full', reason: 'the museum was closed', refundUsedParts: true }),
      }),
      { params: Promise.resolve({ reference: sold.reference }) },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, refund: { amountCents: 4000 } });
    const admissions = await admissionsOfBooking(shopDb(payload), sold.bookingId);
    expect(admissions.every((a) => a.refundedAt !== null && a.usedAt !== null)).toBe(true);
    const [sale, refund] = await invoicesOfBooking(shopDb(payload), sold.bookingId);
    expect(sale).toMatchObject({ totalCents: 2000 });
    expect(refund).toMatchObject({ type: 'R5', totalCents: -2000 });
    expect(lineView(refund!.lines)).toEqual([
      ['adult', '', -1, 1000, -1000, 10],
      ['partnerPart', names.restaurant, -1, 1000, -1000, 10],
    ]);
    expect(refund!.thirdParty?.map((entry) => entry.cents)).toEqual([-1500, -500]);
    const { rows } = await shopDb(payload).query('SELECT text FROM email_log WHERE ref = ? AND template = ?', [
      `bookings:${sold.bookingId}`,
      'booking-refunded',
    ]);
    expect(str(rows[0]!.text)).not.toContain('already used');
  });

  it('an amount typed by the office that reaches into a used part gives that part back', async () => {
    const sold = await sell(1);
    await useFirstAdmissions(sold.bookingId);
    // 40 € paid; the used museum (15 €) and restaurant (10 €) parts; a refund of 30 € leaves 10 €,
    // which covers the meal but not the museum as well.
    const cancelled = await cancelBooking(
      payload,
      { reference: sold.reference, refund: 3000, reason: 'agreed with the visitor', by: 'user:1' },
      { provider },
    );
    expect(cancelled).toMatchObject({ ok: true, refund: { ok: true, event: { amountCents: 3000 } } });
    const admissions = await admissionsOfBooking(shopDb(payload), sold.bookingId);
    const used = admissions.filter((a) => a.usedAt !== null);
    expect(used.map((a) => [a.partnerId, a.refundedAt !== null])).toEqual([
      [ids.museum, true],
      [ids.restaurant, false],
      [ids.lenient, true],
    ]);
  });
});
