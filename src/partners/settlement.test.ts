import { describe, expect, it } from 'vitest';

import { owedPerAdmission, type Agreement } from './agreement';
import {
  hasActivity,
  isSettlementMonth,
  madridMonth,
  monthBounds,
  previousMonth,
  settlementFigures,
  splitVat,
  type SettlementAdmission,
} from './settlement';

const agreement = (over: Partial<Agreement>): Agreement => ({
  payment: 'perAdmission',
  perAdmissionCents: { adult: 1000, reduced: 800, child: 500, super3: 200 },
  sharePercent: 100,
  check: 'ourQr',
  lowCodesWarning: 50,
  validity: 'tripDay',
  validityDays: 0,
  validFrom: null,
  validUntil: null,
  taxTreatment: 'agency',
  resaleVatRatePct: null,
  ...over,
});

const at = (text: string) => new Date(text);

function admission(over: Partial<SettlementAdmission> = {}): SettlementAdmission {
  return {
    category: 'adult',
    shareCents: 1800,
    owedCents: 1000,
    taxTreatment: 'agency',
    vatRatePct: null,
    createdAt: at('2026-11-10T10:00:00Z'),
    usedAt: null,
    voidedAt: null,
    refundedAt: null,
    validUntil: '2026-11-12',
    ...over,
  };
}

const noInvoices = { collectedCents: 0 };
const december = at('2026-12-01T08:00:00Z');

describe('the settlement month (Europe/Madrid)', () => {
  it('accepts YYYY-MM only', () => {
    expect(isSettlementMonth('2026-11')).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', null, 202611]) {
      expect(isSettlementMonth(bad)).toBe(false);
    }
    expect(previousMonth('2026-01')).toBe('2025-12');
  });

  it('starts and ends at Madrid midnight, whatever summer time does', () => {
    // March 2026: winter time at its start (UTC+1), summer time at its end (UTC+2, from the 29th).
    expect(monthBounds('2026-03')).toEqual({
      first: '2026-03-01',
      last: '2026-03-31',
      start: at('2026-02-28T23:00:00Z'),
      end: at('2026-03-31T22:00:00Z'),
    });
    // October 2026: summer time at its start, winter time at its end (from the 25th).
    const october = monthBounds('2026-10');
    expect([october.start, october.end]).toEqual([at('2026-09-30T22:00:00Z'), at('2026-10-31T23:00:00Z')]);
    expect(monthBounds('2028-02').last).toBe('2028-02-29');
    expect(madridMonth(at('2026-10-31T22:59:59Z'))).toBe('2026-10');
    expect(madridMonth(at('2026-10-31T23:00:00Z'))).toBe('2026-11');
  });

  it('puts a sale half an hour after Madrid midnight in the new month, not the UTC one', () => {
    const lateMarch = admission({ createdAt: at('2026-03-31T22:30:00Z'), validUntil: '2026-04-01' });
    const earlyMarch = admission({ createdAt: at('2026-02-28T23:30:00Z'), validUntil: '2026-03-01' });
    const march = settlementFigures('2026-03', [lateMarch, earlyMarch], noInvoices, at('2026-05-01T00:00:00Z'));
    expect(march.rows.map((row) => [row.day, row.sold, row.unused])).toEqual([['2026-03-01', 1, 1]]);
    const april = settlementFigures('2026-04', [lateMarch, earlyMarch], noInvoices, at('2026-05-01T00:00:00Z'));
    expect(april.rows.map((row) => [row.day, row.sold, row.unused])).toEqual([['2026-04-01', 1, 1]]);
  });
});

describe('the month’s figures', () => {
  it('counts sold, voided, used and unused per day and category, owed as sold less voided', () => {
    const figures = settlementFigures(
      '2026-11',
      [
        admission({ usedAt: at('2026-11-11T09:00:00Z') }),
        admission({ category: 'child', shareCents: 1200, owedCents: 500 }),
        admission({ voidedAt: at('2026-11-10T18:00:00Z') }),
        // Sold in October, voided in November: a negative line of November.
        admission({ createdAt: at('2026-10-20T10:00:00Z'), voidedAt: at('2026-11-03T10:00:00Z') }),
        // Super3 travels free: no part of the price, and the agreement may still pay for it.
        admission({ category: 'super3', shareCents: 0, owedCents: 200, usedAt: at('2026-11-11T09:00:00Z') }),
      ],
      noInvoices,
      december,
    );
    expect(figures.rows).toEqual([
      {
        day: '2026-11-03',
        category: 'adult',
        sold: 0,
        voided: 1,
        used: 0,
        unused: 0,
        partCents: -1800,
        owedCents: -1000,
      },
      {
        day: '2026-11-10',
        category: 'adult',
        sold: 2,
        voided: 1,
        used: 0,
        unused: 0,
        partCents: 1800,
        owedCents: 1000,
      },
      { day: '2026-11-10', category: 'child', sold: 1, voided: 0, used: 0, unused: 0, partCents: 1200, owedCents: 500 },
      { day: '2026-11-10', category: 'super3', sold: 1, voided: 0, used: 0, unused: 0, partCents: 0, owedCents: 200 },
      { day: '2026-11-11', category: 'adult', sold: 0, voided: 0, used: 1, unused: 0, partCents: 0, owedCents: 0 },
      { day: '2026-11-11', category: 'super3', sold: 0, voided: 0, used: 1, unused: 0, partCents: 0, owedCents: 0 },
      { day: '2026-11-12', category: 'child', sold: 0, voided: 0, used: 0, unused: 1, partCents: 0, owedCents: 0 },
    ]);
    expect(figures.totals).toEqual({ sold: 4, voided: 2, used: 2, unused: 1, partCents: 1200, owedCents: 700 });
    // October's own figures are untouched by November's void: a month settled never changes.
    const october = settlementFigures(
      '2026-10',
      [admission({ createdAt: at('2026-10-20T10:00:00Z'), voidedAt: at('2026-11-03T10:00:00Z') })],
      noInvoices,
      december,
    );
    expect(october.totals).toMatchObject({ sold: 1, voided: 0, owedCents: 1000 });
  });

  it('counts an admission unused only once its last valid day is over, and not when voided in time', () => {
    const midMonth = at('2026-11-12T10:00:00Z');
    const figures = settlementFigures(
      '2026-11',
      [
        admission({ validUntil: '2026-11-12' }), // still valid today
        admission({ validUntil: '2026-11-11' }), // over yesterday
        admission({ validUntil: '2026-11-11', voidedAt: at('2026-11-11T08:00:00Z') }), // voided before its end
      ],
      noInvoices,
      midMonth,
    );
    expect(figures.totals).toMatchObject({ sold: 3, voided: 1, unused: 1 });
    expect(figures.stillValid).toBe(1);
    // Voided after its validity ended (a late refund): unused in its month, the void a later line.
    const late = settlementFigures(
      '2026-11',
      [admission({ validUntil: '2026-11-11', voidedAt: at('2026-12-02T08:00:00Z') })],
      noInvoices,
      at('2026-12-05T00:00:00Z'),
    );
    expect(late.totals).toMatchObject({ sold: 1, voided: 0, unused: 1, owedCents: 1000 });
  });

  it('reconciles agency parts with the invoices: collected less our commission is what we transfer', () => {
    const figures = settlementFigures(
      '2026-11',
      [admission(), admission(), admission({ category: 'child', shareCents: 1200, owedCents: 500 })],
      { collectedCents: 4800 },
      december,
    );
    expect(figures.agency).toEqual({
      collectedCents: 4800,
      admissionsCents: 4800,
      differenceCents: 0,
      commissionCents: 4800 - 2500,
      transferCents: 2500,
    });
    expect(figures.resale).toBeNull();
    // An invoice missing from the book shows as a difference, not as a changed transfer rule.
    const short = settlementFigures('2026-11', [admission()], { collectedCents: 0 }, december);
    expect(short.agency).toMatchObject({ differenceCents: -1800, transferCents: -800 });
  });

  it('a used admission whose part went back to the visitor is still owed, no longer collected (decision 181)', () => {
    const figures = settlementFigures(
      '2026-11',
      [
        admission({ usedAt: at('2026-11-10T12:00:00Z'), refundedAt: at('2026-11-20T09:00:00Z') }),
        admission({ usedAt: at('2026-11-10T12:00:00Z') }),
      ],
      { collectedCents: 3600 - 1800 },
      december,
    );
    expect(figures.rows.find((row) => row.day === '2026-11-20')).toMatchObject({
      sold: 0,
      partCents: -1800,
      owedCents: 0,
    });
    expect(figures.totals).toMatchObject({ sold: 2, used: 2, partCents: 1800, owedCents: 2000 });
    // We keep nothing on it and pay the partner from the boat's side: the transfer is still what we owe.
    expect(figures.agency).toEqual({
      collectedCents: 1800,
      admissionsCents: 1800,
      differenceCents: 0,
      commissionCents: -200,
      transferCents: 2000,
    });
  });

  it('share agreements: owed is rounded per admission, so the month adds whole cents', () => {
    const share = agreement({ payment: 'share', sharePercent: 33.33, taxTreatment: 'resale', resaleVatRatePct: 21 });
    // 1999 × 33.33 % = 666.2667 → 666; 1001 × 50 % = 500.5 → 501 (half up).
    expect(owedPerAdmission(share, 'adult', 1999)).toBe(666);
    expect(owedPerAdmission(agreement({ payment: 'share', sharePercent: 50 }), 'adult', 1001)).toBe(501);
    const three = [1, 2, 3].map(() =>
      admission({
        shareCents: 1999,
        owedCents: owedPerAdmission(share, 'adult', 1999),
        taxTreatment: 'resale',
        vatRatePct: 21,
      }),
    );
    const figures = settlementFigures('2026-11', three, noInvoices, december);
    expect(figures.totals.owedCents).toBe(1998); // not round(3 × 666.2667) = 1999
    expect(figures.totals.partCents).toBe(5997);
    expect(figures.resale).toEqual({
      owedCents: 1998,
      byRate: [{ ratePct: 21, grossCents: 1998, baseCents: 1651, vatCents: 347 }],
    });
    expect(figures.agency).toBeNull();
  });

  it('fixed agreements pay the category’s amount whatever the price', () => {
    const fixed = agreement({});
    expect(['adult', 'reduced', 'child', 'super3'].map((c) => owedPerAdmission(fixed, c as 'adult', 9999))).toEqual([
      1000, 800, 500, 200,
    ]);
  });

  it('splits a VAT-included total into base and VAT on the total', () => {
    expect(splitVat(1610, 10)).toEqual({ baseCents: 1464, vatCents: 146 });
    expect(splitVat(-1610, 10)).toEqual({ baseCents: -1464, vatCents: -146 });
    expect(splitVat(0, 21)).toEqual({ baseCents: 0, vatCents: 0 });
  });

  it('a month without events or invoiced amounts has no activity', () => {
    expect(hasActivity(settlementFigures('2026-11', [], noInvoices, december))).toBe(false);
    expect(hasActivity(settlementFigures('2026-11', [], { collectedCents: 100 }, december))).toBe(true);
  });
});
