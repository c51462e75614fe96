import { beforeAll, describe, expect, it } from 'vitest';

import { PATCH as patchRoute } from '@/app/octo/v1/bookings/[uuid]/route';
import { POST as confirmRoute } from '@/app/octo/v1/bookings/[uuid]/confirm/route';
import { POST as reserveRoute } from '@/app/octo/v1/bookings/route';

import { shopDb } from '@/booking/db';
import { addDays, madridToUtc, utcToMadrid } from '@/i18n/time';
import { moveBooking } from '@/operations/booking-actions';
import { sellAtBoxOffice } from '@/operations/box-office';
import { checkAdmission } from '@/operations/door';
import { changeOwnBooking } from '@/operations/self-change';
import { admissionsOfBooking, type Admission } from '@/partners/admissions-repository';
import { unusedCodesOf } from '@/partners/codes-repository';
import { newApiKey } from '@/resellers/octo/keys';
import { loadBookingPageAdmissions, loadPaidBooking, ticketEmailInput } from '@/tickets/delivery';
import { renderTicketEmail } from '@/tickets/ticket-email';

import { checkInvariantsAfterEach, invariantViolations } from '../fixtures/invariants';
import { combineTour, makePartner } from '../fixtures/partner-fixtures';
import { paidBooking, sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * Changes follow the admission (issue 44, decision 185): a move keeps each admission (its code,
 * own or supplied, and its use) and re-dates an unused one by its partner's validity rule.
 */

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);
/** Noon in Madrid, `days` from today: a trip day whatever the hour the test runs. */
const noonIn = (days: number) => madridToUtc(addDays(utcToMadrid(new Date()).date, days), '12:00');

let aquarium: number;
let museum: number;
let coded: number;
let doorStaff: number;
let tour: { tourId: number; boatId: number };
let codedTour: { tourId: number; boatId: number };

beforeAll(async () => {
  // The aquarium's admission is good on the trip's day; the museum's for a week from it.
  aquarium = await makePartner(payload, { validity: 'tripDay' });
  museum = await makePartner(payload, { validity: 'daysAfter', validityDays: 7 });
  coded = await makePartner(
    payload,
    { check: 'partnerCodes', validity: 'daysAfter', validityDays: 2 },
    { codes: Array.from({ length: 6 }, (_, i) => `MOVE-${Date.now()}-${i}`) },
  );
  tour = await makeTour(payload, { menuKey: 'aquarium', roundTrip: { adult: 4000, reduced: 3500, child: 2500 } });
  await combineTour(payload, tour.tourId, [
    { partnerId: aquarium, adult: 1800, reduced: 1500, child: 1200 },
    { partnerId: museum, adult: 600, reduced: 600, child: 400 },
  ]);
  codedTour = await makeTour(payload, { menuKey: 'museum', roundTrip: { adult: 3000, reduced: 2500, child: 2000 } });
  await combineTour(payload, codedTour.tourId, [{ partnerId: coded, adult: 1000, reduced: 800, child: 600 }]);
  const staff = await payload.create({
    collection: 'users',
    data: {
      email: `moved-door-${Date.now()}@example.com`,
      password: 'long enough moved door password 2026',
      role: 'partner',
      name: 'Porta Moguda',
      partner: aquarium,
    } as never,
  });
  doorStaff = Number(staff.id);
});

async function boxOfficeSale(departureId: number, adults: number) {
  const sold = await sellAtBoxOffice(payload, {
    departureId,
    selection: { tripType: 'roundTrip', adult: adults, reduced: 0, child: 0, super3: 0, audioGuides: 0 },
    customer: { name: 'Anna', surnames: 'Puig', email: '', phone: '', mobilePhone: '' },
    locale: 'ca',
    method: 'cash',
    by: 'user:1',
  });
  if (!sold.ok) throw new Error(sold.error);
  return sold;
}

/** The booking's admissions not voided, with whether their ticket is valid. */
async function liveAdmissions(bookingId: number): Promise<(Admission & { ticketValid: boolean })[]> {
  const db = shopDb(payload);
  const { rows } = await db.query('SELECT id FROM tickets WHERE booking_id = ? AND voided_at IS NULL', [bookingId]);
  const valid = new Set(rows.map((row) => Number(row.id)));
  return (await admissionsOfBooking(db, bookingId))
    .filter((admission) => admission.voidedAt === null)
    .map((admission) => ({ ...admission, ticketValid: valid.has(admission.ticketId) }));
}

describe(`a move keeps a combined booking's admissions, on ${testDatabaseKind} (issue 44)`, () => {
  it('the office moves it: a used admission stays used, an unused one keeps its code re-dated; the door and the tickets agree', async () => {
    const fromAt = noonIn(1);
    const toAt = noonIn(4);
    const fromDay = utcToMadrid(fromAt).date;
    const toDay = utcToMadrid(toAt).date;
    const from = await addDeparture(payload, tour, { startsAt: fromAt });
    const to = await addDeparture(payload, tour, { startsAt: toAt });
    const sold = await boxOfficeSale(from, 2);
    const before = await admissionsOfBooking(shopDb(payload), sold.bookingId);
    expect(before).toHaveLength(4);
    const [usedCode, unusedCode] = before.filter((a) => a.partnerId === aquarium).map((a) => a.code) as [
      string,
      string,
    ];
    // The visitor goes into the aquarium on the trip's day, then the office moves the booking.
    const admitted = await checkAdmission(payload, {
      code: usedCode,
      partnerId: aquarium,
      staffId: doorStaff,
      now: fromAt,
    });
    expect(admitted.result).toBe('admitted');
    const moved = await moveBooking(
      payload,
      { reference: sold.reference, departureId: to, by: 'user:1' },
      { provider },
    );
    expect(moved).toMatchObject({ ok: true, differenceCents: 0 });

    const after = await liveAdmissions(sold.bookingId);
    // The same four admissions, each on a valid (new) ticket: none re-issued, none voided.
    expect(after.map((a) => a.id).sort((x, y) => x - y)).toEqual(before.map((a) => a.id).sort((x, y) => x - y));
    expect(after.map((a) => a.code).sort()).toEqual(before.map((a) => a.code).sort());
    expect(after.every((a) => a.ticketValid)).toBe(true);
    expect(new Set(after.map((a) => `${a.ticketId}:${a.partnerId}`)).size).toBe(4);
    const used = after.find((a) => a.code === usedCode)!;
    expect(used.usedAt).toEqual(admitted.result === 'admitted' ? new Date(admitted.at) : null);
    expect(used.usedById).toBe(doorStaff);
    expect(used).toMatchObject({ validFrom: fromDay, validUntil: fromDay });
    expect(after.find((a) => a.code === unusedCode)).toMatchObject({
      usedAt: null,
      validFrom: toDay,
      validUntil: toDay,
    });
    for (const museumAdmission of after.filter((a) => a.partnerId === museum)) {
      expect(museumAdmission).toMatchObject({ usedAt: null, validFrom: toDay, validUntil: addDays(toDay, 7) });
    }

    // The door: the used one is used, the other one is not for the old day but is for the new.
    expect(
      await checkAdmission(payload, { code: usedCode, partnerId: aquarium, staffId: doorStaff, now: toAt }),
    ).toMatchObject({ result: 'already-used', by: 'Porta Moguda' });
    expect(
      await checkAdmission(payload, { code: unusedCode, partnerId: aquarium, staffId: doorStaff, now: fromAt }),
    ).toMatchObject({ result: 'not-valid-today', validFrom: toDay, validUntil: toDay });
    expect(
      await checkAdmission(payload, { code: unusedCode, partnerId: aquarium, staffId: doorStaff, now: toAt }),
    ).toMatchObject({ result: 'admitted' });

    // What the visitor is given shows the codes they already hold: the booking page, the e-mail (and its PDF's data).
    const page = await loadBookingPageAdmissions(payload, sold.reference, 'ca');
    expect(Object.fromEntries(page.map((a) => [a.code, a.status]))).toEqual(
      Object.fromEntries(before.map((a) => [a.code, a.code === usedCode || a.code === unusedCode ? 'used' : 'valid'])),
    );
    expect(page.find((a) => a.code !== usedCode && a.partnerId === museum)).toMatchObject({
      validFrom: toDay,
      validUntil: addDays(toDay, 7),
    });
    const booking = await loadPaidBooking(payload, { id: sold.bookingId });
    expect((booking!.admissions ?? []).map((a) => a.code).sort()).toEqual(before.map((a) => a.code).sort());
    const email = await renderTicketEmail(ticketEmailInput(booking!));
    for (const admission of before) expect(email.text).toContain(`codi ${admission.code}`);
  });

  it('a supplied code moves with the booking: no new code is claimed from the batch', async () => {
    const from = await addDeparture(payload, codedTour, { startsAt: noonIn(2) });
    const to = await addDeparture(payload, codedTour, { startsAt: noonIn(6) });
    const toDay = utcToMadrid(noonIn(6)).date;
    const sold = await boxOfficeSale(from, 1);
    const [before] = await admissionsOfBooking(shopDb(payload), sold.bookingId);
    expect(before).toMatchObject({ supplied: true });
    const unusedBefore = (await unusedCodesOf(shopDb(payload), [coded])).get(coded);

    const moved = await moveBooking(
      payload,
      { reference: sold.reference, departureId: to, by: 'user:1' },
      { provider },
    );
    expect(moved).toMatchObject({ ok: true });
    expect((await unusedCodesOf(shopDb(payload), [coded])).get(coded)).toBe(unusedBefore);
    const after = await liveAdmissions(sold.bookingId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before!.id,
      code: before!.code,
      supplied: true,
      ticketValid: true,
      validFrom: toDay,
      validUntil: addDays(toDay, 2),
    });
    expect((await admissionsOfBooking(shopDb(payload), sold.bookingId)).filter((a) => a.voidedAt)).toEqual([]);
    const page = await loadBookingPageAdmissions(payload, sold.reference, 'ca');
    expect(page.map((a) => [a.code, a.status])).toEqual([[before!.code, 'valid']]);
  });

  it("the visitor's own date change keeps their codes, re-dated", async () => {
    const from = await addDeparture(payload, tour, { capacity: 10, startsAt: inHours(72) });
    const to = await addDeparture(payload, tour, { capacity: 10, startsAt: inHours(120) });
    const toDay = utcToMadrid(inHours(120)).date;
    const paid = await paidBooking(payload, from, { adults: 1 });
    const before = await admissionsOfBooking(shopDb(payload), paid.bookingId);
    expect(before).toHaveLength(2);

    expect(await changeOwnBooking(payload, { reference: paid.reference, departureId: to }, { provider })).toMatchObject(
      { ok: true, moved: true },
    );
    const after = await liveAdmissions(paid.bookingId);
    expect(after.map((a) => [a.id, a.code, a.ticketValid])).toEqual(before.map((a) => [a.id, a.code, true]));
    expect(after.find((a) => a.partnerId === aquarium)).toMatchObject({ validFrom: toDay, validUntil: toDay });
    expect(after.find((a) => a.partnerId === museum)).toMatchObject({
      validFrom: toDay,
      validUntil: addDays(toDay, 7),
    });
  });

  it("a reseller's change to fewer adults and more children: the used admission goes on, the surplus is voided, the new child gets new ones", async () => {
    const made = newApiKey();
    await payload.create({
      collection: 'resellers',
      overrideAccess: true,
      data: {
        name: `Viatges ${Date.now()}`,
        keyPrefix: made.prefix,
        keyHash: made.hash,
        commissionPercent: 20,
      } as never,
    });
    const octo = (method: string, path: string, body: unknown) =>
      new Request(`http://localhost:3111/octo/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${made.key}`, 'Accept-Language': 'en', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const fromAt = noonIn(5);
    const toAt = noonIn(8);
    const [fromDay, toDay] = [utcToMadrid(fromAt).date, utcToMadrid(toAt).date];
    const from = await addDeparture(payload, tour, { startsAt: fromAt });
    const to = await addDeparture(payload, tour, { startsAt: toAt });
    const held = (await (
      await reserveRoute(
        octo('POST', '/bookings', {
          productId: String(tour.tourId),
          optionId: 'DEFAULT',
          availabilityId: String(from),
          unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }],
        }),
      )
    ).json()) as { uuid: string };
    const confirmed = await confirmRoute(
      octo('POST', `/bookings/${held.uuid}/confirm`, {
        contact: { fullName: 'Joan Puig', emailAddress: 'j@example.com' },
      }),
      { params: Promise.resolve({ uuid: held.uuid }) },
    );
    expect(confirmed.status).toBe(200);
    const { supplierReference } = (await confirmed.json()) as { supplierReference: string };
    const { rows } = await shopDb(payload).query('SELECT id FROM bookings WHERE reference = ?', [supplierReference]);
    const bookingId = Number(rows[0]!.id);
    const before = await admissionsOfBooking(shopDb(payload), bookingId);
    expect(before).toHaveLength(6);
    const adultsAt = (partnerId: number) => before.filter((a) => a.partnerId === partnerId && a.category === 'adult');
    // The second adult's aquarium admission is used: it is the one that goes on (used ones first).
    const usedOne = adultsAt(aquarium)[1]!;
    expect(
      await checkAdmission(payload, { code: usedOne.code, partnerId: aquarium, staffId: doorStaff, now: fromAt }),
    ).toMatchObject({ result: 'admitted' });

    const patched = await patchRoute(
      octo('PATCH', `/bookings/${held.uuid}`, {
        availabilityId: String(to),
        unitItems: [{ unitId: 'adult' }, { unitId: 'child' }, { unitId: 'child' }],
      }),
      { params: Promise.resolve({ uuid: held.uuid }) },
    );
    expect(patched.status).toBe(200);
    const all = await admissionsOfBooking(shopDb(payload), bookingId);
    const live = await liveAdmissions(bookingId);
    expect(live).toHaveLength(6);
    expect(live.every((a) => a.ticketValid)).toBe(true);
    const kept = (partnerId: number, category: string) =>
      live.filter((a) => a.partnerId === partnerId && a.category === category).map((a) => a.id);
    // Aquarium: the used adult one kept as it was, the other adult one voided; the child's kept
    // and re-dated; the new child's issued.
    expect(kept(aquarium, 'adult')).toEqual([usedOne.id]);
    expect(live.find((a) => a.id === usedOne.id)).toMatchObject({ validFrom: fromDay, validUntil: fromDay });
    expect(all.find((a) => a.id === adultsAt(aquarium)[0]!.id)!.voidedAt).not.toBeNull();
    // Museum: the first adult one kept, the second voided.
    expect(kept(museum, 'adult')).toEqual([adultsAt(museum)[0]!.id]);
    expect(all.find((a) => a.id === adultsAt(museum)[1]!.id)!.voidedAt).not.toBeNull();
    for (const partnerId of [aquarium, museum]) {
      const children = kept(partnerId, 'child');
      expect(children).toHaveLength(2);
      const oldChild = before.find((a) => a.partnerId === partnerId && a.category === 'child')!;
      expect(children).toContain(oldChild.id);
      expect(live.find((a) => a.id === oldChild.id)).toMatchObject({ code: oldChild.code, validFrom: toDay });
    }
    expect(all.filter((a) => a.voidedAt !== null)).toHaveLength(2);
  });

  it('an unused admission whose days were already over is voided and issued again, not re-dated', async () => {
    // A disrupted visitor choosing a new day after the cancelled trip's: its settlement month may be sent.
    const from = await addDeparture(payload, tour, { startsAt: noonIn(2) });
    const to = await addDeparture(payload, tour, { startsAt: noonIn(5) });
    const sold = await boxOfficeSale(from, 1);
    const db = shopDb(payload);
    const [lapsed] = (await admissionsOfBooking(db, sold.bookingId)).filter((a) => a.partnerId === aquarium);
    const yesterday = addDays(utcToMadrid(new Date()).date, -1);
    await db.query('UPDATE admissions SET valid_from = ?, valid_until = ? WHERE id = ?', [
      yesterday,
      yesterday,
      lapsed!.id,
    ]);
    const moved = await moveBooking(
      payload,
      { reference: sold.reference, departureId: to, by: 'user:1' },
      { provider },
    );
    expect(moved).toMatchObject({ ok: true });
    const all = await admissionsOfBooking(db, sold.bookingId);
    expect(all.find((a) => a.id === lapsed!.id)).toMatchObject({ validUntil: yesterday, usedAt: null });
    expect(all.find((a) => a.id === lapsed!.id)!.voidedAt).not.toBeNull();
    const live = (await liveAdmissions(sold.bookingId)).filter((a) => a.partnerId === aquarium);
    expect(live).toHaveLength(1);
    expect(live[0]!.code).not.toBe(lapsed!.code);
    expect(live[0]).toMatchObject({ ticketValid: true, validFrom: utcToMadrid(noonIn(5)).date });
  });

  it('the invariant check sees a valid ticket without its admission', async () => {
    // (A code on two admissions cannot even be written: admissions are unique per partner and code.)
    const departureId = await addDeparture(payload, tour, { startsAt: noonIn(3) });
    const sold = await boxOfficeSale(departureId, 1);
    const db = shopDb(payload);
    const [first] = (await admissionsOfBooking(db, sold.bookingId)).filter((a) => a.partnerId === aquarium);
    await db.query('UPDATE admissions SET voided_at = ? WHERE id = ?', [new Date().toISOString(), first!.id]);
    try {
      expect(await invariantViolations(payload)).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`has 0 admissions of partner ${aquarium}$`))]),
      );
    } finally {
      await db.query('UPDATE admissions SET voided_at = NULL WHERE id = ?', [first!.id]);
    }
  });
});
