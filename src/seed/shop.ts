import type { Payload } from 'payload';

import type { tourMenuKeys } from '@/collections/Tours';

type MenuKey = (typeof tourMenuKeys)[number];
type Fares = { adult: number; reduced: number; child: number };

type ShopSeed = {
  mode: 'online' | 'onRequest';
  roundTrip?: Fares;
  oneWay?: Fares;
  timetables?: {
    label: string;
    boat: string;
    validFrom: string;
    validTo: string;
    days: 'daily' | 'weekdays' | 'weekends';
    times: string[];
    closedDates?: string[];
  }[];
};

const SEASON = { validFrom: '2026-11-01', validTo: '2027-10-31' };
const KINGS_DAY = { validFrom: '2027-01-05', validTo: '2027-01-05' };
const CLOSED_DAYS: [string, string][] = [
  ['2026-12-25', 'Christmas Day'],
  ['2027-01-01', 'New Year’s Day'],
  ['2027-12-25', 'Christmas Day'],
];
const COMBINED: Fares = { adult: 2900, reduced: 2600, child: 1900 };

/**
 * Demo shop settings and timetables (docs/domain-rules.md#product-constants: Kings' Parade once on 5 January at 15:15; some
 * tours once a day at 10:30; some Monday to Friday only; some on request). Plausible figures
 * that staff replace. The three boats' timetables leave each boat its 40/60 minutes plus the
 * 15-minute turnaround, so they pass the boat-conflict check like any staff timetable must.
 */
export const shopSeeds: Partial<Record<MenuKey, ShopSeed>> = {
  '60': {
    mode: 'online',
    roundTrip: { adult: 1750, reduced: 1500, child: 800 },
    oneWay: { adult: 1000, reduced: 850, child: 500 },
    timetables: [
      {
        label: 'Port i litoral, tot l’any',
        boat: 'maria-del-carmen',
        ...SEASON,
        days: 'daily',
        times: ['11:00', '12:30', '14:00', '17:00', '18:30'],
      },
    ],
  },
  '40': {
    mode: 'online',
    roundTrip: { adult: 1100, reduced: 950, child: 550 },
    timetables: [
      {
        label: 'Port 40 min, tot l’any',
        boat: 'lolita',
        ...SEASON,
        days: 'daily',
        times: ['10:30', '11:30', '12:30', '13:30', '16:30', '17:30'],
      },
    ],
  },
  maritime40: {
    mode: 'online',
    roundTrip: { adult: 1900, reduced: 1600, child: 1000 },
    timetables: [
      // Monday to Friday only; the Kings' Parade harbour cruise has the boat on 5 January.
      {
        label: 'Port + Museu Marítim, feiners',
        boat: 'lolita',
        ...SEASON,
        days: 'weekdays',
        times: ['14:30'],
        closedDates: ['2027-01-05'],
      },
    ],
  },
  aquarium: {
    mode: 'online',
    roundTrip: { adult: 3400, reduced: 3000, child: 2300 },
    // A single departure a day, at 10:30.
    timetables: [{ label: 'Aquàrium, 10.30', boat: 'encarnacion', ...SEASON, days: 'daily', times: ['10:30'] }],
  },
  museum: {
    mode: 'online',
    roundTrip: COMBINED,
    timetables: [
      { label: 'Museu de Cera, feiners', boat: 'encarnacion', ...SEASON, days: 'weekdays', times: ['12:00'] },
    ],
  },
  magic: {
    mode: 'online',
    roundTrip: COMBINED,
    timetables: [{ label: 'Magic World, feiners', boat: 'encarnacion', ...SEASON, days: 'weekdays', times: ['13:30'] }],
  },
  moco60: {
    mode: 'online',
    roundTrip: COMBINED,
    timetables: [
      { label: 'Moco, caps de setmana', boat: 'encarnacion', ...SEASON, days: 'weekends', times: ['12:00'] },
    ],
  },
  'poble-espanyol': {
    mode: 'online',
    roundTrip: COMBINED,
    timetables: [
      { label: 'Poble Espanyol, caps de setmana', boat: 'encarnacion', ...SEASON, days: 'weekends', times: ['13:30'] },
    ],
  },
  maritime60: {
    mode: 'online',
    roundTrip: { adult: 2300, reduced: 2000, child: 1300 },
    timetables: [
      { label: 'Museu Marítim, tot l’any', boat: 'encarnacion', ...SEASON, days: 'daily', times: ['15:00'] },
    ],
  },
  'time-out-market': {
    mode: 'online',
    roundTrip: COMBINED,
    timetables: [{ label: 'Time Out Market', boat: 'encarnacion', ...SEASON, days: 'daily', times: ['16:30'] }],
  },
  kingsParade60: {
    mode: 'online',
    roundTrip: { adult: 2500, reduced: 2200, child: 1500 },
    timetables: [
      { label: 'Cavalcada de Reis 2027', boat: 'maria-del-carmen', ...KINGS_DAY, days: 'daily', times: ['15:15'] },
    ],
  },
  kingsParade40: {
    mode: 'online',
    roundTrip: { adult: 1800, reduced: 1600, child: 1000 },
    timetables: [
      { label: 'Cavalcada de Reis 2027 (port)', boat: 'lolita', ...KINGS_DAY, days: 'daily', times: ['15:15'] },
    ],
  },
  mercante: { mode: 'onRequest' },
  ramonet: { mode: 'onRequest' },
  americas: { mode: 'onRequest' },
  sailingEvent: { mode: 'onRequest' },
};

/**
 * A separate step after the catalogue seed: gives each tour its shop settings unless staff
 * already priced it, and its demo timetables unless it has any. Saving a timetable generates
 * its departures (120 days ahead), so the demo site has something to sell.
 */
export async function seedShop(payload: Payload): Promise<{ toursPriced: number; timetables: number }> {
  const result = { toursPriced: 0, timetables: 0 };
  // Before any timetable: the fleet does not sail on Christmas Day and New Year's Day.
  for (const [date, note] of CLOSED_DAYS) {
    const exists = await payload.count({ collection: 'closed-days', where: { date: { equals: date } } });
    if (exists.totalDocs === 0) {
      await payload.create({ collection: 'closed-days', overrideAccess: true, data: { date, note } });
    }
  }
  const [tours, boats] = await Promise.all([
    payload.find({ collection: 'tours', limit: 1000, depth: 0, pagination: false }),
    payload.find({ collection: 'boats', limit: 1000, depth: 0, pagination: false }),
  ]);
  const boatIds = new Map(boats.docs.map((b) => [b.slug, b.id]));
  for (const tour of tours.docs) {
    const spec = shopSeeds[tour.menuKey as MenuKey];
    if (!spec) continue;
    const unpriced = tour.booking?.roundTrip?.adult === null || tour.booking?.roundTrip?.adult === undefined;
    // On-request tours need nothing: that is the default mode.
    if (unpriced && spec.mode === 'online') {
      await payload.update({
        collection: 'tours',
        id: tour.id,
        overrideAccess: true,
        data: {
          booking: {
            mode: spec.mode,
            ...(spec.roundTrip ? { roundTrip: spec.roundTrip } : {}),
            oneWayAvailable: Boolean(spec.oneWay),
            ...(spec.oneWay ? { oneWay: spec.oneWay } : {}),
          },
        },
      });
      result.toursPriced++;
    }
    const existing = await payload.count({ collection: 'timetables', where: { tour: { equals: tour.id } } });
    if (existing.totalDocs > 0) continue;
    for (const t of spec.timetables ?? []) {
      const boat = boatIds.get(t.boat);
      if (!boat) continue;
      await payload.create({
        collection: 'timetables',
        overrideAccess: true,
        data: {
          label: t.label,
          tour: tour.id,
          boat,
          validFrom: t.validFrom,
          validTo: t.validTo,
          days: t.days,
          times: t.times.map((time) => ({ time })),
          closedDates: (t.closedDates ?? []).map((date) => ({ date })),
          active: true,
        },
      });
      result.timetables++;
    }
  }
  return result;
}
