import { beforeAll, describe, expect, it } from 'vitest';

import { cancelBooking } from '@/operations/booking-actions';
import { shopDb, str } from '@/booking/db';
import { createHold } from '@/booking/holds';
import { addDays } from '@/booking/time';
import { sellAtBoxOffice } from '@/operations/box-office';
import { requestFullInvoice } from '@/invoicing/full-invoice';
import { invoicesOfBooking } from '@/invoicing/ledger';
import { admissionsOfBooking } from '@/partners/admissions-repository';
import { addPartnerCodes, claimPartnerCode, partnersLowOnCodes } from '@/partners/codes-repository';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { combineTour, makePartner } from '../fixtures/partner-fixtures';
import { sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

const customer = { name: 'Pere', surnames: 'Mas', email: '', phone: '', mobilePhone: '' };

async function sell(departureId: number, adult: number, child = 0) {
  const sold = await sellAtBoxOffice(payload, {
    departureId,
    selection: { tripType: 'roundTrip', adult, reduced: 0, child, super3: 0, audioGuides: 0 },
    customer,
    locale: 'ca',
    method: 'cash',
    by: 'user:1',
  });
  if (!sold.ok) throw new Error(`sale refused: ${sold.error}`);
  return sold;
}

describe('partners of combined tours (issue 44)', () => {
  let aquarium: number;
  let restaurant: number;
  const aquariumName = `Aquàrium ${Date.now()}`;
  const restaurantName = `Trattoria ${Date.now()}`;
  let tour: { tourId: number; boatId: number };
  let departure: { id: number; localDate: string };

  beforeAll(async () => {
    aquarium = await makePartner(
      payload,
      { check: 'partnerCodes', lowCodesWarning: 5, validity: 'daysAfter', validityDays: 2 },
      {
        codes: ['AQ-0001', 'AQ-0002', 'AQ-0003', 'AQ-0004', 'AQ-0005', 'AQ-0006', 'AQ-0001'],
        name: aquariumName,
      },
    );
    restaurant = await makePartner(
      payload,
      {
        payment: 'share',
        sharePercent: 80,
        taxTreatment: 'resale',
        resaleVatRatePct: 10,
      },
      { name: restaurantName },
    );
    tour = await makeTour(payload, { menuKey: 'aquarium', roundTrip: { adult: 4000, reduced: 3500, child: 2500 } });
    await combineTour(payload, tour.tourId, [
      { partnerId: aquarium, adult: 1800, reduced: 1500, child: 1200 },
      { partnerId: restaurant, adult: 1000, reduced: 1000, child: 700 },
    ]);
    const id = await addDeparture(payload, tour);
    const { rows } = await shopDb(payload).query('SELECT local_date FROM departures WHERE id = ?', [id]);
    departure = { id, localDate: str(rows[0]!.local_date) };
  });

  it('stores a partner with its agreement; a batch of codes is added once each', async () => {
    const partner = await payload.findByID({ collection: 'partners', id: aquarium, locale: 'ca' });
    expect(partner.agreement).toMatchObject({ check: 'partnerCodes', validity: 'daysAfter', validityDays: 2 });
    expect(partner.openingHours).toBe('Cada dia de 10 a 19 h');
    const { totalDocs } = await payload.count({
      collection: 'partner-codes',
      where: { partner: { equals: aquarium } },
    });
    expect(totalDocs).toBe(6);
    await expect(
      payload.create({
        collection: 'partners',
        data: { name: 'Bad', legalName: 'Bad SL', taxId: 'B12345675', address: 'x', contactEmail: 'a@b.es' } as never,
      }),
    ).rejects.toThrow();
  });

  it('refuses partner parts that add up to more than a price', async () => {
    await expect(
      combineTour(payload, tour.tourId, [
        { partnerId: aquarium, adult: 3000, reduced: 1500, child: 1200 },
        { partnerId: restaurant, adult: 1001, reduced: 1000, child: 700 },
      ]),
    ).rejects.toThrow();
  });

  it('issues one admission per ticket and part in the paying transaction, with the next supplied code', async () => {
    const sold = await sell(departure.id, 2, 1);
    const admissions = await admissionsOfBooking(shopDb(payload), sold.bookingId);
    expect(admissions).toHaveLength(6);
    const fromAquarium = admissions.filter((a) => a.partnerId === aquarium);
    expect(fromAquarium.map((a) => a.code)).toEqual(['AQ-0001', 'AQ-0002', 'AQ-0003']);
    expect(fromAquarium.every((a) => a.supplied && a.taxTreatment === 'agency' && a.vatRatePct === null)).toBe(true);
    expect(fromAquarium[0]).toMatchObject({
      category: 'adult',
      shareCents: 1800,
      owedCents: 1000,
      validFrom: departure.localDate,
      validUntil: addDays(departure.localDate, 2),
    });
    expect(fromAquarium[2]).toMatchObject({ category: 'child', shareCents: 1200, owedCents: 500 });
    const fromRestaurant = admissions.filter((a) => a.partnerId === restaurant);
    expect(fromRestaurant.map((a) => [a.category, a.shareCents, a.owedCents, a.taxTreatment, a.vatRatePct])).toEqual([
      ['adult', 1000, 800, 'resale', 10],
      ['adult', 1000, 800, 'resale', 10],
      ['child', 700, 560, 'resale', 10],
    ]);
    expect(fromRestaurant.every((a) => !a.supplied && /^[A-Z2-9]{20}$/.test(a.code))).toBe(true);
    expect(
      fromRestaurant.every((a) => a.validFrom === departure.localDate && a.validUntil === departure.localDate),
    ).toBe(true);
    // The invoice: the boat's share at 10 %, the restaurant's resold meal at its own 10 %; the
    // Aquarium's admissions, sold on its behalf, outside the total and shown apart (decision 175).
    const [invoice, ...more] = await invoicesOfBooking(shopDb(payload), sold.bookingId);
    expect(more).toEqual([]);
    expect(invoice!.type).toBe('F2');
    expect(
      invoice!.lines.map((l) => [l.item, l.partner ?? '', l.quantity, l.unitCents, l.totalCents, l.ratePct]),
    ).toEqual([
      ['adult', '', 2, 1200, 2400, 10],
      ['partnerPart', restaurantName, 2, 1000, 2000, 10],
      ['child', '', 1, 600, 600, 10],
      ['partnerPart', restaurantName, 1, 700, 700, 10],
    ]);
    expect(invoice!.totalCents).toBe(5700);
    expect(invoice!.vat).toEqual([{ ratePct: 10, grossCents: 5700, baseCents: 5182, vatCents: 518 }]);
    expect(invoice!.thirdParty).toEqual([
      { partner: aquariumName, legalName: expect.any(String), taxId: 'B12345674', cents: 4800 },
    ]);
    // Three codes left, fewer than the warning level of five: the office is told.
    const low = await partnersLowOnCodes(shopDb(payload));
    expect(low.find((p) => p.partnerId === aquarium)).toMatchObject({ unused: 3, warning: 5 });
  });

  it('refuses, before payment, a hold for more seats than codes are left (as a full boat)', async () => {
    const refused = await createHold(payload, {
      departureId: departure.id,
      selection: { tripType: 'roundTrip', adult: 4, reduced: 0, child: 0, super3: 0, audioGuides: 0 },
      customer: { ...customer, email: 'pere@example.com', mobilePhone: '+34600000000' },
      locale: 'ca',
      channel: 'office',
    });
    expect(refused).toMatchObject({ ok: false, error: 'capacityExhausted', seatsLeft: 3 });
  });

  it('voids the admissions of a cancelled booking', async () => {
    const sold = await sell(departure.id, 1);
    await cancelBooking(
      payload,
      { reference: sold.reference, refund: 'full', reason: 'changed their mind', by: 'user:1' },
      { provider },
    );
    const admissions = await admissionsOfBooking(shopDb(payload), sold.bookingId);
    expect(admissions).toHaveLength(2);
    expect(admissions.every((a) => a.voidedAt !== null)).toBe(true);
    // The rectifying invoice gives back our part and says which partner's part was given back.
    const [sale, refund] = await invoicesOfBooking(shopDb(payload), sold.bookingId);
    expect(sale).toMatchObject({ type: 'F2', totalCents: 2200 });
    expect(sale!.thirdParty).toMatchObject([{ partner: aquariumName, cents: 1800 }]);
    expect(refund).toMatchObject({ type: 'R5', totalCents: -2200 });
    expect(refund!.thirdParty).toMatchObject([{ partner: aquariumName, cents: -1800 }]);
  });

  it('a full invoice asked for later (F3) still shows what was collected for the partners', async () => {
    // It replaces the simplified invoice, which showed the Aquarium's admissions apart: without
    // them the booking's standing invoices would say nothing was collected on the partner's behalf.
    const sold = await sell(departure.id, 1);
    const asked = await requestFullInvoice(payload, sold.reference, {
      name: 'Escola del Mar SL',
      taxId: 'B12345674',
      address: 'Carrer Major 3, Girona',
    });
    expect(asked).toMatchObject({ ok: true, invoice: { type: 'F3', totalCents: 2200 } });
    const [simplified, full] = await invoicesOfBooking(shopDb(payload), sold.bookingId);
    expect(simplified!.thirdParty).toMatchObject([{ partner: aquariumName, cents: 1800 }]);
    expect(full).toMatchObject({ type: 'F3', totalCents: 2200 });
    expect(full!.thirdParty).toMatchObject([{ partner: aquariumName, cents: 1800 }]);
  });

  it('never sells one supplied code twice, 50 sales at once', async () => {
    const codes = Array.from({ length: 60 }, (_, i) => `RACE-${String(i).padStart(3, '0')}`);
    const partner = await makePartner(payload, { check: 'partnerCodes' });
    await addPartnerCodes(shopDb(payload), partner, codes, new Date());
    const raceTour = await makeTour(payload, { menuKey: 'museum', boatCapacity: 150 });
    await combineTour(payload, raceTour.tourId, [{ partnerId: partner, adult: 500, reduced: 500, child: 500 }]);
    // On 50 departures: sales of one departure wait for each other on its row (the seats), so
    // only sales of different departures race for the partner's codes.
    const departures: number[] = [];
    for (let i = 0; i < 50; i++) departures.push(await addDeparture(payload, raceTour));
    const sales = await Promise.all(departures.map((id) => sell(id, 1)));
    expect(sales).toHaveLength(50);
    const { rows } = await shopDb(payload).query(
      `SELECT a.code FROM admissions a WHERE a.partner_id = ? AND a.supplied = ?`,
      [partner, true],
    );
    const sold = rows.map((row) => str(row.code));
    expect(sold).toHaveLength(50);
    expect(new Set(sold).size).toBe(50);
    const { rows: claimed } = await shopDb(payload).query(
      'SELECT code FROM partner_codes WHERE partner_id = ? AND claimed_at IS NOT NULL',
      [partner],
    );
    expect(claimed.map((row) => str(row.code)).sort()).toEqual([...sold].sort());
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'claims codes in 50 concurrent transactions, each a different one',
    async () => {
      const partner = await makePartner(payload, { check: 'partnerCodes' });
      const codes = Array.from({ length: 40 }, (_, i) => `TX-${i}`);
      await addPartnerCodes(shopDb(payload), partner, codes, new Date());
      const db = shopDb(payload);
      const claimed = await Promise.all(
        Array.from({ length: 50 }, () => db.transaction((tx) => claimPartnerCode(tx, partner, new Date()))),
      );
      const got = claimed.filter((code): code is string => code !== null);
      expect(got).toHaveLength(40);
      expect(new Set(got).size).toBe(40);
      expect(claimed.filter((code) => code === null)).toHaveLength(10);
    },
  );
});
