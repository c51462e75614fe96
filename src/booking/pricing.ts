import { assertCents, type Cents } from './money';

/**
 * Ticket prices and the spec's ticket rules. The server computes every total here from the
 * price list; whatever total the browser shows is only a preview (docs/domain-rules.md#money).
 */

export const ticketCategories = ['adult', 'reduced', 'child', 'super3'] as const;
/** `reduced` is students and retirees; `super3` is children with a Super3 pass, who ride free. */
export type TicketCategory = (typeof ticketCategories)[number];
export type PaidCategory = Exclude<TicketCategory, 'super3'>;

export const tripTypes = ['roundTrip', 'oneWay'] as const;
export type TripType = (typeof tripTypes)[number];

/** docs/domain-rules.md#money: the mobile audio guide costs 3.00 EUR. */
export const AUDIO_GUIDE_CENTS: Cents = 300;
/** docs/domain-rules.md#money: four Super3 children ride free per adult (students and retirees count as adults). */
export const SUPER3_PER_ADULT = 4;
/**
 * Larger parties book through the group request form, not the ticket shop. Counted in seats,
 * Super3 children included: free children take seats too, and with four per adult a larger cap
 * let twelve paid tickets hold sixty seats for 15 minutes (issue 13).
 */
export const MAX_TICKETS_PER_BOOKING = 20;

export type Fares = Readonly<Record<PaidCategory, Cents>>;

/** One tour's prices. A tour without `oneWay` sells round trips only. */
export type PriceList = {
  readonly roundTrip: Fares;
  readonly oneWay?: Fares | undefined;
  /** Defaults to AUDIO_GUIDE_CENTS. */
  readonly audioGuideCents?: Cents | undefined;
};

export const quantityFields = ['adult', 'reduced', 'child', 'super3', 'audioGuides'] as const;
export type QuantityField = (typeof quantityFields)[number];
export type Quantities = Readonly<Record<QuantityField, number>>;
export type Selection = Quantities & { readonly tripType: TripType };

export type SelectionRule =
  'invalidQuantity' | 'noTickets' | 'atLeastOneAdult' | 'super3PerAdult' | 'tooManyTickets' | 'tooManyAudioGuides';
export type QuoteErrorCode = SelectionRule | 'tripTypeUnavailable';

/** A broken rule and the form field the visitor has to change to fix it. */
export type RuleViolation = { code: QuoteErrorCode; field: QuantityField | 'tripType' };

export type SelectionOptions = { maxTickets?: number | undefined };

export function isQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Everyone on board: each person takes a seat and gets a ticket, free Super3 children included. */
export function peopleCount(q: Pick<Quantities, TicketCategory>): number {
  return q.adult + q.reduced + q.child + q.super3;
}

/**
 * The spec's ticket rules, in the order a visitor should read them; an empty list means the
 * selection is acceptable. The booking form's schema and `quote` both call this, so the rules
 * exist exactly once.
 */
export function checkSelection(q: Quantities, options: SelectionOptions = {}): RuleViolation[] {
  const maxTickets = options.maxTickets ?? MAX_TICKETS_PER_BOOKING;
  if (!isQuantity(maxTickets) || maxTickets < 1) throw new RangeError(`Invalid maxTickets: ${maxTickets}`);

  const invalid = quantityFields
    .filter((field) => !isQuantity(q[field]))
    .map((field): RuleViolation => ({ code: 'invalidQuantity', field }));
  // Arithmetic on "2.5 adults" or NaN would make every later rule meaningless.
  if (invalid.length > 0) return invalid;

  const violations: RuleViolation[] = [];
  const adults = q.adult + q.reduced;
  const people = peopleCount(q);

  // The visitor fixes this one by adding tickets, and the first ticket input is `adult`.
  if (people === 0) violations.push({ code: 'noTickets', field: 'adult' });
  if (adults === 0 && q.child + q.super3 > 0) {
    violations.push({ code: 'atLeastOneAdult', field: q.child > 0 ? 'child' : 'super3' });
  }
  // Without adults the visitor is already told to add one; "too many Super3" would be noise.
  if (adults > 0 && q.super3 > SUPER3_PER_ADULT * adults) violations.push({ code: 'super3PerAdult', field: 'super3' });
  if (people > maxTickets) violations.push({ code: 'tooManyTickets', field: 'adult' });
  if (q.audioGuides > people) violations.push({ code: 'tooManyAudioGuides', field: 'audioGuides' });
  return violations;
}

export type QuoteLine = { category: TicketCategory; quantity: number; unitCents: Cents; totalCents: Cents };

export type Quote = {
  tripType: TripType;
  /** One line per category actually bought, in the order of `ticketCategories`. */
  lines: QuoteLine[];
  audioGuides: { quantity: number; unitCents: Cents; totalCents: Cents };
  people: number;
  /** Seats to take from the departure: equal to `people`, since free children sit too. */
  seats: number;
  totalCents: Cents;
};

export type QuoteResult =
  { ok: true; quote: Quote } | { ok: false; error: QuoteErrorCode; violations: RuleViolation[] };

function lineTotal(quantity: number, unitCents: Cents): Cents {
  const total = quantity * unitCents;
  assertCents(total, 'line total');
  return total;
}

function assertFares(fares: Fares, which: string): void {
  for (const category of ['adult', 'reduced', 'child'] as const) {
    assertCents(fares[category], `${which} ${category} price`);
  }
}

/**
 * Prices a selection. Rule breaches come back as `{ ok: false }` because they are the visitor's
 * to fix; a malformed price list throws, because that is a configuration bug to surface loudly.
 */
export function quote(priceList: PriceList, selection: Selection, options: SelectionOptions = {}): QuoteResult {
  assertFares(priceList.roundTrip, 'round-trip');
  if (priceList.oneWay) assertFares(priceList.oneWay, 'one-way');
  const audioGuideCents = priceList.audioGuideCents ?? AUDIO_GUIDE_CENTS;
  assertCents(audioGuideCents, 'audio guide price');

  const violations = checkSelection(selection, options);
  const fares = selection.tripType === 'oneWay' ? priceList.oneWay : priceList.roundTrip;
  if (!fares) violations.unshift({ code: 'tripTypeUnavailable', field: 'tripType' });
  const [first] = violations;
  if (first || !fares) return { ok: false, error: first?.code ?? 'tripTypeUnavailable', violations };

  const unitCents: Record<TicketCategory, Cents> = { ...fares, super3: 0 };
  const lines = ticketCategories
    .filter((category) => selection[category] > 0)
    .map((category): QuoteLine => {
      const quantity = selection[category];
      return {
        category,
        quantity,
        unitCents: unitCents[category],
        totalCents: lineTotal(quantity, unitCents[category]),
      };
    });
  const audioGuides = {
    quantity: selection.audioGuides,
    unitCents: audioGuideCents,
    totalCents: lineTotal(selection.audioGuides, audioGuideCents),
  };
  const totalCents = lines.reduce((sum, line) => sum + line.totalCents, audioGuides.totalCents);
  assertCents(totalCents, 'total');
  const people = peopleCount(selection);
  return { ok: true, quote: { tripType: selection.tripType, lines, audioGuides, people, seats: people, totalCents } };
}
