import { describe, expect, it } from 'vitest';

import { locales } from '@/i18n/locales';
import { opsMessages } from '@/i18n/ops-messages';
import type { CancellationImpact } from '@/operations/cancellation-impact';

import { impactLines } from './ImpactSummary';

const impact: CancellationImpact = {
  departures: 2,
  bookings: 12,
  people: 34,
  byLanguage: { ca: 3, es: 5, en: 0, fr: 4 },
  resellerBookings: 1,
  resellerPeople: 2,
  holds: 1,
};

describe('the impact shown before a cancellation is confirmed', () => {
  it.each(locales)(
    '%s: says how many bookings and people are told, their languages, resellers and holds',
    (language) => {
      const lines = impactLines(impact, opsMessages(language), language);
      expect(lines[0]).toMatch(/12 .*34 /);
      expect(lines[1]).toContain('Català 3 · Español 5 · Français 4');
      expect(lines[1]).not.toContain('English');
      expect(lines).toHaveLength(4);
      for (const line of lines) expect(line).not.toMatch(/[{}#]/);
    },
  );

  it('speaks each language, singular where it is one', () => {
    expect(impactLines(impact, opsMessages('es'), 'es')[0]).toMatch(/^Se avisará a 12 reservas, 34 personas/);
    expect(impactLines(impact, opsMessages('en'), 'en')[0]).toMatch(/^12 bookings, 34 people will be told/);
    const one = { ...impact, bookings: 1, people: 1, resellerBookings: 0, holds: 0 };
    expect(impactLines(one, opsMessages('fr'), 'fr')[0]).toMatch(/^1 réservation, 1 personne/);
    expect(impactLines({ ...one, bookings: 0, people: 0 }, opsMessages('ca'), 'ca')).toEqual([
      opsMessages('ca').scheduleImpact.nobody,
    ]);
  });
});
