import type { Payload } from 'payload';

import { boardingTime } from '@/booking/booking-window';
import { findBookingRecord, paidBookingsNotSent } from '@/booking/bookings-repository';
import { num, shopDb, type ShopDb } from '@/booking/db';
import { findDeparture } from '@/booking/departures-repository';
import { bookingSignature, linkExpiryFor } from '@/booking/signature';
import type { TicketCategory, TripType } from '@/booking/pricing';
import { ticketsOfBooking } from '@/booking/tickets-repository';
import {
  admissionsOfCurrentTickets,
  admissionsOnTickets,
  bookingAdmissions,
  type VisitorAdmission,
} from '@/partners/admissions-repository';
import { isLocale, type Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';
import { invoiceDocumentInput, isAnnulled } from '@/invoicing/document-source';
import { invoicesOfBooking, issueDueInvoice, paidSinceInvoicingStarted, type StoredInvoice } from '@/invoicing/ledger';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { queueEmail } from '@/mail/queue';
import { walletLinksOf } from '@/wallet/passes';

import { renderTicketEmail, type TicketEmailInput } from './ticket-email';
import type { TicketInvoice } from './ticket-pdf';

// The signature lives in the booking domain (checkout signs the return URL); re-exported for the
// booking page and its PDF, which check it next to the tickets they load from here.
export { checkBookingLink, isValidBookingLink } from '@/booking/signature';

/** What a booking's ticket e-mail is filed under in the e-mail log. */
export const TICKETS_TEMPLATE = 'tickets';
export const ticketsRef = (bookingId: number) => `bookings:${bookingId}`;

/** The signed link to a booking's page, in the booking's language, valid through `expiresOn`. */
export function bookingPageUrl(reference: string, locale: Locale, expiresOn: string): string {
  const path = pathFor('booking', locale, { reference });
  return `${env().SITE_URL}${path}?firma=${bookingSignature(reference, expiresOn)}`;
}

export type PaidBooking = {
  id: number;
  reference: string;
  status: string;
  locale: Locale;
  email: string;
  name: string;
  surnames: string;
  tripType: TripType;
  audioGuides: number;
  totalCents: number;
  startsAt: Date;
  durationMinutes: number;
  tourTitle: string;
  tourSlug: string;
  /** Unticked for a reseller's booking unless the reseller asked us to e-mail its guest. */
  ticketsByEmail: boolean;
  boardingAt: Date;
  boardingPoint: { name: string; address: string };
  tickets: { code: string; category: TicketCategory; checkedInAt: Date | null }[];
  /** A combined tour's admissions on the valid tickets (partners/admissions-repository.ts). */
  admissions?: VisitorAdmission[];
  /** The invoice the tickets carry (ticket-pdf.ts, TicketInvoice). */
  invoice: TicketInvoice;
};

/**
 * The booking's latest sale, top-up or full invoice (F3) that was not annulled: the one its
 * current tickets carry. Rectifying invoices travel on their own PDF.
 */
async function ticketsInvoice(db: ShopDb, bookingId: number): Promise<StoredInvoice | undefined> {
  const invoices = (await invoicesOfBooking(db, bookingId)).filter(
    (invoice) => invoice.type !== 'R1' && invoice.type !== 'R5',
  );
  for (const invoice of invoices.reverse()) if (!(await isAnnulled(db, invoice.id))) return invoice;
  return undefined;
}

/**
 * The invoice a web or box-office booking's tickets are. A reseller's guest gets none from us:
 * the reseller sold the tickets, at its own price. Null when nothing was ever due (sold before
 * invoicing started). When one is due and its payment's transaction could not issue it
 * (invoicing/subscribers.ts), it is issued here first, `issue` allowing (the same idempotent
 * issue as the sweep's); 'missing' when it cannot be, which keeps the PDF and the e-mail from
 * being rendered until it is.
 */
async function ticketInvoice(
  db: ShopDb,
  booking: { id: number; reference: string; tourTitle: string; channel: string },
  issue: boolean,
): Promise<TicketInvoice> {
  if (booking.channel === 'reseller') return null;
  let invoice = await ticketsInvoice(db, booking.id);
  if (!invoice) {
    if (!(await paidSinceInvoicingStarted(db, booking.id))) return null;
    if (!issue) return 'missing';
    try {
      await db.transaction((tx) => issueDueInvoice(tx, booking.id));
    } catch (error) {
      logger.error(
        { bookingId: booking.id, err: error instanceof Error ? error.message : String(error) },
        'invoice not issued; the tickets wait for it',
      );
      return 'missing';
    }
    invoice = await ticketsInvoice(db, booking.id);
    if (!invoice) return 'missing';
  }
  return invoiceDocumentInput(db, invoice, { reference: booking.reference, tourTitle: booking.tourTitle });
}

/** Everything the tickets show, read from the database in the booking's language. */
export async function loadPaidBooking(
  payload: Payload,
  where: { id: number } | { reference: string },
  options: {
    /**
     * Issue the booking's invoice if it is due and missing (default). Off inside an event
     * subscriber: subscribers run outside any shop transaction and may open none (on SQLite the
     * process's one writer queue is theirs until they return).
     */
    issueInvoice?: boolean;
  } = {},
): Promise<PaidBooking | null> {
  const db = shopDb(payload);
  const booking = await findBookingRecord(db, where);
  if (!booking || booking.status !== 'paid') return null;
  const departure = await findDeparture(db, booking.departureId);
  if (!departure) return null;
  const locale = isLocale(booking.locale) ? booking.locale : 'ca';
  const tour = await payload.findByID({ collection: 'tours', id: booking.tourId, locale, depth: 1 });
  const settings = tour.booking;
  const point = tour.boardingPoint;
  const fallbackPoint =
    point && typeof point === 'object'
      ? point
      : (await payload.find({ collection: 'boarding-points', locale, limit: 1, depth: 0 })).docs[0];
  const tickets = (await ticketsOfBooking(db, booking.id)).filter((ticket) => ticket.voidedAt === null);
  const startsAt = departure.startsAt;
  const invoice = await ticketInvoice(
    db,
    { id: booking.id, reference: booking.reference, tourTitle: tour.title, channel: booking.channel ?? '' },
    options.issueInvoice ?? true,
  );
  return {
    id: booking.id,
    reference: booking.reference,
    status: booking.status,
    locale,
    email: booking.customer.email,
    name: booking.customer.name,
    surnames: booking.customer.surnames,
    tripType: booking.tripType,
    audioGuides: booking.audioGuides,
    totalCents: booking.totalCents,
    startsAt,
    durationMinutes: departure.durationMinutes,
    tourTitle: tour.title,
    tourSlug: tour.slug,
    ticketsByEmail: booking.ticketsByEmail,
    boardingAt: boardingTime(startsAt, settings?.boardingMinutesBefore ?? undefined),
    boardingPoint: { name: fallbackPoint?.name ?? '', address: fallbackPoint?.address ?? '' },
    tickets: tickets.map(({ code, category, checkedInAt }) => ({ code, category, checkedInAt })),
    admissions: admissionsOnTickets(await bookingAdmissions(db, booking.id, locale)),
    invoice,
  };
}

/**
 * The admissions the booking page lists with their status (valid, used, cancelled), whatever the
 * booking's status: those of its current tickets, or of its last ones once they were voided.
 */
export async function loadBookingPageAdmissions(
  payload: Payload,
  reference: string,
  locale: Locale,
): Promise<VisitorAdmission[]> {
  const db = shopDb(payload);
  const booking = await findBookingRecord(db, { reference });
  return booking ? admissionsOfCurrentTickets(await bookingAdmissions(db, booking.id, locale)) : [];
}

/** `linkExpiresOn`: a link staff send again (signature.ts); else the departure's usual lifetime. */
export function ticketEmailInput(booking: PaidBooking, linkExpiresOn?: string): TicketEmailInput {
  return {
    locale: booking.locale,
    brand: env().SITE_BRAND,
    reference: booking.reference,
    tourTitle: booking.tourTitle,
    startsAt: booking.startsAt,
    boardingAt: booking.boardingAt,
    boardingPoint: booking.boardingPoint,
    customerName: `${booking.name} ${booking.surnames}`.trim(),
    tripType: booking.tripType,
    audioGuides: booking.audioGuides,
    totalCents: booking.totalCents,
    tickets: booking.tickets,
    ...(booking.admissions?.length ? { admissions: booking.admissions } : {}),
    qrContent: (code) => code,
    durationMinutes: booking.durationMinutes,
    bookingUrl: bookingPageUrl(booking.reference, booking.locale, linkExpiresOn ?? linkExpiryFor(booking.startsAt)),
    invoice: booking.invoice,
  };
}

/**
 * Renders the tickets and hands the e-mail to the retried mail queue. The office may send them
 * to a corrected address (`to`); the booking keeps the address the customer gave. `automatic`:
 * sent because the booking was paid or moved, not because someone asked: skipped for a booking
 * whose tickets are not e-mailed (a reseller that did not ask for OCTO's emailReceipt).
 */
/** How many ticket e-mails of a booking were queued since `since`, the confirmation included. */
export async function ticketEmailsSince(payload: Payload, bookingId: number, since: Date): Promise<number> {
  const { rows } = await shopDb(payload).query(
    'SELECT COUNT(*) AS n FROM email_log WHERE ref = ? AND template = ? AND created_at > ?',
    [ticketsRef(bookingId), TICKETS_TEMPLATE, since.toISOString()],
  );
  return num(rows[0]?.n);
}

export async function queueTicketEmail(
  payload: Payload,
  bookingId: number,
  options: { to?: string; automatic?: boolean; linkExpiresOn?: string; issueInvoice?: boolean } = {},
): Promise<boolean> {
  const booking = await loadPaidBooking(payload, { id: bookingId }, { issueInvoice: options.issueInvoice });
  // A box-office sale to a customer who gave no address: the tickets were printed at the counter.
  const to = options.to ?? booking?.email;
  if (!booking || booking.tickets.length === 0 || !to) return false;
  if (options.automatic && !booking.ticketsByEmail) return false;
  // The tickets are the invoice: they wait for it (queueMissingTicketEmails sends them once it is issued).
  if (booking.invoice === 'missing') return false;
  const input = ticketEmailInput(booking, options.linkExpiresOn);
  // The wallet links are signed like the booking page's link the e-mail carries.
  const firma = bookingSignature(booking.reference, options.linkExpiresOn ?? linkExpiryFor(booking.startsAt));
  const email = await renderTicketEmail({ ...input, wallet: await walletLinksOf(payload, booking.reference, firma) });
  await queueEmail(payload, {
    to: [{ address: to, name: `${booking.name} ${booking.surnames}`.trim() }],
    subject: email.subject,
    text: email.text,
    html: email.html,
    attachments: email.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      contentBase64: Buffer.from(a.content).toString('base64'),
    })),
    ref: ticketsRef(booking.id),
    template: TICKETS_TEMPLATE,
  });
  return true;
}

/** Paid bookings whose ticket e-mail never reached the queue (a crash between commit and queue). */
export async function queueMissingTicketEmails(payload: Payload, now = new Date()): Promise<number> {
  const ids = await paidBookingsNotSent(shopDb(payload), {
    paidBefore: new Date(now.getTime() - 60_000),
    template: TICKETS_TEMPLATE,
    limit: 50,
  });
  let queued = 0;
  for (const id of ids) if (await queueTicketEmail(payload, id, { automatic: true })) queued++;
  return queued;
}
