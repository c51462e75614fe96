import { describe, expect, it } from 'vitest';

import { owedPerAdmission, partsProblem, validityWindow, type Agreement } from './agreement';

const agreement: Agreement = {
  payment: 'perAdmission',
  perAdmissionCents: { adult: 1000, reduced: 800, child: 500, super3: 0 },
  sharePercent: 100,
  check: 'ourQr',
  lowCodesWarning: 50,
  validity: 'tripDay',
  validityDays: 0,
  validFrom: null,
  validUntil: null,
  taxTreatment: 'agency',
  resaleVatRatePct: null,
};

describe('a partner agreement', () => {
  it('owes a fixed amount per admission and category, or a share of the part rounded to the cent', () => {
    expect(owedPerAdmission(agreement, 'reduced', 1500)).toBe(800);
    const share = { ...agreement, payment: 'share' as const, sharePercent: 82.5 };
    expect(owedPerAdmission(share, 'adult', 1999)).toBe(1649); // 1649.175
    expect(owedPerAdmission(share, 'child', 1)).toBe(1); // 0.825 rounds up
    expect(owedPerAdmission(share, 'super3', 0)).toBe(0);
  });

  it('is valid on the trip day, N days after it, or on a fixed range', () => {
    expect(validityWindow(agreement, '2026-12-30')).toEqual({ from: '2026-12-30', until: '2026-12-30' });
    expect(validityWindow({ ...agreement, validity: 'daysAfter', validityDays: 3 }, '2026-12-30')).toEqual({
      from: '2026-12-30',
      until: '2027-01-02',
    });
    const range = { ...agreement, validity: 'dateRange' as const, validFrom: '2027-01-01', validUntil: '2027-03-31' };
    expect(validityWindow(range, '2026-12-30')).toEqual({ from: '2027-01-01', until: '2027-03-31' });
    // A range left half empty falls back to the trip day rather than to no limit.
    expect(validityWindow({ ...range, validUntil: null }, '2026-12-30')).toEqual({
      from: '2026-12-30',
      until: '2026-12-30',
    });
  });

  it('refuses parts above a fare and a partner named twice', () => {
    const part = (partnerId: number, adult: number) => ({
      partnerId,
      shareCents: { adult, reduced: 0, child: 0, super3: 0 },
    });
    expect(partsProblem([part(1, 1000), part(2, 500)], [{ adult: 1500 }])).toBeNull();
    expect(partsProblem([part(1, 1000), part(2, 501)], [{ adult: 1500 }])).toBe('shareAbovePrice');
    expect(partsProblem([part(1, 1000)], [{ adult: 1500 }, { adult: 900 }])).toBe('shareAbovePrice');
    expect(partsProblem([part(1, 100), part(1, 100)], [{ adult: 1500 }])).toBe('samePartnerTwice');
  });
});
