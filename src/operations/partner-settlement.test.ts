import { describe, expect, it } from 'vitest';

import { settlementEmailText } from './partner-settlement-mail';
import { settlementTitle, type PartnerSettlement } from './partner-settlement';

/** Just what the title and the e-mail's opening read of a settlement. */
function settlement(locale: PartnerSettlement['locale'], name: string, month: string): PartnerSettlement {
  return {
    partner: { id: 1, name, legalName: `${name} SL`, taxId: 'B12345674', contactEmail: 'a@example.com' },
    month,
    locale,
    first: `${month}-01`,
    last: `${month}-30`,
    agency: null,
    resale: null,
  } as unknown as PartnerSettlement;
}

describe('a partner settlement’s words, written by the rules (docs/decisions/172)', () => {
  it('elides the Catalan "de" before a partner or a month that starts with a vowel', () => {
    expect(settlementTitle(settlement('ca', 'Aquàrium de Barcelona', '2026-04'))).toBe(
      "Liquidació d'Aquàrium de Barcelona, abril del 2026",
    );
    expect(settlementTitle(settlement('ca', 'Museu Marítim', '2026-11'))).toBe(
      'Liquidació de Museu Marítim, novembre del 2026',
    );
    expect(settlementEmailText(settlement('ca', 'Museu Marítim', '2026-10'))).toContain(
      "T'adjuntem la liquidació d'octubre del 2026:",
    );
  });

  it('leaves the other languages as they are', () => {
    expect(settlementTitle(settlement('es', 'Aquàrium de Barcelona', '2026-04'))).toBe(
      'Liquidación de Aquàrium de Barcelona, abril de 2026',
    );
  });
});
