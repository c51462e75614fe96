import { describe, expect, it } from 'vitest';

import { priceFromCents } from './price-from';

const roundTrip = { adult: 1750, reduced: 1500, child: 800 };

describe('priceFromCents', () => {
  it('is one adult’s round trip, not the cheaper child or reduced fare', () => {
    expect(priceFromCents({ mode: 'online', priceList: { roundTrip } })).toBe(1750);
  });

  it('is the one-way adult fare when the tour sells cheaper one-way tickets', () => {
    const oneWay = { adult: 1000, reduced: 850, child: 500 };
    expect(priceFromCents({ mode: 'online', priceList: { roundTrip, oneWay } })).toBe(1000);
  });

  it('shows no price for a tour booked on request or without a price list', () => {
    expect(priceFromCents({ mode: 'onRequest', priceList: { roundTrip } })).toBeNull();
    expect(priceFromCents({ mode: 'online', priceList: null })).toBeNull();
  });
});
