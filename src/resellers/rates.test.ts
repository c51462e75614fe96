import { describe, expect, it } from 'vitest';

import { resellerNetCents } from '../booking/money';
import { netShareCents, parseUnitNets, resellerNetCentsOf } from '../booking/reseller-net';
import { bookingNetCents, netRatesFromDoc, saleNetCents, unitNetCents, unitNets, type ResellerTerms } from './rates';

const fares = { adult: 1500, reduced: 1200, child: 800, super3: 0 };
const terms: ResellerTerms = {
  commissionPercent: 20,
  netRates: [
    { tourId: 1, category: 'adult', netCents: 1100 },
    { tourId: 1, category: 'adult', netCents: 999 },
    { tourId: 2, category: 'child', netCents: 500 },
  ],
};
const plain: ResellerTerms = { commissionPercent: 15, netRates: [] };

describe('what a reseller pays', () => {
  it('a unit with a rate costs the rate (the first row), others the commission', () => {
    expect(unitNetCents(terms, 1, 'adult', 1500)).toBe(1100);
    expect(unitNetCents(terms, 1, 'child', 800)).toBe(640);
    expect(unitNetCents(terms, 2, 'adult', 1500)).toBe(1200);
    expect(unitNetCents(terms, 2, 'child', 800)).toBe(500);
  });

  it('a sale: rated units at their rate, the rest at the commission rounded once on its sum', () => {
    const units = [
      { category: 'adult' as const, quantity: 2, retailCents: 1500 },
      { category: 'reduced' as const, quantity: 1, retailCents: 1205 },
    ];
    expect(saleNetCents(terms, 1, units, 300)).toBe(2200 + Math.round((1205 + 300) * 0.8));
    // Without rates exactly the net of before: the commission on the whole.
    expect(saleNetCents(plain, 1, units, 300)).toBe(resellerNetCents(3000 + 1205 + 300, 15));
  });

  it('a booking at confirmation: audio guides (the rest of the total) at the commission; no fares, all of it', () => {
    const booking = {
      tourId: 1,
      totalCents: 1500 * 2 + 800 + 300,
      counts: { adult: 2, reduced: 0, child: 1, super3: 1 },
    };
    expect(bookingNetCents(terms, booking, fares)).toBe(2200 + Math.round((800 + 300) * 0.8));
    expect(bookingNetCents(terms, booking, null)).toBe(resellerNetCents(4100, 20));
    expect(bookingNetCents(plain, booking, fares)).toBe(resellerNetCents(4100, 15));
  });

  it('the net kept at sale, shared out for refunds; older bookings at the commission kept or today’s', () => {
    expect(netShareCents(2840, 3800, 3800)).toBe(2840);
    expect(netShareCents(2840, 3800, 1900)).toBe(1420);
    expect(netShareCents(2840, 3800, 0)).toBe(0);
    expect(netShareCents(0, 0, 0)).toBe(0);
    expect(resellerNetCentsOf({ reseller_net_cents: '2840', reseller_commission_percent: 20 }, 3800, 3800, 50)).toBe(
      2840,
    );
    expect(resellerNetCentsOf({ reseller_net_cents: null, reseller_commission_percent: 20 }, 3800, 3800, 50)).toBe(
      3040,
    );
    expect(resellerNetCentsOf({ reseller_net_cents: null, reseller_commission_percent: null }, 3800, 3800, 50)).toBe(
      1900,
    );
  });

  it('reads the admin rows, skipping incomplete ones', () => {
    expect(
      netRatesFromDoc({
        netRates: [
          { tour: 3, category: 'adult', netCents: 1000 },
          { tour: { id: 4 }, category: 'super3', netCents: 0 },
          { tour: null, category: 'adult', netCents: 1000 },
          { tour: 3, category: 'dog', netCents: 1000 },
        ],
      }),
    ).toEqual([
      { tourId: 3, category: 'adult', netCents: 1000 },
      { tourId: 4, category: 'super3', netCents: 0 },
    ]);
  });

  it('unit nets kept at sale round-trip through their JSON; anything else reads as none', () => {
    const nets = unitNets(terms, 1, fares);
    expect(nets).toEqual({ adult: 1100, reduced: 960, child: 640, super3: 0 });
    expect(parseUnitNets(JSON.stringify(nets))).toEqual(nets);
    for (const bad of [null, '', '{', '{"adult":1}', 42]) expect(parseUnitNets(bad)).toBeNull();
  });
});
