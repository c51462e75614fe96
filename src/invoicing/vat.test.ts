import { describe, expect, it } from 'vitest';

import {
  AEAT_VAT_TOLERANCE_CENTS,
  breakdownLines,
  formatRate,
  vatBreakdown,
  vatDeviation,
  vatInGross,
  withinAeatTolerance,
} from './vat';

describe('vatInGross', () => {
  it.each([
    // gross, rate, vat: hand-checked (121.00 at 21 % holds exactly 21.00; 11.00 at 10 % holds 1.00)
    [12100, 21, 2100],
    [1100, 10, 100],
    [2500, 10, 227], // 2500 × 10 / 110 = 227.27…
    [2500, 21, 434], // 2500 × 21 / 121 = 433.88…
    [1, 21, 0],
    [0, 21, 0],
    [1000, 0, 0],
  ])('%d cents at %d percent hold %d cents of VAT', (gross, rate, vat) => {
    expect(vatInGross(gross, rate)).toBe(vat);
  });

  it('rounds an exact half away from zero, on both sides', () => {
    // At 10 % or 21 % no whole gross falls on a half; at 4 % the VAT is gross / 26, so 13 and 39 do.
    expect(vatInGross(13, 4)).toBe(1);
    expect(vatInGross(-13, 4)).toBe(-1);
    expect(vatInGross(39, 4)).toBe(2); // 1.5 → 2
    expect(vatInGross(-39, 4)).toBe(-2);
  });

  it('refuses rates it cannot write and fractions of a cent', () => {
    expect(() => vatInGross(100, -1)).toThrow(RangeError);
    expect(() => vatInGross(100, 101)).toThrow(RangeError);
    expect(() => vatInGross(100, 10.001)).toThrow(RangeError);
    expect(() => vatInGross(100, Number.NaN)).toThrow(RangeError);
    expect(() => vatInGross(10.5, 10)).toThrow(RangeError);
  });
});

describe('vatBreakdown', () => {
  it('groups lines by rate and rounds once per group', () => {
    // Three 10 % tickets of 25.00 and a 21 % audio guide of 5.00.
    const breakdown = vatBreakdown([
      { grossCents: 2500, ratePct: 10 },
      { grossCents: 2500, ratePct: 10 },
      { grossCents: 500, ratePct: 21 },
      { grossCents: 2500, ratePct: 10 },
    ]);
    expect(breakdown.groups).toEqual([
      { ratePct: 10, grossCents: 7500, baseCents: 6818, vatCents: 682 }, // 7500 × 10 / 110 = 681.81…
      { ratePct: 21, grossCents: 500, baseCents: 413, vatCents: 87 }, // 500 × 21 / 121 = 86.77…
    ]);
    expect(breakdown).toMatchObject({ baseCents: 7231, vatCents: 769, grossCents: 8000 });
    // Rounded per line, each ticket would hold 227 and the group 681: the total VAT depends on the rule.
    expect(3 * vatInGross(2500, 10)).toBe(681);
  });

  it('totals exactly what the customer paid', () => {
    const lines = [
      { grossCents: 1999, ratePct: 10 },
      { grossCents: 3333, ratePct: 21 },
      { grossCents: 1, ratePct: 21 },
      { grossCents: 4567, ratePct: 10 },
      { grossCents: -500, ratePct: 10 },
    ];
    const breakdown = vatBreakdown(lines);
    const paid = lines.reduce((sum, line) => sum + line.grossCents, 0);
    expect(breakdown.grossCents).toBe(paid);
    expect(breakdown.baseCents + breakdown.vatCents).toBe(paid);
  });

  it('is empty for no lines', () => {
    expect(vatBreakdown([])).toEqual({ groups: [], baseCents: 0, vatCents: 0, grossCents: 0 });
  });

  it('mirrors a refund exactly (rectifying invoice by differences)', () => {
    const sale = vatBreakdown([
      { grossCents: 2500, ratePct: 10 },
      { grossCents: 500, ratePct: 21 },
    ]);
    const refund = vatBreakdown([
      { grossCents: -2500, ratePct: 10 },
      { grossCents: -500, ratePct: 21 },
    ]);
    expect(refund.groups).toEqual(
      sale.groups.map((group) => ({
        ratePct: group.ratePct,
        grossCents: -group.grossCents,
        baseCents: -group.baseCents,
        vatCents: -group.vatCents,
      })),
    );
    expect(breakdownLines(refund)).toEqual([
      { ratePct: '10.00', base: '-22.73', vat: '-2.27' },
      { ratePct: '21.00', base: '-4.13', vat: '-0.87' },
    ]);
  });

  it('writes the lines as the records carry them', () => {
    expect(breakdownLines(vatBreakdown([{ grossCents: 12100, ratePct: 21 }]))).toEqual([
      { ratePct: '21.00', base: '100.00', vat: '21.00' },
    ]);
  });
});

describe('formatRate', () => {
  it.each([
    [21, '21.00'],
    [10, '10.00'],
    [0, '0.00'],
    [5.5, '5.50'],
    [7.5, '7.50'],
    [5.25, '5.25'],
  ])('%d → %s', (rate, text) => {
    expect(formatRate(rate)).toBe(text);
  });
});

describe('the AEAT tolerance (CuotaRepercutida against Base × Tipo)', () => {
  it('catches a group outside the ±10.00 € margin', () => {
    expect(withinAeatTolerance({ ratePct: 21, baseCents: 100_000, vatCents: 21_000 + AEAT_VAT_TOLERANCE_CENTS })).toBe(
      true,
    );
    expect(
      withinAeatTolerance({ ratePct: 21, baseCents: 100_000, vatCents: 21_000 + AEAT_VAT_TOLERANCE_CENTS + 1 }),
    ).toBe(false);
    expect(
      withinAeatTolerance({ ratePct: 21, baseCents: 100_000, vatCents: 21_000 - AEAT_VAT_TOLERANCE_CENTS - 1 }),
    ).toBe(false);
  });

  // Every gross from 0.01 € to 1,000.00 €, both signs, at each rate the shop uses: base + vat is the
  // gross, the refund mirrors the sale, and VAT is never a cent or more away from base × rate (the
  // bound is (100 + rate) / 200 of a cent), so the AEAT's check can never fail on our rounding.
  it.each([21, 10, 4, 0])('holds for every gross from 1 to 100000 cents at %d percent', (rate) => {
    const rateBp = BigInt(rate * 100);
    const bound = 10_000n + rateBp; // 2 × deviation ≤ (100 + rate) / 200 cent, in 1/10000 cent
    let worst = 0n;
    for (let gross = 1; gross <= 100_000; gross++) {
      const vat = vatInGross(gross, rate);
      const base = gross - vat;
      const deviation = vatDeviation({ ratePct: rate, baseCents: base, vatCents: vat });
      if (deviation > worst) worst = deviation;
      if (2n * deviation > bound || base < 0 || vat < 0 || vatInGross(-gross, rate) !== -vat) {
        throw new Error(`rule broken at ${gross} cents, ${rate} %: base ${base}, vat ${vat}`);
      }
      if (!withinAeatTolerance({ ratePct: rate, baseCents: -base, vatCents: -vat })) {
        throw new Error(`refund outside the AEAT margin at ${gross} cents, ${rate} %`);
      }
    }
    expect(worst).toBeLessThan(10_000n); // under one cent
  });
});
