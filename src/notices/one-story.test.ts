import { describe, expect, it } from 'vitest';

import { locales, type Locale } from '@/i18n/locales';

import { refundStory } from './booking-notices';
import { translatorFor } from './disruption-notices';

/**
 * One story per change (issue 43): when one change sends several e-mails at once — a cheaper move
 * and its refund, a cancellation and its refund, a cancelled departure and the refund the visitor
 * then chooses — every e-mail says the same about the tickets (kept, replaced or void) and the
 * money (how much, and never a card the refund does not go to). Rendered with the notices'
 * own translator and the values their senders compute (booking-notices.ts).
 */

type Tickets = 'void' | 'new' | 'unchanged';

// How each language says what became of the tickets.
const ticketWords: Record<Locale, Record<Tickets, RegExp>> = {
  ca: {
    void: /ja no són vàlids/,
    new: /bitllets nous|només els nous/,
    unchanged: /bitllets no canvien|continuen sent vàlids|bitllets són vàlids/,
  },
  es: {
    void: /ya no son válidos/,
    new: /billetes nuevos|solo los nuevos/,
    unchanged: /billetes no cambian|siguen siendo válidos|billetes son válidos/,
  },
  en: { void: /no longer valid/, new: /new tickets|only the new ones/, unchanged: /tickets are unchanged|still valid/ },
  fr: {
    void: /ne sont plus valables/,
    new: /nouveaux billets|uniquement les nouveaux/,
    unchanged: /billets ne changent pas|restent valables|billets sont valables/,
  },
};
const cardWords: Record<Locale, RegExp> = { ca: /targeta/, es: /tarjeta/, en: /\bcard\b/, fr: /\bcarte\b/ };

function ticketsIn(locale: Locale, text: string): Set<Tickets> {
  return new Set(
    (Object.keys(ticketWords[locale]) as Tickets[]).filter((kind) => ticketWords[locale][kind].test(text)),
  );
}

function amountsIn(text: string): string[] {
  return [...text.matchAll(/\d+(?:[.,]\d{2})?\s?€|€\s?\d+(?:[.,]\d{2})?/g)].map((m) => m[0].replace(/\s/g, ''));
}

const base = {
  name: 'Anna',
  tour: 'Port Olímpic',
  date: '11 d’octubre',
  time: '11:00',
  reference: 'GOL-ABC123',
  brand: 'Golondrinas',
  url: 'https://example.test/r',
  // A combined tour's parts given back or kept (decision 181): none here.
  parts: '',
  until: '25 d’octubre',
};

describe('one story per change, in every language', () => {
  it.each(locales)(
    '%s: a cheaper move and its refund both say the old tickets are void and the new ones count',
    async (locale) => {
      const t = await translatorFor(locale);
      for (const by of ['visitor', 'office']) {
        for (const method of ['card', 'other']) {
          const move = t('booking.movedIntro', {
            ...base,
            by,
            fromTour: 'Port Olímpic',
            fromDate: '1 d’octubre',
            fromTime: '10:00',
            difference: 'less',
            diff: '5,00 €',
            attached: 'yes',
          });
          const refund = t('booking.refundedEmail', {
            ...base,
            by,
            amount: '5,00 €',
            method,
            state: refundStory('paid', 'price difference of a move'),
          });
          for (const text of [move, refund]) {
            const tickets = ticketsIn(locale, text);
            expect(tickets, `${by} ${method}: ${text}`).toContain('void');
            expect(tickets, `${by} ${method}: ${text}`).toContain('new');
            expect(tickets, `${by} ${method}: ${text}`).not.toContain('unchanged');
          }
          expect(amountsIn(move)).toContain('5,00€');
          expect(amountsIn(refund)).toContain('5,00€');
          // The refund says how the money goes back; the move never promises a card it may not reach.
          expect(move, `${by}: ${move}`).not.toMatch(cardWords[locale]);
        }
      }
    },
  );

  it.each(locales)('%s: a cancellation and its refund both say the tickets are void', async (locale) => {
    const t = await translatorFor(locale);
    for (const by of ['visitor', 'office']) {
      const cancelled = t('booking.cancelledEmail', { ...base, by });
      const refund = t('booking.refundedEmail', {
        ...base,
        by,
        amount: '45,00 €',
        method: 'card',
        state: refundStory('cancelled', undefined),
      });
      for (const text of [cancelled, refund]) {
        expect(ticketsIn(locale, text), text).toEqual(new Set(['void']));
      }
      // The cancellation names no amount it does not know yet; the refund names the one returned.
      expect(amountsIn(cancelled)).toEqual([]);
      expect(amountsIn(refund)).toEqual(['45,00€']);
    }
  });

  it.each(locales)('%s: a cancelled departure and the refund chosen after it tell the same money', async (locale) => {
    const t = await translatorFor(locale);
    const disruption = t('disruptionEmail', { ...base, reason: 'wind', amount: '45,00 €' });
    for (const method of ['card', 'other']) {
      const refund = t('booking.refundedEmail', {
        ...base,
        by: 'visitor',
        amount: '45,00 €',
        method,
        state: refundStory('cancelled', 'departureCancelled'),
      });
      expect(amountsIn(disruption)).toEqual(['45,00€']);
      expect(amountsIn(refund)).toEqual(['45,00€']);
      expect(ticketsIn(locale, refund)).toEqual(new Set(['void']));
      expect(ticketsIn(locale, disruption)).not.toContain('unchanged');
      // The departure's notice does not promise the card: the refund goes back the way it was paid.
      expect(disruption, disruption).not.toMatch(cardWords[locale]);
    }
  });

  it.each(locales)('%s: a refund that leaves the booking as it was says the tickets stand', async (locale) => {
    const t = await translatorFor(locale);
    const refund = t('booking.refundedEmail', {
      ...base,
      by: 'office',
      amount: '5,00 €',
      method: 'card',
      state: refundStory('paid', 'goodwill'),
    });
    expect(ticketsIn(locale, refund)).toEqual(new Set(['unchanged']));
  });
});
