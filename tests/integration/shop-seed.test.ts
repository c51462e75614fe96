import { describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { generateAllDepartures } from '@/schedule/departures';
import { seed } from '@/seed/seed';
import { seedShop } from '@/seed/shop';
import { partnerPartSeeds, partnerSeeds, seedPartners } from '@/seed/partners';
import { validateTaxId } from '@/invoicing/tax-id';
import { owedPerAdmission } from '@/partners/agreement';
import { partsOfTour } from '@/partners/partners-repository';

import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();

async function departuresOf(tourId: number | string) {
  const { rows } = await shopDb(payload).query(
    'SELECT local_date, local_time FROM departures WHERE tour_id = ? ORDER BY starts_at',
    [Number(tourId)],
  );
  return rows.map((r) => ({ date: String(r.local_date), time: String(r.local_time) }));
}

describe(`demo shop seed on ${testDatabaseKind}`, () => {
  it('seeds demo timetables that pass the conflict check, with the Kings’ Parade once on 5 January at 15:15', async () => {
    await seed(payload);
    const first = await seedShop(payload);
    expect(first.timetables).toBeGreaterThanOrEqual(10);
    const tours = await payload.find({ collection: 'tours', limit: 100, depth: 0 });
    const bySlug = new Map(tours.docs.map((t) => [t.slug, t]));
    const kings = await departuresOf(bySlug.get('cabalgata-de-reyes-litoral-60-min')!.id);
    expect(kings.map((d) => `${d.date} ${d.time}`)).toEqual(['2027-01-05 15:15']);
    const aquarium = await departuresOf(bySlug.get('puerto-y-litoral-aquarium')!.id);
    expect(new Set(aquarium.map((d) => d.time))).toEqual(new Set(['10:30']));
    expect(aquarium.length).toBeGreaterThan(100);
    const waxMuseum = await departuresOf(bySlug.get('puerto-y-litoral-museo-de-cera')!.id);
    expect(waxMuseum.every((d) => ![0, 6].includes(new Date(`${d.date}T12:00:00Z`).getUTCDay()))).toBe(true);
    expect(bySlug.get('puerto-y-litoral-restaurante-il-mercante-di-venezia')!.booking?.mode).toBe('onRequest');
    expect(bySlug.get('puerto-y-litoral-60-min')!.booking?.roundTrip?.adult).toBe(1750);

    expect(await seedShop(payload)).toEqual({ toursPriced: 0, timetables: 0 });
    expect(await generateAllDepartures(payload)).toEqual({ created: 0 });

    // The ten combined tours' partners (decisions 175 and 181): each tour has its part, each
    // partner its agreement, the Aquarium its 200 supplied codes; a second run changes nothing.
    expect(await seedPartners(payload)).toEqual({ partners: 9, toursCombined: 10 });
    const combined = tours.docs.filter((t) => t.kind === 'combined');
    expect(combined.map((t) => t.menuKey).sort()).toEqual(Object.keys(partnerPartSeeds).sort());
    const partners = await payload.find({ collection: 'partners', limit: 100, depth: 0, locale: 'fr' });
    expect(partners.docs.map((p) => p.name).sort()).toEqual(partnerSeeds.map((p) => p.name).sort());
    for (const partner of partners.docs) {
      expect(validateTaxId(partner.taxId), partner.name).toMatchObject({ ok: true, kind: 'cif' });
      expect(partner.openingHours, partner.name).toBe(
        partnerSeeds.find((p) => p.name === partner.name)!.openingHours.fr,
      );
    }
    const agreements = partners.docs.map((p) => p.agreement!);
    expect(new Set(agreements.map((a) => a.payment))).toEqual(new Set(['perAdmission', 'share']));
    expect(new Set(agreements.map((a) => a.check))).toEqual(new Set(['ourQr', 'partnerCodes']));
    expect(new Set(agreements.map((a) => a.validity))).toEqual(new Set(['tripDay', 'daysAfter', 'dateRange']));
    expect(
      new Set(agreements.map((a) => `${a.taxTreatment}${a.taxTreatment === 'resale' ? a.resaleVatRatePct : ''}`)),
    ).toEqual(new Set(['agency', 'resale10', 'resale21']));
    const aquariumPartner = partners.docs.find((p) => p.name === 'Aquàrium de Barcelona')!;
    const codes = await payload.count({
      collection: 'partner-codes',
      where: { partner: { equals: aquariumPartner.id } },
    });
    expect(codes.totalDocs).toBe(200);
    const again = await payload.find({ collection: 'tours', limit: 100, depth: 0 });
    for (const tour of again.docs.filter((t) => t.kind === 'combined')) {
      const parts = await partsOfTour(shopDb(payload), tour.id);
      expect(parts, tour.slug).toHaveLength(1);
      const [part] = parts;
      for (const fare of [tour.booking?.roundTrip, tour.booking?.oneWayAvailable ? tour.booking.oneWay : null]) {
        for (const category of ['adult', 'reduced', 'child'] as const) {
          const price = fare?.[category];
          if (typeof price !== 'number') continue;
          // The boat keeps a share, and we never owe the partner more than its part brings in.
          expect(part!.shareCents[category], `${tour.slug} ${category}`).toBeLessThan(price);
          expect(owedPerAdmission(part!.partner.agreement, category, part!.shareCents[category])).toBeLessThanOrEqual(
            part!.shareCents[category],
          );
        }
      }
    }
    expect(await seedPartners(payload)).toEqual({ partners: 0, toursCombined: 0 });
    expect((await payload.count({ collection: 'partners' })).totalDocs).toBe(9);
    expect((await payload.count({ collection: 'partner-codes' })).totalDocs).toBe(200);
    // The whole demo catalogue and 120 days of departures: over a minute on a loaded 2-core machine.
  }, 180_000);
});
