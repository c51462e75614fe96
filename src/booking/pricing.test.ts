import { describe, expect, it } from 'vitest';

import { AUDIO_GUIDE_CENTS, checkSelection, quote, type PriceList, type QuoteResult, type Selection } from './pricing';

const harbour: PriceList = { roundTrip: { adult: 1250, reduced: 900, child: 600 } };
const coast: PriceList = {
  roundTrip: { adult: 1800, reduced: 1400, child: 900 },
  oneWay: { adult: 1100, reduced: 850, child: 550 },
  audioGuideCents: 250,
};

const none = { adult: 0, reduced: 0, child: 0, super3: 0, audioGuides: 0 } as const;
function pick(partial: Partial<Selection>): Selection {
  return { ...none, tripType: 'roundTrip', ...partial };
}

function okQuote(result: QuoteResult) {
  if (!result.ok) throw new Error(`expected a quote, got ${result.error}`);
  return result.quote;
}

function errorOf(result: QuoteResult) {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

describe('quote', () => {
  it('prices each category and the audio guides', () => {
    const q = okQuote(quote(harbour, pick({ adult: 2, reduced: 1, child: 2, super3: 3, audioGuides: 2 })));
    expect(q.lines).toEqual([
      { category: 'adult', quantity: 2, unitCents: 1250, totalCents: 2500 },
      { category: 'reduced', quantity: 1, unitCents: 900, totalCents: 900 },
      { category: 'child', quantity: 2, unitCents: 600, totalCents: 1200 },
      { category: 'super3', quantity: 3, unitCents: 0, totalCents: 0 },
    ]);
    expect(q.audioGuides).toEqual({ quantity: 2, unitCents: AUDIO_GUIDE_CENTS, totalCents: 600 });
    expect(q.totalCents).toBe(2500 + 900 + 1200 + 600);
    expect(q.tripType).toBe('roundTrip');
  });

  it('gives every person a seat, free Super3 children included', () => {
    const q = okQuote(quote(harbour, pick({ adult: 1, child: 1, super3: 4 })));
    expect(q.people).toBe(6);
    expect(q.seats).toBe(6);
    expect(q.totalCents).toBe(1250 + 600);
  });

  it('lists only the categories bought', () => {
    const q = okQuote(quote(harbour, pick({ reduced: 1 })));
    expect(q.lines.map((line) => line.category)).toEqual(['reduced']);
    expect(q.audioGuides).toEqual({ quantity: 0, unitCents: 300, totalCents: 0 });
    expect(q.totalCents).toBe(900);
  });

  it('uses one-way fares and the tour’s own audio guide price when it has them', () => {
    const q = okQuote(quote(coast, pick({ adult: 1, child: 1, audioGuides: 1, tripType: 'oneWay' })));
    expect(q.tripType).toBe('oneWay');
    expect(q.totalCents).toBe(1100 + 550 + 250);
    expect(okQuote(quote(coast, pick({ adult: 1 }))).totalCents).toBe(1800);
  });

  it('refuses one way on a tour that only sells round trips', () => {
    const result = quote(harbour, pick({ adult: 1, tripType: 'oneWay' }));
    expect(result).toEqual({
      ok: false,
      error: 'tripTypeUnavailable',
      violations: [{ code: 'tripTypeUnavailable', field: 'tripType' }],
    });
  });

  it('reports an unavailable trip type before the ticket rules, and keeps all of them', () => {
    const result = quote(harbour, pick({ child: 1, tripType: 'oneWay' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe('tripTypeUnavailable');
    expect(result.violations.map((v) => v.code)).toEqual(['tripTypeUnavailable', 'atLeastOneAdult']);
  });

  it('refuses children without an adult or retiree', () => {
    expect(errorOf(quote(harbour, pick({ child: 2 })))).toBe('atLeastOneAdult');
    expect(errorOf(quote(harbour, pick({ child: 1, super3: 1 })))).toBe('atLeastOneAdult');
  });

  it('refuses Super3 children alone, with no paying child either', () => {
    expect(errorOf(quote(harbour, pick({ super3: 1 })))).toBe('atLeastOneAdult');
  });

  it('accepts a student or retiree as the accompanying adult', () => {
    expect(okQuote(quote(harbour, pick({ reduced: 1, child: 3, super3: 4 }))).people).toBe(8);
  });

  it('allows exactly four Super3 children per adult and refuses a fifth', () => {
    expect(quote(harbour, pick({ adult: 1, super3: 4 })).ok).toBe(true);
    expect(errorOf(quote(harbour, pick({ adult: 1, super3: 5 })))).toBe('super3PerAdult');
    expect(quote(harbour, pick({ adult: 1, reduced: 1, super3: 8 })).ok).toBe(true);
    expect(errorOf(quote(harbour, pick({ adult: 1, reduced: 1, super3: 9 })))).toBe('super3PerAdult');
  });

  it('does not count paying children as adults for Super3', () => {
    expect(errorOf(quote(harbour, pick({ adult: 1, child: 5, super3: 5 })))).toBe('super3PerAdult');
  });

  it('refuses an empty selection, even with audio guides only', () => {
    expect(errorOf(quote(harbour, pick({})))).toBe('noTickets');
    const result = quote(harbour, pick({ audioGuides: 1 }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.violations.map((v) => v.code)).toEqual(['noTickets', 'tooManyAudioGuides']);
  });

  it('allows one audio guide per person, Super3 children included, and no more', () => {
    expect(quote(harbour, pick({ adult: 1, super3: 2, audioGuides: 3 })).ok).toBe(true);
    expect(errorOf(quote(harbour, pick({ adult: 1, super3: 2, audioGuides: 4 })))).toBe('tooManyAudioGuides');
  });

  it('caps a booking at 20 seats by default, Super3 children included', () => {
    expect(quote(harbour, pick({ adult: 4, super3: 16 })).ok).toBe(true);
    expect(errorOf(quote(harbour, pick({ adult: 4, super3: 16, child: 1 })))).toBe('tooManyTickets');
    // Twelve paid adults used to hold sixty seats with free children.
    expect(errorOf(quote(harbour, pick({ adult: 12, super3: 48 })))).toBe('tooManyTickets');
    expect(errorOf(quote(harbour, pick({ adult: 21 })))).toBe('tooManyTickets');
  });

  it('takes another cap when configured', () => {
    expect(quote(harbour, pick({ adult: 10 }), { maxTickets: 10 }).ok).toBe(true);
    expect(errorOf(quote(harbour, pick({ adult: 11 }), { maxTickets: 10 }))).toBe('tooManyTickets');
    expect(quote(harbour, pick({ adult: 100 }), { maxTickets: 100 }).ok).toBe(true);
  });

  it('refuses quantities that are not non-negative whole numbers', () => {
    expect(errorOf(quote(harbour, pick({ adult: -1 })))).toBe('invalidQuantity');
    expect(errorOf(quote(harbour, pick({ adult: 1.5 })))).toBe('invalidQuantity');
    expect(errorOf(quote(harbour, pick({ adult: 1, audioGuides: Number.NaN })))).toBe('invalidQuantity');
    expect(errorOf(quote(harbour, pick({ adult: Number.POSITIVE_INFINITY })))).toBe('invalidQuantity');
    expect(errorOf(quote(harbour, pick({ adult: '2' as unknown as number })))).toBe('invalidQuantity');
  });

  it('throws on a broken price list instead of charging a wrong amount', () => {
    expect(() => quote({ roundTrip: { adult: 12.5, reduced: 900, child: 600 } }, pick({ adult: 1 }))).toThrow(
      RangeError,
    );
    expect(() => quote({ roundTrip: { adult: 1250, reduced: -1, child: 600 } }, pick({ adult: 1 }))).toThrow(
      RangeError,
    );
    expect(() =>
      quote({ ...harbour, oneWay: { adult: 1, reduced: 1, child: Number.NaN } }, pick({ adult: 1 })),
    ).toThrow(RangeError);
    expect(() => quote({ ...harbour, audioGuideCents: -300 }, pick({ adult: 1 }))).toThrow(RangeError);
  });

  it('accepts free fares', () => {
    const q = okQuote(
      quote({ roundTrip: { adult: 0, reduced: 0, child: 0 }, audioGuideCents: 0 }, pick({ adult: 2, audioGuides: 2 })),
    );
    expect(q.totalCents).toBe(0);
  });
});

describe('checkSelection', () => {
  it('is empty for a valid selection', () => {
    expect(checkSelection({ ...none, adult: 1 })).toEqual([]);
  });

  it('points each rule at the field that fixes it', () => {
    expect(checkSelection({ ...none, child: 1 })).toEqual([{ code: 'atLeastOneAdult', field: 'child' }]);
    expect(checkSelection({ ...none, super3: 2 })).toEqual([{ code: 'atLeastOneAdult', field: 'super3' }]);
    expect(checkSelection({ ...none, adult: 1, super3: 5 })).toEqual([{ code: 'super3PerAdult', field: 'super3' }]);
    expect(checkSelection({ ...none })).toEqual([{ code: 'noTickets', field: 'adult' }]);
    expect(checkSelection({ ...none, adult: 61 })).toEqual([{ code: 'tooManyTickets', field: 'adult' }]);
    expect(checkSelection({ ...none, adult: 1, audioGuides: 2 })).toEqual([
      { code: 'tooManyAudioGuides', field: 'audioGuides' },
    ]);
  });

  it('reports several broken rules at once', () => {
    expect(checkSelection({ ...none, adult: 1, super3: 60, audioGuides: 70 }).map((v) => v.code)).toEqual([
      'super3PerAdult',
      'tooManyTickets',
      'tooManyAudioGuides',
    ]);
  });

  it('says nothing about the Super3 ratio while there is no adult at all', () => {
    expect(checkSelection({ ...none, super3: 9 }).map((v) => v.code)).toEqual(['atLeastOneAdult']);
  });

  it('names every invalid quantity and checks nothing else', () => {
    expect(checkSelection({ ...none, child: -1, audioGuides: 0.5 })).toEqual([
      { code: 'invalidQuantity', field: 'child' },
      { code: 'invalidQuantity', field: 'audioGuides' },
    ]);
  });

  it('refuses a nonsensical cap', () => {
    expect(() => checkSelection({ ...none, adult: 1 }, { maxTickets: 0 })).toThrow(RangeError);
    expect(() => checkSelection({ ...none, adult: 1 }, { maxTickets: 2.5 })).toThrow(RangeError);
  });
});
