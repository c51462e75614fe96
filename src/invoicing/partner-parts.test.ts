import { describe, expect, it } from 'vitest';

import type { PartnerMoney } from '../partners/admissions-repository';
import { rectifyingLinesByPart } from './partner-parts';

describe('a cancelled combined booking rectified part by part', () => {
  const money = (resale: PartnerMoney['resale']): PartnerMoney => ({
    agencyCents: 0,
    agency: [],
    resale,
    partsByCategory: {},
    combined: true,
  });
  const sale = [
    { item: 'adult' as const, quantity: 2, unitCents: 1000, totalCents: 2000, ratePct: 10 },
    {
      item: 'partnerPart' as const,
      quantity: 2,
      unitCents: 1200,
      totalCents: 2400,
      ratePct: 21,
      partner: 'Moco',
      category: 'adult' as const,
    },
  ];
  const mocoKept = {
    partnerId: 9,
    name: 'Moco',
    category: 'adult' as const,
    quantity: 1,
    unitCents: 1200,
    ratePct: 21,
  };

  it('gives back the boat and the unused resold part at their own rates, and keeps the used one', () => {
    expect(rectifyingLinesByPart(sale, money([mocoKept]), 1200)).toEqual([
      { item: 'adult', quantity: -2, unitCents: 1000, totalCents: -2000, ratePct: 10 },
      {
        item: 'partnerPart',
        quantity: -1,
        unitCents: 1200,
        totalCents: -1200,
        ratePct: 21,
        partner: 'Moco',
        category: 'adult',
      },
    ]);
  });

  it('leaves it to the split by rate when the booking keeps a fee or was invoiced as a whole', () => {
    expect(rectifyingLinesByPart(sale, money([mocoKept]), 1700)).toBeNull();
    expect(
      rectifyingLinesByPart(
        [{ item: 'tickets', quantity: 2, unitCents: 2200, totalCents: 4400, ratePct: 10 }],
        money([]),
        0,
      ),
    ).toBeNull();
  });
});
