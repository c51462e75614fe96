import { vatBreakdown, type VatBreakdown } from './vat';
import type { InvoiceType, Recipient } from './types';

/**
 * Which document a booking needs now, decided from what it holds and what has been invoiced: the
 * invoices of a booking always add up to the money it holds (payments − refunds since invoicing
 * started). Deciding from that difference, instead of from the event that caused it, makes every
 * way money moves (web sale, payment link, box office, reseller, refund, move, retried refund)
 * produce the right document, and makes issuing idempotent: a second run finds nothing to issue.
 *
 * - Nothing invoiced yet, money held: the sale's invoice: simplified (F2), or full (F1) when the
 *   buyer gave a tax id or the amount is above the simplified invoice's legal limit.
 * - More money than invoiced (a dearer move): an invoice for the difference, of the sale's kind.
 * - Less (a refund, a cheaper move): a rectifying invoice by differences, negative, naming the
 *   invoices it corrects: R5 when they are all simplified, R1 otherwise.
 * - A buyer who asks for a full invoice after a simplified one (they gave their tax id later): an
 *   F3 for all the booking holds, replacing the simplified invoices (and their rectifications).
 *   From then on the F3 and what follows it are the booking's invoices.
 *
 * A full document (F1, F3, R1) always names its recipient: the AEAT refuses one without
 * `Destinatarios` (error 1189) and RD 1619/2012 art. 6.1 wants the recipient's name and address
 * on it. The sales that need one ask for the recipient before the money is taken (box office,
 * checkout, resellers' records); where money arrives without one all the same (a dearer move
 * past the limit, a tour whose treatment changed while a payment was pending), no document is
 * issued: a simplified invoice above the limit is not legal either. The plan says
 * `recipientRequired`; the booking waits, out of balance, until the buyer or the office gives
 * the details (full-invoice.ts), and then gets its full invoice (decision 164).
 */

export type Channel = 'web' | 'office' | 'reseller';

export type InvoiceItem =
  | 'adult'
  | 'reduced'
  | 'child'
  | 'super3'
  | 'audioGuide'
  | 'tickets'
  | 'difference'
  /** A combined tour's partner part bought and resold (decision 175), at its own rate. */
  | 'partnerPart'
  /**
   * The zero line of a document that changes only the amounts collected on partners' behalf
   * (decision 186): our own service and its VAT unchanged.
   */
  | 'thirdPartyChange';

export type InvoiceLine = {
  item: InvoiceItem;
  quantity: number;
  unitCents: number;
  totalCents: number;
  ratePct: number;
  /** A partner part: whose admission (the partner's name) and for which ticket category. */
  partner?: string;
  category?: 'adult' | 'reduced' | 'child' | 'super3';
};

export type IssuedInvoice = {
  id: number;
  type: InvoiceType;
  totalCents: number;
  /** Gross per VAT rate, as issued. */
  grossByRate: { ratePct: number; grossCents: number }[];
  /** Whom a full invoice named: its rectifications and top-ups name them too. */
  recipient?: Recipient | null;
};

export type VatRates = { tickets: number; audioGuide: number };

export type PricedLine = {
  item: Exclude<InvoiceItem, 'tickets' | 'difference' | 'thirdPartyChange'>;
  quantity: number;
  unitCents: number;
  ratePct?: number;
  partner?: string;
  category?: InvoiceLine['category'];
};

export type PlanInput = {
  channel: Channel;
  /** Payments − refunds recorded since invoicing started, in cents. */
  heldCents: number;
  issued: readonly IssuedInvoice[];
  /**
   * The booking's priced lines (tickets per category, audio guides, resold partner parts) at its
   * current price; a line with its own `ratePct` (a resold partner part) is taxed at it.
   */
  priced: readonly PricedLine[];
  seats: number;
  rates: VatRates;
  recipient: Recipient | null;
  simplifiedLimitCents: number;
  /**
   * A rectification's own lines, when the booking can say them part by part (a cancelled combined
   * tour: partner-parts.ts, rectifyingLinesByPart); used when they add up to the difference.
   */
  rectifyingLines?: readonly InvoiceLine[] | null;
};

export type DraftInvoice = {
  type: InvoiceType;
  rectifying: boolean;
  totalCents: number;
  lines: InvoiceLine[];
  breakdown: VatBreakdown;
  corrects: number[];
  /** For an F3: the invoices it replaces. */
  replaces: number[];
  recipient: Recipient | null;
  reason: 'sale' | 'topUp' | 'refund' | 'fullInvoice' | 'thirdParty';
};

/**
 * The limit of a simplified invoice for passenger transport, VAT included: Real Decreto
 * 1619/2012, art. 4.1 (3,000 € for the transport of persons and their luggage; 400 € otherwise).
 * A tour's own limit follows its tax treatment (tour-vat.ts, tourTax).
 */
export const SIMPLIFIED_INVOICE_LIMIT_CENTS = 300_000;

/** The full documents: each names its recipient (Destinatarios), or is not issued. */
export const FULL_INVOICE_TYPES: readonly InvoiceType[] = ['F1', 'F3', 'R1'];

/**
 * No document is due yet: the booking needs a full one (`type`) and nobody has said whom it is
 * for. Issued as soon as the recipient's details are stored.
 */
export type RecipientRequired = { recipientRequired: true; type: InvoiceType; amountCents: number };

const isRectifying = (type: InvoiceType) => type === 'R1' || type === 'R5';

/** The invoices that count: after an F3, only it and what followed it (it replaced the rest). */
export function effectiveInvoices<T extends Pick<IssuedInvoice, 'type'>>(issued: readonly T[]): T[] {
  const lastF3 = issued.findLastIndex((invoice) => invoice.type === 'F3');
  return lastF3 >= 0 ? issued.slice(lastF3) : [...issued];
}

/** The document a booking needs now; null when its invoices add up or it waits for a recipient. */
export function planInvoice(input: PlanInput): DraftInvoice | null {
  const planned = planDocument(input);
  return planned && 'recipientRequired' in planned ? null : planned;
}

/** planInvoice, saying when a full document is due but cannot be issued for want of a recipient. */
export function planDocument(input: PlanInput): DraftInvoice | RecipientRequired | null {
  const planned = plan(input);
  if (planned && FULL_INVOICE_TYPES.includes(planned.type) && planned.recipient === null) {
    return { recipientRequired: true, type: planned.type, amountCents: planned.totalCents };
  }
  return planned;
}

function plan(input: PlanInput): DraftInvoice | null {
  const issued = effectiveInvoices(input.issued);
  const invoicedCents = issued.reduce((sum, invoice) => sum + invoice.totalCents, 0);
  const difference = input.heldCents - invoicedCents;
  const originals = issued.filter((invoice) => !isRectifying(invoice.type));
  if (
    input.recipient !== null &&
    input.heldCents > 0 &&
    originals.length > 0 &&
    originals.every((invoice) => invoice.type === 'F2')
  ) {
    const lines = saleLines(input, input.heldCents);
    const replaces = issued.map((invoice) => invoice.id);
    return { ...draft('F3', false, lines, [], input.recipient, 'fullInvoice'), replaces };
  }
  if (difference === 0) return null;

  if (originals.length === 0) {
    // Money given back that was never invoiced (it moved before invoicing started): nothing to correct.
    if (difference < 0) return null;
    const full = input.recipient !== null || difference > input.simplifiedLimitCents;
    const lines = saleLines(input, difference);
    return draft(full ? 'F1' : 'F2', false, lines, [], input.recipient, 'sale');
  }

  const netByRate = grossByRate(issued);
  const byPart = input.rectifyingLines;
  const lines =
    difference < 0 && byPart?.length && byPart.reduce((sum, line) => sum + line.totalCents, 0) === difference
      ? [...byPart]
      : splitByRate(difference, netByRate, input.rates.tickets);
  // Whom the booking's full invoices named, when the buyer's details are not stored (a record
  // issued before they were kept apart): its top-ups and rectifications name the same.
  const named = input.recipient ?? originals.findLast((invoice) => invoice.recipient)?.recipient ?? null;
  if (difference > 0) {
    const last = originals.at(-1)!;
    // A dearer move that takes what the booking holds past the limit can no longer be documented
    // on simplified invoices: it needs its recipient (then an F3 above), or waits for one.
    const type: InvoiceType = last.type === 'F2' && input.heldCents <= input.simplifiedLimitCents ? 'F2' : 'F1';
    return draft(type, false, lines, [], type === 'F1' ? named : null, 'topUp');
  }
  const corrects = originals.map((invoice) => invoice.id);
  const type: InvoiceType = originals.every((invoice) => invoice.type === 'F2') ? 'R5' : 'R1';
  return draft(type, true, lines, corrects, type === 'R1' ? named : null, 'refund');
}

/**
 * The document for a change that moves money between a combined tour's partner parts and leaves
 * ours as it was (a move from the Aquarium's tour to the Maritime Museum's with the same boat
 * part; a move to a plain boat trip that gives back exactly the partner parts): a rectifying
 * invoice by differences of zero, whose only content is the amounts collected on the partners'
 * behalf that changed (decision 186). R5 over simplified invoices, R1 naming the full invoices'
 * recipient otherwise; null when the booking was never invoiced (nothing to rectify) or an R1
 * would name nobody.
 */
export function planThirdPartyChange(input: Pick<PlanInput, 'issued' | 'rates' | 'recipient'>): DraftInvoice | null {
  const issued = effectiveInvoices(input.issued);
  const originals = issued.filter((invoice) => !isRectifying(invoice.type));
  if (originals.length === 0) return null;
  const type: InvoiceType = originals.every((invoice) => invoice.type === 'F2') ? 'R5' : 'R1';
  const named = input.recipient ?? originals.findLast((invoice) => invoice.recipient)?.recipient ?? null;
  if (type === 'R1' && named === null) return null;
  const unchanged: InvoiceLine = {
    item: 'thirdPartyChange',
    quantity: 1,
    unitCents: 0,
    totalCents: 0,
    ratePct: input.rates.tickets,
  };
  return draft(
    type,
    true,
    [unchanged],
    originals.map((invoice) => invoice.id),
    type === 'R1' ? named : null,
    'thirdParty',
  );
}

function draft(
  type: InvoiceType,
  rectifying: boolean,
  lines: InvoiceLine[],
  corrects: number[],
  recipient: Recipient | null,
  reason: DraftInvoice['reason'],
): DraftInvoice {
  const breakdown = vatBreakdown(lines.map((line) => ({ grossCents: line.totalCents, ratePct: line.ratePct })));
  return {
    type,
    rectifying,
    totalCents: breakdown.grossCents,
    lines,
    breakdown,
    corrects,
    replaces: [],
    recipient,
    reason,
  };
}

/** One line per ticket category and one for audio guides when they add up to the amount; else one line. */
function saleLines(input: PlanInput, amountCents: number): InvoiceLine[] {
  const lines = input.priced
    .filter((line) => line.quantity > 0)
    .map((line): InvoiceLine => ({
      item: line.item,
      quantity: line.quantity,
      unitCents: line.unitCents,
      totalCents: line.quantity * line.unitCents,
      ratePct: line.ratePct ?? (line.item === 'audioGuide' ? input.rates.audioGuide : input.rates.tickets),
      ...(line.partner ? { partner: line.partner } : {}),
      ...(line.category ? { category: line.category } : {}),
    }));
  if (lines.reduce((sum, line) => sum + line.totalCents, 0) === amountCents) return lines;
  // A price agreed otherwise (a reseller's net, a box-office adjustment): the tickets as one line.
  const quantity = Math.max(1, input.seats);
  return [
    {
      item: 'tickets',
      quantity,
      unitCents: amountCents % quantity === 0 ? amountCents / quantity : amountCents,
      totalCents: amountCents,
      ratePct: input.rates.tickets,
    },
  ];
}

function grossByRate(issued: readonly IssuedInvoice[]): Map<number, number> {
  const net = new Map<number, number>();
  for (const invoice of issued) {
    for (const group of invoice.grossByRate) net.set(group.ratePct, (net.get(group.ratePct) ?? 0) + group.grossCents);
  }
  return net;
}

/**
 * A difference spread over the VAT rates in the proportion the booking holds them, so a refund
 * gives back each rate's share; the cent left over by rounding goes to the largest share.
 */
export function splitByRate(amountCents: number, netByRate: Map<number, number>, fallbackRate: number): InvoiceLine[] {
  const groups = [...netByRate.entries()].filter(([, gross]) => gross > 0).sort(([a], [b]) => a - b);
  const total = groups.reduce((sum, [, gross]) => sum + gross, 0);
  if (groups.length === 0 || total <= 0) return [differenceLine(amountCents, fallbackRate)];
  const shares = groups.map(([ratePct, gross]) => ({
    ratePct,
    cents: Math.trunc((amountCents * gross) / total),
    gross,
  }));
  const rest = amountCents - shares.reduce((sum, share) => sum + share.cents, 0);
  shares.reduce((largest, share) => (share.gross > largest.gross ? share : largest)).cents += rest;
  return shares.filter((share) => share.cents !== 0).map((share) => differenceLine(share.cents, share.ratePct));
}

function differenceLine(cents: number, ratePct: number): InvoiceLine {
  return { item: 'difference', quantity: 1, unitCents: cents, totalCents: cents, ratePct };
}
