import type { Payload } from 'payload';

import type { Locale } from '../i18n/locales';
import type { BoxOfficeMethod } from './box-office-methods';
import { type Customer, endHoldTimeNow } from '../booking/bookings-repository';
import { iso, shopDb, type Tx } from '../booking/db';
import { publish } from '../booking/events';
import { parseRecipient, type RecipientField, type RecipientProblem } from '../invoicing/full-invoice';
import { saveRecipient } from '../invoicing/ledger';
import { bookingTax, tourTax } from '../invoicing/tour-vat';
import type { Recipient } from '../invoicing/types';
import { createHold, expireHolds, type HoldError } from '../booking/holds';
import { bookingPaidUnderKey, recordPayment, tillTotals, type TillEventScope } from '../booking/payments-repository';
import type { RuleViolation, Selection } from '../booking/pricing';
import { sellHeldSeats } from '../booking/departures-repository';
import { insertTickets } from '../booking/tickets-repository';
import { tourBookingSettings } from '../booking/tours-repository';
import { transitionBooking, type BookingMove } from '../booking/transitions';

/**
 * Box-office and phone sales (docs/decisions/093-box-office.md): the office sells on the same
 * seats and rules as the website, through the same hold, and says how the customer paid. Cash,
 * card terminal and agency invoice are paid at once: hold, tickets and the payment event in one
 * transaction. A payment link keeps the seats held while the customer pays online; the website's
 * own payment path then confirms it like any other booking.
 */

export { BOX_OFFICE_METHODS, type BoxOfficeMethod } from './box-office-methods';

/** Seats wait this long for a customer paying through an e-mailed link (never past departure). */
export const PAYMENT_LINK_HOURS = 24;

export type BoxOfficeSale = {
  departureId: number;
  selection: Selection;
  customer: Customer;
  /** The customer's language: tickets, e-mails and the payment page speak it. */
  locale: Locale;
  method: BoxOfficeMethod;
  /** The agency billed, for `invoice`: its legal name, the full invoice's recipient. */
  invoiceTo?: string;
  /**
   * The tax id and address the full invoice (F1) names, with `invoiceTo` as the name: required
   * for `invoice` (an agency is invoiced to its tax id), optional otherwise (a school paying cash
   * that wants an invoice); given, all three are required.
   */
  invoiceTaxId?: string;
  invoiceAddress?: string;
  /** A key the sales screen sends once per sale: a double tap or a retried request sells once. */
  requestKey?: string;
  /** `user:<id>`: the cash-up counts the sale for this staff member. */
  by: string;
  now?: Date;
};

export type InvoiceDetailsError =
  | 'invoiceToRequired'
  | 'invoiceNameRequired'
  | 'invoiceTaxIdRequired'
  | 'invoiceTaxIdFormat'
  | 'invoiceTaxIdCheckDigit'
  | 'invoiceAddressRequired'
  | 'invoiceDetailsTooLong';

export type BoxOfficeError = HoldError | 'emailRequired' | 'nameRequired' | 'fullInvoiceRequired' | InvoiceDetailsError;

export type BoxOfficeResult =
  | {
      ok: true;
      reference: string;
      bookingId: number;
      status: 'paid' | 'held';
      totalCents: number;
      holdExpiresAt: Date | null;
      replayed: boolean;
    }
  | {
      ok: false;
      error: BoxOfficeError;
      violations?: RuleViolation[];
      seatsLeft?: number;
      /** For an invoice details error: the field at fault (`name`, `taxId` or `address`). */
      field?: RecipientField;
      /** For `fullInvoiceRequired`: the tour's simplified invoice limit the sale is above, in cents. */
      limitCents?: number;
    };

type InvoiceDetails = { recipient: Recipient; address: string };

function detailsError(invoiceMethod: boolean, field: RecipientField, problem: RecipientProblem): InvoiceDetailsError {
  if (problem === 'tooLong') return 'invoiceDetailsTooLong';
  if (problem === 'taxIdFormat') return 'invoiceTaxIdFormat';
  if (problem === 'taxIdCheckDigit') return 'invoiceTaxIdCheckDigit';
  if (field === 'name') return invoiceMethod ? 'invoiceToRequired' : 'invoiceNameRequired';
  return field === 'taxId' ? 'invoiceTaxIdRequired' : 'invoiceAddressRequired';
}

/**
 * Whom the sale's full invoice names: the agency, for `invoice`; for another method, the
 * customer who gave any invoicing detail (then all three); nobody else (a simplified invoice). Checked before
 * any seat is taken, so refused details sell nothing.
 */
function invoiceDetailsOf(
  sale: BoxOfficeSale,
): { ok: true; details: InvoiceDetails | null } | { ok: false; error: InvoiceDetailsError; field: RecipientField } {
  const invoiceMethod = sale.method === 'invoice';
  const wanted =
    invoiceMethod || Boolean(sale.invoiceTo?.trim() || sale.invoiceTaxId?.trim() || sale.invoiceAddress?.trim());
  if (!wanted) return { ok: true, details: null };
  const parsed = parseRecipient({ name: sale.invoiceTo, taxId: sale.invoiceTaxId, address: sale.invoiceAddress });
  if (parsed.ok) return { ok: true, details: parsed.details };
  const field = (['name', 'taxId', 'address'] as const).find((candidate) => parsed.problems[candidate])!;
  return { ok: false, error: detailsError(invoiceMethod, field, parsed.problems[field]!), field };
}

const idempotencyKey = (requestKey: string) => `office:${requestKey}`;
/** A keyless sale's payment, under its own booking: outside `office:`, so no request key can name it. */
const keylessSaleKey = (bookingId: number) => `office-sale:${bookingId}`;

async function replayedSale(payload: Payload, requestKey: string): Promise<BoxOfficeResult | null> {
  const booking = await bookingPaidUnderKey(shopDb(payload), idempotencyKey(requestKey));
  if (!booking) return null;
  return {
    ok: true,
    reference: booking.reference,
    bookingId: booking.id,
    status: 'paid',
    totalCents: booking.totalCents,
    holdExpiresAt: null,
    replayed: true,
  };
}

class AlreadySold extends Error {}

/** The tours the sell page offers, in menu order: those with a price list, with their fares and full-invoice limit. */
export async function sellableTours(payload: Payload, locale: Locale) {
  const tours = await payload.find({
    collection: 'tours',
    locale,
    limit: 200,
    depth: 0,
    pagination: false,
    sort: 'menuOrder',
  });
  return tours.docs.flatMap((tour) => {
    const settings = tourBookingSettings(tour);
    if (!settings.priceList) return [];
    const { simplifiedLimitCents } = tourTax(settings);
    return [{ id: Number(tour.id), title: tour.title, priceList: settings.priceList, simplifiedLimitCents }];
  });
}

export async function sellAtBoxOffice(payload: Payload, sale: BoxOfficeSale): Promise<BoxOfficeResult> {
  const now = sale.now ?? new Date();
  if (!sale.customer.name.trim()) return { ok: false, error: 'nameRequired' };
  if (sale.method === 'link' && !sale.customer.email) return { ok: false, error: 'emailRequired' };
  const invoicing = invoiceDetailsOf(sale);
  if (!invoicing.ok) return { ok: false, error: invoicing.error, field: invoicing.field };
  const invoiceDetails = invoicing.details;
  // Without the screen's key a request is a sale of its own: a key made up from the staff member
  // and the time would merge two sales stamped in the same millisecond into one.
  const requestKey = sale.method === 'link' ? undefined : sale.requestKey;
  if (requestKey) {
    const replay = await replayedSale(payload, requestKey);
    if (replay) return replay;
  }

  const hold = await createHold(payload, {
    departureId: sale.departureId,
    selection: sale.selection,
    customer: sale.customer,
    locale: sale.locale,
    now,
    channel: 'office',
    ...(sale.method === 'link' ? { holdMinutes: PAYMENT_LINK_HOURS * 60 } : {}),
  });
  if (!hold.ok) return hold;

  // Above the tour's simplified invoice limit (RD 1619/2012 art. 4.1) the sale is invoiced in
  // full, and a full invoice names its recipient (decision 164): without the details nothing is
  // sold, by any method (a payment link's customer pays where nobody could ask them).
  if (!invoiceDetails) {
    const { simplifiedLimitCents } = await bookingTax(shopDb(payload), hold.bookingId);
    if (hold.totalCents > simplifiedLimitCents) {
      await endHoldTimeNow(shopDb(payload), hold.bookingId, now);
      await expireHolds(payload, { bookingId: hold.bookingId, now });
      return { ok: false, error: 'fullInvoiceRequired', field: 'name', limitCents: simplifiedLimitCents };
    }
  }

  if (sale.method === 'link') {
    // Invoiced when the customer pays online: the payment's transaction reads these details.
    if (invoiceDetails) {
      await shopDb(payload).transaction((tx) => saveRecipient(tx, hold.bookingId, invoiceDetails, now));
    }
    await publish(payload, {
      type: 'booking.paymentRequested',
      bookingId: hold.bookingId,
      reference: hold.reference,
      holdExpiresAt: hold.holdExpiresAt,
      by: sale.by,
      at: now,
    });
    return {
      ok: true,
      reference: hold.reference,
      bookingId: hold.bookingId,
      status: 'held',
      totalCents: hold.totalCents,
      holdExpiresAt: hold.holdExpiresAt,
      replayed: false,
    };
  }

  const method = sale.method;
  let claimed: BookingMove;
  try {
    claimed = await shopDb(payload).transaction(async (tx) => {
      const move = await transitionBooking(tx, hold.bookingId, 'held', 'paid', {
        now,
        by: sale.by,
        set: { sql: 'paid_at = ?', params: [iso(now)] },
      });
      if (!move) throw new Error(`box-office hold ${hold.reference} vanished before payment`);
      await sellHeldSeats(tx, sale.departureId, hold.quote.seats);
      await insertTickets(tx, { id: hold.bookingId, ...sale.selection }, now);
      // Before the payment: the invoice is issued as this transaction commits and names them (F1).
      if (invoiceDetails) await saveRecipient(tx, hold.bookingId, invoiceDetails, now);
      const recorded = await recordPayment(tx, {
        bookingId: hold.bookingId,
        amountCents: hold.totalCents,
        method,
        idempotencyKey: requestKey ? idempotencyKey(requestKey) : keylessSaleKey(hold.bookingId),
        requestedBy: sale.by,
        reason: method === 'invoice' ? `invoice:${sale.invoiceTo!.trim().slice(0, 200)}` : null,
        now,
      });
      // The same sale sent twice at once: the other request recorded it; this one sells nothing.
      if (!recorded) throw new AlreadySold();
      return move;
    });
  } catch (error) {
    // The hold is ours alone: give its seats back now rather than in 15 minutes.
    await endHoldTimeNow(shopDb(payload), hold.bookingId, now);
    await expireHolds(payload, { bookingId: hold.bookingId, now });
    if (error instanceof AlreadySold && requestKey) {
      const replay = await replayedSale(payload, requestKey);
      if (replay) return replay;
    }
    throw error;
  }
  await publish(payload, claimed.event);
  await publish(payload, {
    type: 'booking.paid',
    bookingId: hold.bookingId,
    reference: hold.reference,
    how: 'boxOffice',
    method,
    by: sale.by,
    at: now,
  });
  return {
    ok: true,
    reference: hold.reference,
    bookingId: hold.bookingId,
    status: 'paid',
    totalCents: hold.totalCents,
    holdExpiresAt: null,
    replayed: false,
  };
}

export type CashUpLine = {
  staff: string;
  method: string;
  sales: number;
  salesCents: number;
  refunds: number;
  refundsCents: number;
};

/**
 * A day's cash-up (Madrid calendar day): per staff member and payment method, what they took
 * and what they gave back by hand. Card payments on the website and gateway refunds are nobody's
 * till, so only staff-requested events count.
 */
export async function cashUp(payload: Payload, range: { from: Date; to: Date; staff?: string }): Promise<CashUpLine[]> {
  return cashUpLines(shopDb(payload), { from: range.from, to: range.to, requestedBy: range.staff });
}

/** The same lines for any scope of events (the till: those a close has not settled, or settled). */
export async function cashUpLines(target: Pick<Tx, 'query'>, scope: TillEventScope): Promise<CashUpLine[]> {
  const lines = await tillTotals(target, scope);
  return lines.map(({ requestedBy, ...line }) => ({ staff: requestedBy, ...line }));
}
