import type { Payload } from 'payload';
import { createTranslator } from 'next-intl';

import { disruptedBookingsNotSent, findBookingRecord } from '@/booking/bookings-repository';
import { date as toDate, num, shopDb, str } from '@/booking/db';
import { findDeparture } from '@/booking/departures-repository';
import { formatEuros } from '@/booking/money';
import { timeText } from '@/i18n/time';
import { isLocale, localeInfo, type Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { written } from '@/i18n/written';
import { env } from '@/lib/env';
import { OPERATOR_TIME_ZONE } from '@/lib/operator';
import { queueEmail } from '@/mail/queue';
import { queueSms } from '@/sms';

import { bookingPageUrl, changePageUrl, paymentPageUrl } from './links';

/**
 * What we tell visitors after the sale, in the language they booked in: their departure was
 * cancelled (e-mail and SMS with the signed link to choose), a reminder when they have not
 * chosen, and a payment returned because it arrived without seats. Each notice is filed in the
 * e-mail log under `bookings:<id>` and its template, which is how a sweep finds the missing ones.
 */

export const DISRUPTION_TEMPLATE = 'disruption';
export const REMINDER_TEMPLATE = 'disruption-reminder';
export const AUTO_REFUND_TEMPLATE = 'auto-refund';
export const PAYMENT_LINK_TEMPLATE = 'payment-link';
/** One per move (a booking may be offered several over time): `move-payment:<move id>`. */
export const movePaymentTemplate = (moveId: number) => `move-payment:${moveId}`;
export const MOVE_REFUND_TEMPLATE = 'move-refund';
export const SECOND_PAYMENT_TEMPLATE = 'second-payment';
export const noticeRef = (bookingId: number) => `bookings:${bookingId}`;

type NoticeBooking = {
  id: number;
  reference: string;
  locale: Locale;
  email: string;
  name: string;
  surnames: string;
  mobilePhone: string;
  status: string;
  amountCents: number;
  paidCents: number;
  seats: number;
  holdExpiresAt: Date;
  tourSlug: string;
  tourTitle: string;
  startsAt: Date;
  reason: string;
};

async function loadNoticeBooking(payload: Payload, bookingId: number): Promise<NoticeBooking | null> {
  const db = shopDb(payload);
  const booking = await findBookingRecord(db, { id: bookingId });
  if (!booking) return null;
  // A disrupted booking (and one moved since) is told about the departure that was cancelled.
  const departure = await findDeparture(db, booking.disruptedFrom ?? booking.departureId);
  if (!departure) return null;
  const locale = isLocale(booking.locale) ? booking.locale : 'ca';
  const tour = await payload.findByID({ collection: 'tours', id: booking.tourId, locale, depth: 0 });
  return {
    id: booking.id,
    reference: booking.reference,
    locale,
    email: booking.customer.email,
    name: booking.customer.name,
    surnames: booking.customer.surnames,
    mobilePhone: booking.customer.mobilePhone,
    status: booking.status,
    amountCents: booking.paidCents - booking.refundedCents || booking.totalCents,
    paidCents: booking.paidCents,
    seats: booking.seats,
    holdExpiresAt: booking.holdExpiresAt,
    tourSlug: tour.slug,
    tourTitle: tour.title,
    startsAt: departure.startsAt,
    reason: departure.cancelReason || 'other',
  };
}

/**
 * The `notices` messages of a language, for every notice the booking's customer gets, written by
 * the language's rules (src/i18n/written.ts: "l'1 de desembre").
 */
export async function translatorFor(locale: Locale) {
  const messages = await loadMessages(locale);
  return written(locale, createTranslator({ locale, messages, namespace: 'notices' }));
}

function values(b: NoticeBooking, url: string) {
  const day = new Intl.DateTimeFormat(localeInfo[b.locale].iso, {
    timeZone: OPERATOR_TIME_ZONE,
    day: 'numeric',
    month: 'long',
  }).format(b.startsAt);
  return {
    name: b.name.split(/\s+/)[0] ?? b.name,
    tour: b.tourTitle,
    date: day,
    time: timeText(b.startsAt, b.locale),
    reference: b.reference,
    amount: formatEuros(b.amountCents, b.locale),
    brand: env().SITE_BRAND,
    url,
  };
}

async function alreadySent(payload: Payload, bookingId: number, template: string): Promise<boolean> {
  const { rows } = await shopDb(payload).query('SELECT 1 FROM email_log WHERE ref = ? AND template = ? LIMIT 1', [
    noticeRef(bookingId),
    template,
  ]);
  return rows.length > 0;
}

/** The cancellation notice (or its reminder) of one disrupted booking: e-mail and SMS, once each. */
export async function sendDisruptionNotice(
  payload: Payload,
  bookingId: number,
  kind: 'notice' | 'reminder' = 'notice',
): Promise<boolean> {
  const template = kind === 'notice' ? DISRUPTION_TEMPLATE : REMINDER_TEMPLATE;
  if (await alreadySent(payload, bookingId, template)) return false;
  const booking = await loadNoticeBooking(payload, bookingId);
  if (!booking || booking.status !== 'disrupted') return false;
  const t = await translatorFor(booking.locale);
  // The reason's code, not its words: each message chooses its own phrase (ICU select), so the
  // preposition agrees with it in every language.
  const v = {
    ...values(booking, changePageUrl(booking.reference, booking.locale, booking.startsAt)),
    reason: booking.reason,
  };
  await queueEmail(payload, {
    to: [{ address: booking.email, name: `${booking.name} ${booking.surnames}`.trim() }],
    subject: t(kind === 'notice' ? 'disruptionSubject' : 'reminderSubject', v),
    text: `${t(kind === 'notice' ? 'disruptionEmail' : 'reminderEmail', v)}\n`,
    ref: noticeRef(booking.id),
    template,
  });
  if (booking.mobilePhone.trim()) {
    await queueSms(payload, {
      to: booking.mobilePhone,
      text: t(kind === 'notice' ? 'disruptionSms' : 'reminderSms', v),
      ref: `${template}:${booking.id}`,
    });
  }
  return true;
}

/** Every disrupted booking of a cancelled departure that has not had its notice yet. */
export async function sendDisruptionNotices(payload: Payload, departureId?: number): Promise<number> {
  const ids = await disruptedBookingsNotSent(shopDb(payload), {
    template: DISRUPTION_TEMPLATE,
    departureId,
    limit: 500,
  });
  let sent = 0;
  for (const id of ids) if (await sendDisruptionNotice(payload, id)) sent++;
  return sent;
}

/** Tells the visitor a payment without seats went back to their card. */
export async function sendAutoRefundNotice(payload: Payload, bookingId: number): Promise<boolean> {
  if (await alreadySent(payload, bookingId, AUTO_REFUND_TEMPLATE)) return false;
  const booking = await loadNoticeBooking(payload, bookingId);
  if (!booking) return false;
  const t = await translatorFor(booking.locale);
  const v = values({ ...booking, amountCents: booking.paidCents }, '');
  await queueEmail(payload, {
    to: [{ address: booking.email, name: `${booking.name} ${booking.surnames}`.trim() }],
    subject: t('autoRefundSubject', v),
    text: `${t('autoRefundEmail', v)}\n`,
    ref: noticeRef(booking.id),
    template: AUTO_REFUND_TEMPLATE,
  });
  return true;
}

/**
 * The payment link of an office sale (box-office.ts): the amount, how long the seats wait, and
 * the signed link to pay, in the customer's language. Sent once.
 */
export async function sendPaymentLinkNotice(payload: Payload, bookingId: number): Promise<boolean> {
  if (await alreadySent(payload, bookingId, PAYMENT_LINK_TEMPLATE)) return false;
  const booking = await loadNoticeBooking(payload, bookingId);
  if (!booking || booking.status !== 'held' || !booking.email) return false;
  const t = await translatorFor(booking.locale);
  const until = new Intl.DateTimeFormat(localeInfo[booking.locale].iso, {
    timeZone: OPERATOR_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(booking.holdExpiresAt);
  const v = {
    ...values(booking, paymentPageUrl(booking.reference, booking.tourSlug, booking.locale, booking.startsAt)),
    seats: t('paymentLinkSeats', { count: booking.seats }),
    until,
  };
  await queueEmail(payload, {
    to: [{ address: booking.email, name: `${booking.name} ${booking.surnames}`.trim() }],
    subject: t('paymentLinkSubject', v),
    text: `${t('paymentLinkEmail', v)}\n`,
    ref: noticeRef(booking.id),
    template: PAYMENT_LINK_TEMPLATE,
  });
  return true;
}

function dayAndTime(startsAt: Date, locale: Locale) {
  return {
    date: new Intl.DateTimeFormat(localeInfo[locale].iso, {
      timeZone: OPERATOR_TIME_ZONE,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    }).format(startsAt),
    time: timeText(startsAt, locale),
  };
}

/**
 * A dearer move staff offered (operations/move-requests.ts): where to, the difference, until when the
 * seats wait, and the signed link to the booking page where the customer pays it. Once per move.
 */
export async function sendMovePaymentNotice(payload: Payload, bookingId: number, moveId: number): Promise<boolean> {
  const template = movePaymentTemplate(moveId);
  if (await alreadySent(payload, bookingId, template)) return false;
  const booking = await loadNoticeBooking(payload, bookingId);
  if (!booking?.email) return false;
  const db = shopDb(payload);
  const { rows } = await db.query(
    `SELECT m.status, m.difference_cents, m.expires_at, m.to_tour_id, m.to_departure_id FROM booking_moves m
     WHERE m.id = ? AND m.booking_id = ?`,
    [moveId, bookingId],
  );
  const move = rows[0];
  if (!move || str(move.status) !== 'pending') return false;
  const toDeparture = await findDeparture(db, num(move.to_departure_id));
  if (!toDeparture) return false;
  const t = await translatorFor(booking.locale);
  const toTour = await payload.findByID({
    collection: 'tours',
    id: num(move.to_tour_id),
    locale: booking.locale,
    depth: 0,
  });
  const to = dayAndTime(toDeparture.startsAt, booking.locale);
  // Once paid, the booking is on the new departure: the link lives as long as the later of the two.
  const linkFrom = new Date(Math.max(booking.startsAt.getTime(), toDeparture.startsAt.getTime()));
  const v = {
    ...values(booking, bookingPageUrl(booking.reference, booking.locale, linkFrom)),
    toTour: toTour.title,
    toDate: to.date,
    toTime: to.time,
    amount: formatEuros(num(move.difference_cents), booking.locale),
    until: new Intl.DateTimeFormat(localeInfo[booking.locale].iso, {
      timeZone: OPERATOR_TIME_ZONE,
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(toDate(move.expires_at)),
  };
  await queueEmail(payload, {
    to: [{ address: booking.email, name: `${booking.name} ${booking.surnames}`.trim() }],
    subject: t('movePaymentSubject', v),
    text: `${t('movePaymentEmail', v)}\n`,
    ref: noticeRef(booking.id),
    template,
  });
  return true;
}

/**
 * Money that came without buying anything went back while the booking stays as it was: a move's
 * difference paid when the move could no longer happen, or a second payment of a paid booking.
 */
export async function sendExtraPaymentRefundNotice(
  payload: Payload,
  bookingId: number,
  amountCents: number,
  kind: 'move' | 'second',
): Promise<boolean> {
  const booking = await loadNoticeBooking(payload, bookingId);
  if (!booking?.email) return false;
  const t = await translatorFor(booking.locale);
  const v = {
    ...values({ ...booking, amountCents }, bookingPageUrl(booking.reference, booking.locale, booking.startsAt)),
  };
  await queueEmail(payload, {
    to: [{ address: booking.email, name: `${booking.name} ${booking.surnames}`.trim() }],
    subject: t(kind === 'move' ? 'moveRefundSubject' : 'secondPaymentSubject', v),
    text: `${t(kind === 'move' ? 'moveRefundEmail' : 'secondPaymentEmail', v)}\n`,
    ref: noticeRef(booking.id),
    template: kind === 'move' ? MOVE_REFUND_TEMPLATE : SECOND_PAYMENT_TEMPLATE,
  });
  return true;
}
