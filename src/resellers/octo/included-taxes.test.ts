import { describe, expect, it } from 'vitest';

import { vatInGross } from '@/invoicing/vat';

import { includedTaxes } from './included-taxes';

describe("OCTO's includedTaxes of a combined tour (decision 175)", () => {
  it('is one entry at the ticket rate for a boat trip only, as before', () => {
    expect(includedTaxes(3000, 2400, 10)).toEqual([
      { name: 'IVA 10%', original: vatInGross(3000, 10), retail: vatInGross(3000, 10), net: vatInGross(2400, 10) },
    ]);
  });

  it('leaves a part sold on the partner’s behalf out of our taxes, at retail and at net', () => {
    // 30 € with the Aquarium's 15 € as its agent: only the boat's 15 € carries our 10 %.
    const [tax, ...rest] = includedTaxes(3000, 2400, 10, [{ cents: 1500, treatment: 'agency', ratePct: null }]);
    expect(rest).toEqual([]);
    expect(tax).toEqual({ name: 'IVA 10%', original: 136, retail: 136, net: vatInGross(900, 10) });
  });

  it('taxes a resold part at its own rate, and one rate once', () => {
    // 40 €: a museum resold at 21 % (12 €), a meal resold at 10 % (8 €), the boat 20 € at 10 %.
    const taxes = includedTaxes(4000, 4000, 10, [
      { cents: 1200, treatment: 'resale', ratePct: 21 },
      { cents: 800, treatment: 'resale', ratePct: 10 },
    ]);
    expect(taxes).toEqual([
      { name: 'IVA 10%', original: vatInGross(2800, 10), retail: vatInGross(2800, 10), net: vatInGross(2800, 10) },
      { name: 'IVA 21%', original: vatInGross(1200, 21), retail: vatInGross(1200, 21), net: vatInGross(1200, 21) },
    ]);
  });

  it('shares the net between the boat and the resold parts once the agency parts are taken off', () => {
    // Retail 50 €: agency 10 €, resold 20 € at 21 %, boat 20 €. The reseller pays 40 €: ours 30 €,
    // half the boat's, half the resold part's.
    const taxes = includedTaxes(5000, 4000, 10, [
      { cents: 1000, treatment: 'agency', ratePct: null },
      { cents: 2000, treatment: 'resale', ratePct: 21 },
    ]);
    expect(taxes.map((tax) => [tax.name, tax.net])).toEqual([
      ['IVA 10%', vatInGross(1500, 10)],
      ['IVA 21%', vatInGross(1500, 21)],
    ]);
  });
});
