import { describe, expect, it } from 'vitest';

import { keptByFullRefund, usedPartsGivenBack } from './used-parts';

const part = (id: number, shareCents: number, refundable: boolean) => ({
  id,
  partnerId: id,
  partner: `P${id}`,
  category: 'adult' as const,
  shareCents,
  taxTreatment: 'agency' as const,
  refundable,
});

describe('a used partner admission in a refund (decision 181)', () => {
  const used = [part(1, 1500, false), part(2, 1000, false), part(3, 500, true)];

  it('a full refund keeps the used parts their agreement does not refund, none when staff say so', () => {
    expect(keptByFullRefund(used, false)).toBe(2500);
    expect(keptByFullRefund(used, true)).toBe(0);
    expect(keptByFullRefund([], false)).toBe(0);
  });

  it('gives back the used parts the money left no longer covers, the refundable ones first', () => {
    expect(usedPartsGivenBack(used, 2500).map((p) => p.id)).toEqual([3]);
    expect(usedPartsGivenBack(used, 3000).map((p) => p.id)).toEqual([]);
    expect(usedPartsGivenBack(used, 1000).map((p) => p.id)).toEqual([3, 1]);
    expect(usedPartsGivenBack(used, 0).map((p) => p.id)).toEqual([3, 1, 2]);
  });
});
