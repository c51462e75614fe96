import type { Payload } from 'payload';
import { createTranslator } from 'next-intl';

import { findBookingRecord, type BookingRecord } from '@/booking/bookings-repository';
import { date, shopDb, str } from '@/booking/db';
import { findDeparture } from '@/booking/departures-repository';
import { formatEuros } from '@/booking/money';
import { paymentEventsOf, type PaymentEvent } from '@/booking/payments-repository';
import { timeText } from '@/i18n/time';
import { localeInfo, type Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { written } from '@/i18n/written';
import { OPERATOR_TIME_ZONE } from '@/lib/operator';

/**
 * What a booking really is, for the visitor (the thank-you page, the booking page): never
 * "confirmed" unless it is paid. A payment that arrived after its departure was cancelled (or its
 * hold had run out) shows as what it became: no booking, the money on its way back, and when the
 * bank shows it. The history is the booking's own story in plain words, from the payments and
 * refunds (payment_events) and the audit log the booking events write (audit/subscribers.ts).
 */

export type BookingView = 'waiting' | 'confirmed' | 'disrupted' | 'refunding' | 'cancelled' | 'expired';

export type HistoryEntry = {
  at: Date;
  kind:
    | 'created'
    | 'paid'
    | 'refunded'
    | 'refundPending'
    | 'refundFailed'
    | 'cancelled'
    | 'moved'
    | 'corrected'
    | 'departureCancelled'
    | 'paymentRequested'
    | 'movePaymentRequested'
    | 'expired';
  by: 'visitor' | 'office';
  amountCents?: number;
  /** Where a move took the booking. */
  to?: Date;
};

/** How long banks take, at most, to show a card refund: what the notices promise too. */
const CARD_REFUND_DAYS = 14;

export type BookingState = {
  reference: string;
  status: BookingRecord['status'];
  view: BookingView;
  /** A payment that found no seats: it never became a booking. */
  late: boolean;
  tourTitle: string;
  startsAt: Date;
  seats: number;
  totalCents: number;
  paidCents: number;
  refundedCents: number;
  /** Refunds asked of the bank and not answered yet. */
  refundPendingCents: number;
  refundFailed: boolean;
  /** Every refund went back through the gateway that took the card. */
  refundByCard: boolean;
  /** When the last refund went through, and by when the bank shows it. */
  refundedAt: Date | null;
  refundVisibleBy: Date | null;
  history: HistoryEntry[];
};

const who = (actor: string): 'visitor' | 'office' => (actor === 'visitor' ? 'visitor' : 'office');

function viewOf(booking: BookingRecord, events: PaymentEvent[]): BookingView {
  const pending = events.some((e) => e.kind === 'refund' && e.status === 'pending');
  switch (booking.status) {
    case 'paid':
      return 'confirmed';
    case 'disrupted':
      return 'disrupted';
    case 'refundPending':
      return 'refunding';
    case 'cancelled':
      return pending ? 'refunding' : 'cancelled';
    case 'expired':
      return 'expired';
    case 'held':
      return 'waiting';
  }
}

async function auditOf(
  payload: Payload,
  reference: string,
): Promise<{ actor: string; action: string; after: unknown; at: Date }[]> {
  const { rows } = await shopDb(payload).query(
    'SELECT actor, action, after, created_at FROM audit_log WHERE subject = ? ORDER BY created_at, id',
    [`booking:${reference}`],
  );
  return rows.map((row) => ({
    actor: str(row.actor),
    action: str(row.action),
    after: typeof row.after === 'string' ? (JSON.parse(row.after) as unknown) : row.after,
    at: date(row.created_at),
  }));
}

async function departureCancelledAt(payload: Payload, departureId: number): Promise<Date | null> {
  const { rows } = await shopDb(payload).query(
    "SELECT created_at FROM audit_log WHERE subject = ? AND action = 'departure.cancelled' ORDER BY id LIMIT 1",
    [`departure:${departureId}`],
  );
  return rows[0] ? date(rows[0].created_at) : null;
}

async function historyOf(payload: Payload, booking: BookingRecord, events: PaymentEvent[]): Promise<HistoryEntry[]> {
  const entries: HistoryEntry[] = [{ at: booking.createdAt, kind: 'created', by: 'visitor' }];
  for (const e of events) {
    if (e.kind === 'payment' && e.status === 'succeeded') {
      entries.push({ at: e.createdAt, kind: 'paid', by: who(e.requestedBy), amountCents: e.amountCents });
    } else if (e.kind === 'refund') {
      const kind = e.status === 'succeeded' ? 'refunded' : e.status === 'pending' ? 'refundPending' : 'refundFailed';
      entries.push({ at: e.updatedAt, kind, by: who(e.requestedBy), amountCents: e.amountCents });
    }
  }
  const db = shopDb(payload);
  for (const a of await auditOf(payload, booking.reference)) {
    const after = (a.after ?? {}) as Record<string, unknown>;
    if (a.action === 'booking.cancelled') entries.push({ at: a.at, kind: 'cancelled', by: who(a.actor) });
    else if (a.action === 'booking.corrected') entries.push({ at: a.at, kind: 'corrected', by: who(a.actor) });
    else if (a.action === 'booking.paymentRequested')
      entries.push({ at: a.at, kind: 'paymentRequested', by: who(a.actor) });
    else if (a.action === 'booking.movePaymentRequested')
      entries.push({
        at: a.at,
        kind: 'movePaymentRequested',
        by: who(a.actor),
        amountCents: Number(after.differenceCents) || 0,
      });
    else if (a.action === 'booking.moved') {
      const to = typeof after.departureId === 'number' ? await findDeparture(db, after.departureId) : null;
      entries.push({ at: a.at, kind: 'moved', by: who(a.actor), ...(to ? { to: to.startsAt } : {}) });
    }
  }
  if (booking.disruptedFrom !== null) {
    const at = await departureCancelledAt(payload, booking.disruptedFrom);
    if (at) entries.push({ at, kind: 'departureCancelled', by: 'office' });
  }
  if (booking.status === 'expired') entries.push({ at: booking.holdExpiresAt, kind: 'expired', by: 'office' });
  // Ties (a cancellation and its refund in one request) keep the order they happened in above.
  return entries
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime() || a.i - b.i)
    .map(({ entry }) => entry);
}

export async function loadBookingState(
  payload: Payload,
  reference: string,
  locale: Locale,
): Promise<BookingState | null> {
  const db = shopDb(payload);
  const booking = await findBookingRecord(db, { reference });
  if (!booking) return null;
  const departure = await findDeparture(db, booking.departureId);
  if (!departure) return null;
  const tour = await payload.findByID({ collection: 'tours', id: booking.tourId, locale, depth: 0 });
  const events = await paymentEventsOf(db, booking.id);
  const refunds = events.filter((e) => e.kind === 'refund');
  const done = refunds.filter((e) => e.status === 'succeeded');
  const refundedAt = done.length > 0 ? done[done.length - 1]!.updatedAt : null;
  const refundByCard = refunds.length > 0 && refunds.every((e) => e.orderRef !== null);
  return {
    reference: booking.reference,
    status: booking.status,
    view: viewOf(booking, events),
    // Money for a booking that had no seats (checkout.ts refunds it as `paymentWithoutSeats`); a
    // move's or a second payment's automatic refund leaves a booking that stands, and is not this.
    late:
      booking.status === 'refundPending' ||
      (booking.status === 'cancelled' && events.some((e) => e.kind === 'refund' && e.reason === 'paymentWithoutSeats')),
    tourTitle: tour.title,
    startsAt: departure.startsAt,
    seats: booking.seats,
    totalCents: booking.totalCents,
    paidCents: booking.paidCents,
    refundedCents: done.reduce((sum, e) => sum + e.amountCents, 0),
    refundPendingCents: refunds.filter((e) => e.status === 'pending').reduce((sum, e) => sum + e.amountCents, 0),
    refundFailed: refunds.some((e) => e.status === 'failed'),
    refundByCard,
    refundedAt,
    refundVisibleBy: refundedAt && refundByCard ? new Date(refundedAt.getTime() + CARD_REFUND_DAYS * 86_400_000) : null,
    history: await historyOf(payload, booking, events),
  };
}

function dayText(at: Date, locale: Locale, withTime = false): string {
  return new Intl.DateTimeFormat(localeInfo[locale].iso, {
    timeZone: OPERATOR_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  }).format(at);
}

/** The state in words: a title and its sentences, and the history's lines, in the visitor's language. */
export type BookingStateText = {
  view: BookingView;
  title: string;
  lines: string[];
  history: { at: string; text: string }[];
};

export async function describeBookingState(state: BookingState, locale: Locale): Promise<BookingStateText> {
  const t = written(locale, createTranslator({ locale, messages: await loadMessages(locale), namespace: 'notices' }));
  const euros = (cents: number) => formatEuros(cents, locale);
  const trip = {
    reference: state.reference,
    tour: state.tourTitle,
    date: dayText(state.startsAt, locale),
    time: timeText(state.startsAt, locale),
    seats: state.seats,
  };
  const lines: string[] = [];
  switch (state.view) {
    case 'waiting':
      lines.push(t('state.waiting', { ...trip, amount: euros(state.totalCents) }));
      break;
    case 'confirmed':
      lines.push(t('state.confirmed', { ...trip, amount: euros(state.paidCents - state.refundedCents) }));
      if (state.refundedCents > 0) lines.push(t('state.partlyRefunded', { amount: euros(state.refundedCents) }));
      break;
    case 'disrupted':
      lines.push(t('state.disrupted', { ...trip, amount: euros(state.paidCents - state.refundedCents) }));
      break;
    case 'expired':
      lines.push(t('state.expired', trip));
      break;
    case 'refunding':
    case 'cancelled':
      lines.push(t(state.late ? 'state.late' : 'state.cancelled', { ...trip, amount: euros(state.paidCents) }));
      break;
  }
  if (state.view === 'refunding' || state.view === 'cancelled') {
    if (state.refundPendingCents > 0) lines.push(t('state.refundPending', { amount: euros(state.refundPendingCents) }));
    if (state.refundedCents > 0)
      lines.push(
        t('state.refunded', {
          amount: euros(state.refundedCents),
          on: dayText(state.refundedAt!, locale),
          byCard: state.refundByCard ? 'yes' : 'no',
          until: state.refundVisibleBy ? dayText(state.refundVisibleBy, locale) : '',
        }),
      );
    else if (state.refundPendingCents === 0 && state.paidCents > 0 && !state.refundFailed)
      lines.push(t('state.nothingReturned'));
  }
  if (state.refundFailed && state.refundPendingCents === 0) lines.push(t('state.refundFailed'));
  return {
    view: state.view,
    title: t('state.title', { view: state.late ? 'late' : state.view }),
    lines,
    history: state.history.map((entry) => ({
      at: dayText(entry.at, locale, true),
      text: t('history.entry', {
        kind: entry.kind,
        by: entry.by,
        amount: euros(entry.amountCents ?? 0),
        date: entry.to ? dayText(entry.to, locale) : '',
        time: entry.to ? timeText(entry.to, locale) : '',
      }),
    })),
  };
}
