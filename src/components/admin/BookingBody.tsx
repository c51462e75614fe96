import Link from 'next/link';
import type { Payload } from 'payload';

import { auditEntries } from '@/audit/record';
import { ANONYMISED_EMAIL } from '@/operations/booking-actions';
import { bookingDetail } from '@/operations/booking-detail';
import { fill } from '@/lib/icu-lite';
import { staffNames } from '@/operations/staff-names';
import { keptByFullRefund, usedPartsOfBooking } from '@/partners/used-parts';

import { AuditTable } from './AuditTable';
import { BookingActions } from './BookingActions.client';
import { dateTimeOf, euros, shortDate } from './format';
import { officePaths, type OfficeShell } from './office-paths';
import { NewBookingLink } from './NewBookingLink.client';
import { ResendTickets } from './ResendTickets.client';
import { emailStatusText, gatewayCodeText, languageName, paymentOutcomeText, paymentReasonText } from './staff-texts';
import type { StaffView } from './view-context';

/**
 * One booking as the office needs it on the phone with a customer, in either shell: the admin's
 * /admin/ops/bookings/{reference} and the staff app's /staff/bookings/{reference}. The caller
 * checks `booking.read`.
 */
export async function BookingBody({
  payload,
  view,
  reference,
  shell,
}: {
  payload: Payload;
  view: StaffView;
  reference: string;
  shell: OfficeShell;
}) {
  const { language, t } = view;
  const paths = officePaths(shell);
  const booking = await bookingDetail(payload, reference);
  if (!booking) {
    return (
      <div className="ops">
        <p>{t.booking.notFound}</p>
        <Link href={paths.bookings}>{t.booking.back}</Link>
      </div>
    );
  }
  const tour = await payload
    .findByID({ collection: 'tours', id: booking.departure.tourId, locale: language, depth: 0 })
    .catch(() => null);
  const names = await staffNames(
    payload,
    booking.money.events.map((e) => e.requestedBy),
  );
  const actorName = (actor: string) =>
    names.get(actor) ?? t.booking.actors[actor as keyof typeof t.booking.actors] ?? actor;
  const c = booking.customer;
  // Partner admissions already used: a full refund keeps their shares unless the office says (decision 181).
  const used = booking.status === 'paid' ? await usedPartsOfBooking(payload, booking.id) : [];
  const keptCents = keptByFullRefund(used, false);
  const usedPartsKept =
    keptCents > 0
      ? {
          partners: [...new Set(used.filter((part) => !part.refundable).map((part) => part.partner))].join(', '),
          cents: keptCents,
        }
      : null;
  const history = view.can('audit.office')
    ? await auditEntries(payload, { subject: `booking:${booking.reference}` })
    : null;
  const moveTour = booking.pendingMove
    ? await payload
        .findByID({ collection: 'tours', id: booking.pendingMove.toTourId, locale: language, depth: 0 })
        .catch(() => null)
    : null;
  const pendingMove = booking.pendingMove
    ? {
        tour: moveTour?.title ?? '',
        date: shortDate(booking.pendingMove.toDate, language),
        time: booking.pendingMove.toTime,
        amount: euros(booking.pendingMove.differenceCents, language),
        until: dateTimeOf(booking.pendingMove.expiresAt, language),
      }
    : null;
  const counts = [
    [t.category.adult, booking.adults],
    [t.category.reduced, booking.reduced],
    [t.category.child, booking.children],
    [t.category.super3, booking.super3],
  ].filter(([, n]) => Number(n) > 0);
  return (
    <>
      <div className="ops" data-testid="booking-page">
        <p className="ops-no-print">
          <Link href={paths.bookings}>← {t.booking.back}</Link>
        </p>
        <h1>{fill(t.booking.title, { reference: booking.reference })}</h1>
        <p className="ops-sub">
          {t.bookingStatus[booking.status as keyof typeof t.bookingStatus] ?? booking.status} ·{' '}
          {euros(booking.totalCents, language)}
        </p>
        <div className="ops-grid">
          <dl>
            <dt>{t.booking.customer}</dt>
            <dd>
              {c.name} {c.surnames}
            </dd>
            <dt>{t.booking.email}</dt>
            <dd>{c.email}</dd>
            <dt>{t.booking.phone}</dt>
            <dd>{c.phone}</dd>
            <dt>{t.booking.mobile}</dt>
            <dd>{c.mobilePhone}</dd>
            {c.comments ? (
              <>
                <dt>{t.booking.comments}</dt>
                <dd>{c.comments}</dd>
              </>
            ) : null}
          </dl>
          <dl>
            <dt>{t.booking.departure}</dt>
            <dd>
              {tour?.title} — {shortDate(booking.departure.date, language)} {booking.departure.time}
              <br />
              <Link href={`/admin/ops/departures/${booking.departure.id}/manifest`}>{t.booking.manifest}</Link>
            </dd>
            <dt>{t.booking.tripType}</dt>
            <dd>{booking.tripType === 'oneWay' ? t.booking.oneWay : t.booking.roundTrip}</dd>
            <dt>{t.bookings.persons}</dt>
            <dd>{counts.map(([label, n]) => `${n} × ${label}`).join(', ')}</dd>
            <dt>{t.booking.audioGuides}</dt>
            <dd>{booking.audioGuides}</dd>
            <dt>{t.booking.created}</dt>
            <dd>{dateTimeOf(booking.createdAt, language)}</dd>
            {booking.paidAt ? (
              <>
                <dt>{t.booking.paid}</dt>
                <dd>{dateTimeOf(booking.paidAt, language)}</dd>
              </>
            ) : null}
            <dt>{t.booking.language}</dt>
            <dd>{languageName(booking.locale, language)}</dd>
          </dl>
        </div>

        <BookingActions
          booking={{
            reference: booking.reference,
            status: booking.status,
            seats: booking.seats,
            totalCents: booking.totalCents,
            tourId: booking.departure.tourId,
            departureId: booking.departure.id,
            date: booking.departure.date,
            customer: {
              name: c.name,
              surnames: c.surnames,
              email: c.email,
              phone: c.phone,
              mobilePhone: c.mobilePhone,
            },
            erased: c.email === ANONYMISED_EMAIL,
            pendingMove,
            usedPartsKept,
          }}
          language={language}
          t={t}
        />

        <h2>{t.booking.tickets}</h2>
        <table className="ops-table" data-testid="tickets">
          <thead>
            <tr>
              <th scope="col">{t.booking.ticketCode}</th>
              <th scope="col">{t.booking.category}</th>
              <th scope="col">{t.booking.checkIn}</th>
            </tr>
          </thead>
          <tbody>
            {booking.tickets.map((ticket) => (
              <tr key={ticket.code}>
                <th scope="row">
                  <code>{ticket.code}</code>
                </th>
                <td data-label={t.booking.category}>
                  {t.category[ticket.category as keyof typeof t.category] ?? ticket.category}
                </td>
                <td data-label={t.booking.checkIn}>
                  {ticket.voidedAt ? (
                    <span className="ops-muted">
                      {t.booking.voided} · {dateTimeOf(ticket.voidedAt, language)}
                    </span>
                  ) : ticket.checkedInAt ? (
                    <span className="ops-ok">✓ {dateTimeOf(ticket.checkedInAt, language)}</span>
                  ) : (
                    <span className="ops-muted">{t.booking.notBoarded}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        <h2>{t.booking.moneyTitle}</h2>
        <p className="ops-sub" data-testid="money-summary">
          {fill(t.booking.moneySummary, {
            paid: euros(booking.money.paidCents, language),
            refunded: euros(booking.money.refundedCents, language),
            net: euros(booking.money.paidCents - booking.money.refundedCents, language),
          })}
        </p>
        {booking.money.events.length === 0 ? (
          <p className="ops-muted">{t.booking.moneyNone}</p>
        ) : (
          <table className="ops-table" data-testid="money">
            <thead>
              <tr>
                <th scope="col">{t.booking.created}</th>
                <th scope="col">{t.booking.paymentKind}</th>
                <th scope="col">{t.booking.method}</th>
                <th scope="col" className="ops-num">
                  {t.booking.amount}
                </th>
                <th scope="col">{t.booking.outcome}</th>
                <th scope="col">{t.booking.by}</th>
                <th scope="col">{t.booking.reason}</th>
              </tr>
            </thead>
            <tbody>
              {booking.money.events.map((e, i) => (
                <tr key={i}>
                  <th scope="row">{dateTimeOf(e.at, language)}</th>
                  <td data-label={t.booking.paymentKind}>
                    {e.kind === 'refund' ? t.booking.eventRefund : t.booking.eventPayment}
                  </td>
                  <td data-label={t.booking.method}>{e.method ? t.booking.methods[e.method] : '—'}</td>
                  <td data-label={t.booking.amount} className="ops-num">
                    {e.kind === 'refund' ? '− ' : ''}
                    {euros(e.amountCents, language)}
                  </td>
                  <td data-label={t.booking.outcome}>
                    {t.booking.eventStatus[e.status]}
                    {e.gatewayCode ? ` (${gatewayCodeText(e.gatewayCode, t)})` : ''}
                  </td>
                  <td data-label={t.booking.by}>{actorName(e.requestedBy)}</td>
                  <td data-label={t.booking.reason}>{paymentReasonText(e.reason ?? null, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}

        <h2>{t.booking.payments}</h2>
        {booking.payments.length === 0 ? (
          <p className="ops-muted">{t.booking.noPayments}</p>
        ) : (
          <table className="ops-table" data-testid="payments">
            <thead>
              <tr>
                <th scope="col">{t.booking.created}</th>
                <th scope="col">{t.booking.paymentKind}</th>
                <th scope="col" className="ops-num">
                  {t.booking.amount}
                </th>
                <th scope="col">{t.booking.outcome}</th>
              </tr>
            </thead>
            <tbody>
              {booking.payments.map((p, i) => (
                <tr key={i}>
                  <th scope="row">{dateTimeOf(p.at, language)}</th>
                  <td data-label={t.booking.paymentKind}>
                    {p.kind === 'attempt' ? t.booking.paymentAttempt : t.booking.paymentNotification} · {p.orderRef}
                  </td>
                  <td data-label={t.booking.amount} className="ops-num">
                    {euros(p.amountCents, language)}
                  </td>
                  <td data-label={t.booking.outcome}>{paymentOutcomeText(p.outcome, p.responseCode || null, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}

        <h2>{t.booking.emails}</h2>
        {booking.emails.length === 0 ? (
          <p className="ops-muted">{t.booking.noEmails}</p>
        ) : (
          <table className="ops-table" data-testid="emails">
            <thead>
              <tr>
                <th scope="col">{t.booking.created}</th>
                <th scope="col">{t.booking.emailTo}</th>
                <th scope="col">{t.booking.emailSubject}</th>
                <th scope="col">{t.booking.emailStatus}</th>
              </tr>
            </thead>
            <tbody>
              {booking.emails.map((e, i) => (
                <tr key={i}>
                  <th scope="row">{dateTimeOf(e.at, language)}</th>
                  <td data-label={t.booking.emailTo}>{e.to}</td>
                  <td data-label={t.booking.emailSubject}>{e.subject}</td>
                  <td data-label={t.booking.emailStatus}>
                    {emailStatusText(e.status, t)}
                    {e.sentAt ? ` · ${dateTimeOf(e.sentAt, language)}` : ''}
                    {e.error ? ` · ${e.error}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}

        {history ? (
          <section data-testid="booking-history">
            <h2>{t.booking.history}</h2>
            <AuditTable payload={payload} entries={history} view={view} showSubject={false} />
          </section>
        ) : null}

        {booking.status === 'paid' ? (
          <ResendTickets reference={booking.reference} email={c.email} t={t.booking} />
        ) : null}
        {booking.status !== 'held' && booking.status !== 'expired' ? (
          <NewBookingLink reference={booking.reference} t={t.booking} />
        ) : null}
      </div>
    </>
  );
}
