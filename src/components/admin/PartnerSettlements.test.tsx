import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

const language = vi.hoisted(() => ({ current: 'ca' }));
vi.mock('@payloadcms/ui', () => ({
  useDocumentInfo: () => ({ id: 1 }),
  useTranslation: () => ({ i18n: { language: language.current } }),
}));

import { PartnerSettlements } from './PartnerSettlements.client';

function html(lang: string) {
  language.current = lang;
  return renderToStaticMarkup(<PartnerSettlements />);
}

describe('the partner’s settlement links in its admin page', () => {
  it('names each month as the staff member’s language writes it', () => {
    vi.useFakeTimers({ now: new Date('2026-11-15T12:00:00Z') });
    try {
      // Catalan elides "de" before a month that starts with a vowel (octubre, agost, abril).
      expect(html('ca')).toContain('aria-label="Liquidació d&#x27;octubre del 2026, PDF"');
      expect(html('ca')).toContain('aria-label="Liquidació de novembre del 2026, CSV"');
      // French puts a narrow no-break space before the colon.
      expect(html('fr')).toContain('<li>novembre 2026\u202f: <a');
      expect(html('es')).toContain('<li>noviembre de 2026: <a');
    } finally {
      vi.useRealTimers();
    }
  });
});
