import type { Payload } from 'payload';

import { findBookingRecord, type BookingRecord } from '@/booking/bookings-repository';
import { shopDb } from '@/booking/db';
import { findDeparture } from '@/booking/departures-repository';
import type { EventOf } from '@/booking/events';
import { formatEuros } from '@/booking/money';
import { paymentEventsOf } from '@/booking/payments-repository';
import { partsOfRefund } from '@/partners/used-parts';
import { timeText } from '@/i18n/time';
import { isLocale, localeInfo, type Locale } from '@/i18n/locales';
import { env } from '@/lib/env';
import { OPERATOR_TIME_ZONE } from '@/lib/operator';
import { queueEmail } from '@/mail/queue';
import { queueSms } from '@/sms';
import { loadPaidBooking, ticketEmailInput } from '@/tickets/delivery';
import { renderTicketEmail } from '@/tickets/ticket-email';

import { noticeRef, translatorFor } from './disruption-notices';
import { bookingPageUrl } from './links';

/**
 * Every change to a booking after the sale tells its customer, in the booking's language, what
 * changed, what it cost or returned and what to do: driven by the booking events, so every path
 * that publishes one (the office, the visitor's own choices, resellers, the schedule) is covered
 * by the same subscriber (subscribers.ts). A change the visitor made is confirmed ("as you
 * asked"); one the office made is announced as such. E-mail always; an SMS as well when the day
 * of travel is affected (a cancellation, a move) and the trip is still ahead.
 *
 * Each notice is filed in the e-mail log under `bookings:<id>` and its template. A move's notice
 * IS the new tickets' e-mail (one message, not two): the tickets with a subject and opening that
 * say the trip changed and the old tickets are void.
 */

export const CANCELLED_TEMPLATE = 'booking-cancelled';
export const REFUNDED_TEMPLATE = 'booking-refunded';
export const MOVED_TEMPLATE = 'booking-moved';
export const CORRECTED_TEMPLATE = 'booking-corrected';
export const MOVE_WITHDRAWN_TEMPLATE = 'booking-move-withdrawn';

/** Refunds that already have a notice of their own (disruption-notices.ts). */
const REFUNDS_WITH_OWN_NOTICE = new Set(['paymentWithoutSeats', 'movePaymentWithoutMove', 'secondPayment']);
/** A move's price difference: the payment of a dearer one, the refund of a cheaper one. */
const MOVE_DIFFERENCE = 'price difference of a move';
/** How long banks take, at most, to show a card refund: what the notice promises. */
const CARD_REFUND_DAYS = 14;

/**
 * What a refund notice says about the booking and its tickets. A cheaper move's difference goes
 * out at the moment of the move's notice, which voids the old tickets: the refund says the same
 * (issue 43: it used to say "the tickets do not change").
 */
export function refundStory(status: string, reason: string | undefined): 'cancelled' | 'moved' | 'standing' {
  if (status === 'cancelled' || status === 'refundPending') return 'cancelled';
  return reason === MOVE_DIFFERENCE ? 'moved' : 'standing';
}

/** `visitor` for what the customer did on the site; everything else the office (or we) did. */
export function whoChanged(by: string | undefined): 'visitor' | 'office' {
  return by === 'visitor' ? 'visitor' : 'office';
}

type Customer = { booking: BookingRecord; locale: Locale; startsAt: Date; tourTitle: string };

/**
 * The booking as its customer knows it, or null when we do not write to them: a reseller's guest
 * hears from the reseller (OCTO webhooks), unless the reseller asked us to e-mail its tickets.
 */
async function customerOf(payload: Payload, bookingId: number): Promise<Customer | null> {
  const db = shopDb(payload);
  const booking = await findBookingRecord(db, { id: bookingId });
  if (!booking) return null;
  if (booking.channel === 'reseller' && !booking.ticketsByEmail) return null;
  const departure = await findDeparture(db, booking.departureId);
  if (!departure) return null;
  const locale = isLocale(booking.locale) ? booking.locale : 'ca';
  const tour = await payload.findByID({ collection: 'tours', id: booking.tourId, locale, depth: 0 });
  return { booking, locale, startsAt: departure.startsAt, tourTitle: tour.title };
}

function dayText(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(localeInfo[locale].iso, {
    timeZone: OPERATOR_TIME_ZONE,
    day: 'numeric',
    month: 'long',
  }).format(at);
}

function common(c: Customer) {
  const { booking, locale } = c;
  return {
    name: booking.customer.name.split(/\s+/)[0] || booking.customer.name,
    tour: c.tourTitle,
    date: dayText(c.startsAt, locale),
    time: timeText(c.startsAt, locale),
    reference: booking.reference,
    brand: env().SITE_BRAND,
    // The booking page opens for every status, with its history; its link lives from the departure.
    url: bookingPageUrl(booking.reference, locale, c.startsAt),
  };
}

function recipient(c: Customer) {
  return [
    { address: c.booking.customer.email, name: `${c.booking.customer.name} ${c.booking.customer.surnames}`.trim() },
  ];
}

/** An SMS only while the trip is ahead: afterwards nobody needs it on their phone. */
async function smsIfAhead(payload: Payload, c: Customer, text: string, ref: string, now: Date): Promise<void> {
  if (!c.booking.customer.mobilePhone.trim() || c.startsAt.getTime() <= now.getTime()) return;
  await queueSms(payload, { to: c.booking.customer.mobilePhone, text, ref });
}

/**
 * A cancellation: the tickets are void. Money goes back through its own notice once the bank
 * has accepted it (sendRefundNotice), so this one never promises an amount it does not know.
 * A disrupted booking's refund choice (`departureCancelled`) is told by the refund notice alone:
 * the visitor already knows the departure was cancelled, and chose the refund themselves.
 */
export async function sendCancellationNotice(
  payload: Payload,
  event: EventOf<'booking.cancelled'>,
  now = new Date(),
): Promise<boolean> {
  if (event.reason === 'departureCancelled') return false;
  const c = await customerOf(payload, event.bookingId);
  // A hold let go before it was paid (a reseller's) had no tickets to void.
  if (!c || c.booking.paidCents === 0) return false;
  const t = await translatorFor(c.locale);
  const v = { ...common(c), by: whoChanged(event.by) };
  let sent = false;
  if (c.booking.customer.email) {
    await queueEmail(payload, {
      to: recipient(c),
      subject: t('booking.cancelledSubject', v),
      text: `${t('booking.cancelledEmail', v)}\n`,
      ref: noticeRef(c.booking.id),
      template: CANCELLED_TEMPLATE,
    });
    sent = true;
  }
  await smsIfAhead(payload, c, t('booking.cancelledSms', v), `${CANCELLED_TEMPLATE}:${c.booking.id}`, now);
  return sent;
}

/**
 * A cancelled combined tour's partner parts in its refund notice (decision 181): which admissions
 * the amount includes, and which it does not because the visitor already used them.
 */
async function partsText(payload: Payload, c: Customer, t: Awaited<ReturnType<typeof translatorFor>>): Promise<string> {
  const parts = await partsOfRefund(payload, c.booking.id);
  const list = (kept: boolean) =>
    parts
      .filter((part) => part.kept === kept)
      .map((part) => `${part.partner} (${formatEuros(part.cents, c.locale)})`)
      .join(', ');
  const included = list(false);
  const kept = list(true);
  return [
    included ? ` ${t('booking.refundedPartsIncluded', { parts: included })}` : '',
    kept ? ` ${t('booking.refundedPartsKept', { parts: kept })}` : '',
  ].join('');
}

/**
 * Money returned, whole or part: how much, how it comes back and, for a card, by when the bank
 * shows it; and whether the booking still stands. Refunds that have a notice of their own
 * (a payment without seats, a move or second payment that came back) are left to it.
 */
export async function sendRefundNotice(payload: Payload, event: EventOf<'booking.refunded'>): Promise<boolean> {
  if (event.reason && REFUNDS_WITH_OWN_NOTICE.has(event.reason)) return false;
  const c = await customerOf(payload, event.bookingId);
  if (!c?.booking.customer.email) return false;
  const refunds = (await paymentEventsOf(shopDb(payload), c.booking.id)).filter(
    (e) => e.kind === 'refund' && e.status === 'succeeded' && e.amountCents === event.amountCents,
  );
  const refund = refunds.at(-1);
  // A gateway refund goes back to the card (or Bizum) that paid; the rest the way it came.
  const byCard = refund ? refund.orderRef !== null : true;
  const t = await translatorFor(c.locale);
  const v = {
    ...common(c),
    by: whoChanged(event.by),
    amount: formatEuros(event.amountCents, c.locale),
    method: byCard ? 'card' : 'other',
    until: dayText(new Date(event.at.getTime() + CARD_REFUND_DAYS * 86_400_000), c.locale),
    state: refundStory(c.booking.status, event.reason),
    parts: '',
  };
  if (v.state === 'cancelled') v.parts = await partsText(payload, c, t);
  await queueEmail(payload, {
    to: recipient(c),
    subject: t('booking.refundedSubject', v),
    text: `${t('booking.refundedEmail', v)}\n`,
    ref: noticeRef(c.booking.id),
    template: REFUNDED_TEMPLATE,
  });
  return true;
}

/**
 * What a move cost or returns. A dearer move's difference was paid in the move's own transaction
 * (or by the link that completed it); a cheaper one's refund follows the event, so it is what
 * the booking holds beyond its new price.
 */
async function moveDifference(
  payload: Payload,
  booking: BookingRecord,
  at: Date,
): Promise<{ difference: 'more' | 'less' | 'same'; cents: number }> {
  const held = booking.paidCents - booking.refundedCents;
  if (held > booking.totalCents) return { difference: 'less', cents: held - booking.totalCents };
  const paid = (await paymentEventsOf(shopDb(payload), booking.id)).filter(
    (e) =>
      e.kind === 'payment' &&
      e.status === 'succeeded' &&
      e.reason === MOVE_DIFFERENCE &&
      Math.abs(e.createdAt.getTime() - at.getTime()) < 60_000,
  );
  const cents = paid.reduce((sum, e) => sum + e.amountCents, 0);
  return cents > 0 ? { difference: 'more', cents } : { difference: 'same', cents: 0 };
}

/**
 * A move: from where to where, that the old tickets are void, what it cost or returns, and the
 * new tickets attached: the tickets' e-mail with the change as its subject and opening.
 */
export async function sendMoveNotice(
  payload: Payload,
  event: EventOf<'booking.moved'>,
  now = new Date(),
): Promise<boolean> {
  const c = await customerOf(payload, event.bookingId);
  if (!c) return false;
  const db = shopDb(payload);
  const from = await findDeparture(db, event.fromDepartureId);
  const fromTour =
    from && from.tourId !== c.booking.tourId
      ? (await payload.findByID({ collection: 'tours', id: from.tourId, locale: c.locale, depth: 0 })).title
      : c.tourTitle;
  const t = await translatorFor(c.locale);
  const diff = await moveDifference(payload, c.booking, event.at);
  const v = {
    ...common(c),
    by: whoChanged(event.by),
    fromTour,
    fromDate: from ? dayText(from.startsAt, c.locale) : '',
    fromTime: from ? timeText(from.startsAt, c.locale) : '',
    difference: diff.difference,
    diff: formatEuros(diff.cents, c.locale),
  };
  let sent = false;
  if (c.booking.customer.email) {
    // The tickets carry the booking's invoice; until it is issued they cannot be rendered, and the
    // notice goes without them (the booking page has them, and the office can resend them).
    const paid = await loadPaidBooking(payload, { id: c.booking.id }, { issueInvoice: false });
    if (paid && paid.tickets.length > 0 && paid.invoice !== 'missing') {
      const change = {
        subject: t('booking.movedSubject', v),
        lead: t('booking.movedIntro', { ...v, attached: 'yes' }),
      };
      const email = await renderTicketEmail({ ...ticketEmailInput(paid), change });
      await queueEmail(payload, {
        to: recipient(c),
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: email.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          contentBase64: Buffer.from(a.content).toString('base64'),
        })),
        ref: noticeRef(c.booking.id),
        template: MOVED_TEMPLATE,
      });
    } else {
      await queueEmail(payload, {
        to: recipient(c),
        subject: t('booking.movedSubject', v),
        text: `${t('booking.movedFallback', { ...v, lead: t('booking.movedIntro', { ...v, attached: 'no' }) })}\n`,
        ref: noticeRef(c.booking.id),
        template: MOVED_TEMPLATE,
      });
    }
    sent = true;
  }
  await smsIfAhead(payload, c, t('booking.movedSms', v), `${MOVED_TEMPLATE}:${c.booking.id}`, now);
  return sent;
}

/** Contact details corrected: which ones (never their values in a log), sent to the address now on file. */
export async function sendCorrectionNotice(payload: Payload, event: EventOf<'booking.corrected'>): Promise<boolean> {
  const c = await customerOf(payload, event.bookingId);
  if (!c?.booking.customer.email || event.fields.length === 0) return false;
  const t = await translatorFor(c.locale);
  const fields = new Intl.ListFormat(localeInfo[c.locale].iso, { type: 'conjunction' }).format(
    event.fields.map((field) => t('booking.field', { field })),
  );
  const v = { ...common(c), by: whoChanged(event.by), fields };
  await queueEmail(payload, {
    to: recipient(c),
    subject: t('booking.correctedSubject', v),
    text: `${t('booking.correctedEmail', v)}\n`,
    ref: noticeRef(c.booking.id),
    template: CORRECTED_TEMPLATE,
  });
  return true;
}

/**
 * Staff took back a move they had offered for payment (operations/move-requests.ts): the customer holds an
 * e-mail with a link to pay it, so they are told it is gone and their booking stands as it was.
 * A cancellation withdraws pending moves too, without this event: its own notice says it all.
 */
export async function sendMoveWithdrawnNotice(
  payload: Payload,
  event: EventOf<'booking.moveWithdrawn'>,
): Promise<boolean> {
  const c = await customerOf(payload, event.bookingId);
  if (!c?.booking.customer.email || c.booking.status !== 'paid') return false;
  const t = await translatorFor(c.locale);
  const v = common(c);
  await queueEmail(payload, {
    to: recipient(c),
    subject: t('booking.moveWithdrawnSubject', v),
    text: `${t('booking.moveWithdrawnEmail', v)}\n`,
    ref: noticeRef(c.booking.id),
    template: MOVE_WITHDRAWN_TEMPLATE,
  });
  return true;
}
