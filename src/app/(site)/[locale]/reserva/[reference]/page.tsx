import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import QRCode from 'qrcode';

import { formatEuros } from '@/booking/money';
import { pendingMoveOf } from '@/operations/pending-moves';
import { timeText } from '@/i18n/time';
import { BookingInvoiceSection } from '@/components/booking-invoice/BookingInvoiceSection';
import { ExpiredLink } from '@/components/shop/ExpiredLink';
import { MovePayment } from '@/components/shop/MovePayment.client';
import { WalletBadges } from '@/components/wallet/WalletBadges';
import { madridDeadline } from '@/i18n/clock';
import { localeInfo, type Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';
import { describeBookingState, loadBookingState } from '@/notices/booking-state';
import { payloadClient } from '@/lib/payload';
import { admissionTexts } from '@/partners/admission-texts';
import { checkBookingLink, loadBookingPageAdmissions, loadPaidBooking } from '@/tickets/delivery';
import { resolveLocale } from '@/i18n/page-locale';
import { OPERATOR_TIME_ZONE } from '@/lib/operator';
import { bookingToChange, selfChangeWindow, type SelfChangeWindow } from '@/operations/self-change';
import { walletLinksOf } from '@/wallet/passes';

import styles from './booking-page.module.css';
import { written } from '@/i18n/written';

/** The booking's story in plain words, oldest first (notices/booking-state.ts). */
function BookingHistory({ title, entries }: { title: string; entries: { at: string; text: string }[] }) {
  return (
    <section aria-labelledby="history-title" data-testid="booking-history">
      <h2 id="history-title">{title}</h2>
      <ol className={styles.history}>
        {entries.map((entry, index) => (
          <li key={index}>
            <span className={styles.muted}>{entry.at}</span> {entry.text}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A combined tour's admissions (decision 175) with what became of each: valid (with its QR code,
 * for the partner's door), used, or cancelled. Nothing for a boat trip only.
 */
async function BookingAdmissions({
  admissions,
  locale,
}: {
  admissions: Awaited<ReturnType<typeof loadBookingPageAdmissions>>;
  locale: Locale;
}) {
  if (admissions.length === 0) return null;
  const texts = await admissionTexts(locale);
  const t = await getTranslations({ locale, namespace: 'tickets' });
  const qrCodes = await Promise.all(
    admissions.map((admission) =>
      admission.status === 'valid'
        ? QRCode.toString(admission.code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
        : null,
    ),
  );
  const tickets = [...new Set(admissions.map((admission) => admission.ticketCode))];
  return (
    <section aria-labelledby="admissions-title" data-testid="booking-admissions">
      <h2 id="admissions-title">{texts.pageHeading}</h2>
      <ol className={styles.tickets}>
        {admissions.map((admission, index) => (
          <li
            key={admission.code}
            className={styles.ticket}
            data-admission={admission.code}
            data-status={admission.status}
          >
            <div>
              <p className={styles.category}>{texts.title(admission)}</p>
              <p className={styles.muted}>
                {texts.ofTicket(
                  tickets.indexOf(admission.ticketCode) + 1,
                  tickets.length,
                  t(`category.${admission.category}`),
                )}
              </p>
              <p>
                <strong>{texts.labelled(texts.statusLabel, texts.status(admission.status))}</strong>
              </p>
              <p>{texts.labelled(texts.validityLabel, texts.validity(admission))}</p>
              <p className={styles.muted}>
                {/* "Code : …" in French, as every other line here (texts.labelled). */}
                {texts.labelled(texts.codeLabel, '').trimEnd()} <span className={styles.code}>{admission.code}</span>
              </p>
              {admission.address ? <p>{texts.labelled(texts.addressLabel, admission.address)}</p> : null}
              {admission.openingHours ? <p>{texts.labelled(texts.hoursLabel, admission.openingHours)}</p> : null}
              {admission.mapUrl ? (
                <p>
                  <a href={admission.mapUrl} rel="noopener noreferrer">
                    {texts.mapLabel}
                  </a>
                </p>
              ) : null}
            </div>
            {qrCodes[index] ? (
              <div
                role="img"
                aria-label={texts.qrAlt(admission, tickets.indexOf(admission.ticketCode) + 1, tickets.length)}
                className={styles.qr}
                // The SVG is generated here from our own admission code, never from visitor input.
                dangerouslySetInnerHTML={{ __html: qrCodes[index] }}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

// Personal and live: rendered per request, never cached, never indexed.
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string; reference: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const { reference } = await params;
  const t = await getTranslations({ locale, namespace: 'tickets' });
  return { title: t('pageTitle', { reference }), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function BookingPage({ params, searchParams }: Props) {
  const locale = await resolveLocale(params);
  const { reference } = await params;
  const query = await searchParams;
  const signature = typeof query.firma === 'string' ? query.firma : undefined;
  const [t, tn, th] = await Promise.all([
    getTranslations({ locale, namespace: 'tickets' }).then((t) => written(locale, t)),
    getTranslations({ locale, namespace: 'notices.state' }).then((t) => written(locale, t)),
    getTranslations({ locale, namespace: 'notices.history' }).then((t) => written(locale, t)),
  ]);
  const link = await checkBookingLink(await payloadClient(), reference, signature);
  if (link === 'expired')
    return <ExpiredLink locale={locale} reference={reference} title={t('pageTitle', { reference })} />;
  const booking = link === 'valid' ? await loadPaidBooking(await payloadClient(), { reference }) : null;
  // Every booking the link opens, whatever became of it: a signed link never answers "not valid"
  // for a cancelled, refunded or unpaid booking; it says what happened (issue 28).
  const state = link === 'valid' ? await loadBookingState(await payloadClient(), reference, locale) : null;
  const described = state ? await describeBookingState(state, locale) : null;
  const admissions = link === 'valid' ? await loadBookingPageAdmissions(await payloadClient(), reference, locale) : [];

  if (!booking && described) {
    const changePath = `${pathFor('bookingChange', locale, { reference })}?firma=${encodeURIComponent(signature ?? '')}`;
    return (
      <article className="page">
        <h1 className={styles.pageTitle}>{t('pageTitle', { reference })}</h1>
        <section className={styles.notice} data-testid="booking-state" data-view={described.view}>
          <h2>{described.title}</h2>
          {described.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {described.view === 'disrupted' ? (
            <p>
              <a className="button" href={changePath}>
                {tn('choose')}
              </a>
            </p>
          ) : null}
        </section>
        <BookingAdmissions admissions={admissions} locale={locale} />
        <BookingHistory title={th('title')} entries={described.history} />
      </article>
    );
  }

  if (!booking) {
    return (
      <article className="page">
        <h1 className={styles.pageTitle}>{t('pageTitle', { reference })}</h1>
        <p className="lead" role="alert">
          {t('invalidLink')}
        </p>
      </article>
    );
  }

  const iso = localeInfo[locale].iso;
  const day = new Intl.DateTimeFormat(iso, { timeZone: OPERATOR_TIME_ZONE, dateStyle: 'full' }).format(
    booking.startsAt,
  );
  const files = `/api/shop/bookings/${encodeURIComponent(booking.reference)}`;
  const qrCodes = await Promise.all(
    booking.tickets.map((ticket) =>
      QRCode.toString(ticket.code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    ),
  );
  const payload = await payloadClient();
  const move = await pendingMoveOf(payload, booking.id);
  const moveTour = move
    ? await payload.findByID({ collection: 'tours', id: move.toTourId, locale, depth: 0 }).catch(() => null)
    : null;
  const moveAmount = move ? formatEuros(move.differenceCents, locale) : '';
  const moveReturn = query.canvi === 'ok' ? 'paid' : query.canvi === 'ko' ? 'failed' : null;
  const wallets = await walletLinksOf(payload, booking.reference, signature ?? '');
  const record = await bookingToChange(payload, booking.reference);
  // A booking with a move waiting for its payment is changed by paying (or letting it lapse) first.
  const selfChange: SelfChangeWindow =
    record && !move
      ? await selfChangeWindow(payload, record, new Date(), { withAlternatives: false })
      : { open: false, reason: 'notPaid', closesAt: null };
  const changePath = `${pathFor('bookingChange', locale, { reference: booking.reference })}?firma=${encodeURIComponent(signature ?? '')}`;
  const resent = query.reenviat === '1';
  const limited = query.reenviat === 'limit';

  return (
    <article className="page">
      <h1 className={styles.pageTitle}>{t('pageTitle', { reference: booking.reference })}</h1>
      <p className="lead">{t('pageIntro')}</p>
      {resent ? (
        <p role="status" className={styles.notice}>
          {t('resent', { email: booking.email })}
        </p>
      ) : null}
      {limited ? (
        <p role="alert" className={styles.notice}>
          {t('resendLimit')}
        </p>
      ) : null}
      {moveReturn === 'paid' ? (
        <p role="status" className={styles.notice}>
          {/* The bank's notification usually beats the browser back: then the move is done. */}
          {move ? t('move.paid') : t('move.done')}
        </p>
      ) : null}
      {move ? (
        <section className={styles.notice} aria-labelledby="move-title" data-testid="pending-move">
          <h2 id="move-title">{t('move.title')}</h2>
          {moveReturn === 'failed' ? <p role="alert">{t('move.failed')}</p> : null}
          <p>
            {t(move.requestedBy === 'visitor' ? 'move.ownText' : 'move.text', {
              tour: moveTour?.title ?? '',
              date: new Intl.DateTimeFormat(iso, { timeZone: OPERATOR_TIME_ZONE, dateStyle: 'full' }).format(
                move.toStartsAt,
              ),
              time: timeText(move.toStartsAt, locale),
              amount: moveAmount,
              until: new Intl.DateTimeFormat(iso, {
                timeZone: OPERATOR_TIME_ZONE,
                day: 'numeric',
                month: 'long',
                hour: '2-digit',
                minute: '2-digit',
                hourCycle: 'h23',
              }).format(move.expiresAt),
            })}
          </p>
          <MovePayment
            reference={booking.reference}
            firma={signature ?? ''}
            labels={{
              pay: t('move.pay', { amount: moveAmount }),
              working: t('move.working'),
              expired: t('move.expired'),
              error: t('move.error'),
            }}
          />
        </section>
      ) : null}
      {selfChange.open || selfChange.reason === 'tooLate' ? (
        <section className={styles.notice} aria-labelledby="change-title" data-testid="self-change-offer">
          <h2 id="change-title">{t('change.title')}</h2>
          {selfChange.open ? (
            <>
              <p>{t('change.text', { deadline: madridDeadline(selfChange.closesAt, locale) })}</p>
              <p>
                <a className="button button--secondary" href={changePath}>
                  {t('change.button')}
                </a>
              </p>
            </>
          ) : (
            <p>
              {t('change.closed', { deadline: selfChange.closesAt ? madridDeadline(selfChange.closesAt, locale) : '' })}
            </p>
          )}
        </section>
      ) : null}
      <dl className={styles.summary}>
        <dt>{t('tour')}</dt>
        <dd>{booking.tourTitle}</dd>
        <dt>{t('date')}</dt>
        <dd>{day}</dd>
        <dt>{t('departure')}</dt>
        <dd>{timeText(booking.startsAt, locale)}</dd>
        <dt>{t('boarding')}</dt>
        <dd>{timeText(booking.boardingAt, locale)}</dd>
        <dt>{t('boardingPoint')}</dt>
        <dd>
          {booking.boardingPoint.name}
          <br />
          {booking.boardingPoint.address}
        </dd>
        <dt>{t('tripType')}</dt>
        <dd>{t(booking.tripType)}</dd>
        <dt>{t('audioGuides')}</dt>
        <dd>{booking.audioGuides}</dd>
        <dt>{t('total')}</dt>
        <dd>{formatEuros(booking.totalCents, locale)}</dd>
        <dt>{t('status')}</dt>
        <dd>{t('statusPaid')}</dd>
      </dl>
      <p className={styles.actions}>
        <a className="button" href={`${files}/pdf?firma=${signature}`} download={`${booking.reference}.pdf`}>
          {t('downloadPdf')}
        </a>
      </p>
      <WalletBadges
        links={wallets}
        labels={{
          intro: t('wallet.intro'),
          top: t('wallet.badgeTop'),
        }}
      />
      <form method="post" action={`${files}/resend`} className={styles.actions}>
        <input type="hidden" name="firma" value={signature} />
        <input type="hidden" name="locale" value={locale} />
        <button type="submit" className="button button--secondary">
          {t('resend')}
        </button>
      </form>
      <ol className={styles.tickets}>
        {booking.tickets.map((ticket, index) => (
          <li key={ticket.code} className={styles.ticket}>
            <div>
              <p className={styles.muted}>{t('ticketOf', { index: index + 1, count: booking.tickets.length })}</p>
              <p className={styles.category}>{t(`category.${ticket.category}`)}</p>
              <p className={styles.muted}>
                {t('code')}: <span className={styles.code}>{ticket.code}</span>
              </p>
              <p>{ticket.checkedInAt ? t('checkedIn') : t('notCheckedIn')}</p>
            </div>
            <div
              role="img"
              aria-label={t('qrAlt', { code: ticket.code })}
              className={styles.qr}
              // The SVG is generated here from our own ticket code, never from visitor input.
              dangerouslySetInnerHTML={{ __html: qrCodes[index]! }}
            />
          </li>
        ))}
      </ol>
      <BookingAdmissions admissions={admissions} locale={locale} />
      <BookingInvoiceSection
        invoice={booking.invoice}
        locale={locale}
        reference={booking.reference}
        firma={signature ?? ''}
      />
      {described ? <BookingHistory title={th('title')} entries={described.history} /> : null}
    </article>
  );
}
