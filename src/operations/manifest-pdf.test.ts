import { describe, expect, it } from 'vitest';

import { opsMessages } from '@/i18n/ops-messages';

import { pdfTexts } from '../../tests/fixtures/pdf-text';

import { renderManifestPdf } from './manifest-pdf';
import type { NamedManifest } from './manifest-access';

const manifest: NamedManifest = {
  tourTitle: 'Port de Barcelona',
  boatName: 'Lola',
  departure: {
    id: 7,
    tourId: 1,
    boatId: 1,
    startsAt: '2031-07-15T08:30:00.000Z',
    date: '2031-07-15',
    time: '10:30',
    status: 'scheduled',
    capacity: 120,
  },
  lines: [
    {
      reference: 'GOL-7K2M9Q',
      leadName: 'Marta Vidal',
      adults: 2,
      reduced: 1,
      children: 1,
      super3: 0,
      persons: 4,
      audioGuides: 1,
      mobilePhone: '+34 600 000 000',
      comments: '',
      boarded: 0,
    },
  ],
  totals: { adults: 2, reduced: 1, children: 1, super3: 0, persons: 4, audioGuides: 1, boarded: 0, bookings: 1 },
};

describe('the manifest PDF', () => {
  it('draws every column heading whole, in every staff language', async () => {
    for (const language of ['ca', 'es', 'en', 'fr'] as const) {
      const text = opsMessages(language).manifest;
      const pdf = await renderManifestPdf(manifest, text, {
        language,
        brand: 'Las Golondrinas',
        dateText: '15/07/2031',
        printedAt: '15/07/2031 09:00',
      });
      const [page] = await pdfTexts(pdf);
      // "Persones" and "Audioguies" were cut to "Person…" and "Audiog…"; a heading of two words
      // may wrap within its column (two texts drawn, read in order).
      const all = page!.join(' ');
      for (const heading of [text.persons, text.audioGuides, text.reduced, text.children, text.boarded]) {
        expect(all, `${language}: ${heading}`).toContain(heading);
      }
      expect(page!.filter((drawn) => drawn.endsWith('…'))).toEqual([]);
    }
  }, 60_000);
});
