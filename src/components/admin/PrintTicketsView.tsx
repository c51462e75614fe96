import { createTranslator } from 'next-intl';
import Link from 'next/link';
import type { AdminViewServerProps } from 'payload';
import QRCode from 'qrcode';

import { formatEuros } from '@/booking/money';
import { dateText, timeText } from '@/i18n/time';
import { loadMessages } from '@/i18n/messages';
import { fill } from '@/lib/icu-lite';
import { env } from '@/lib/env';
import { loadPaidBooking } from '@/tickets/delivery';
import { ticketInvoiceDocument } from '@/tickets/ticket-pdf';

import { OpsTemplate } from './OpsTemplate';
import { PrintButton } from './PrintButton.client';
import { ReceiptInvoice } from './ReceiptInvoice';
import { staffView } from './view-context';
import './box-office.css';
import './print-tickets.css';

// The drawing itself is hidden from assistive technology: the element around it is the image,
// named by what the code is (one image per QR, not an unnamed one inside a named one).
const qrSvg = async (content: string) =>
  (await QRCode.toString(content, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })).replace(
    '<svg ',
    '<svg aria-hidden="true" focusable="false" ',
  );

/**
 * /admin/ops/bookings/{reference}/tickets?format=a4|receipt — the tickets of a paid booking to
 * hand over the counter: A4 (a ticket per third of a page) or an 80 mm receipt roll. The tickets
 * speak the customer's language; the buttons around them the staff member's. Each QR is the
 * ticket's code, and a booking with several tickets gets its reference's QR too, as on the PDF;
 * each QR is an image named by what it is (the ticket's code, the booking's reference), for a
 * screen reader. The invoice the tickets are comes first, with its tax QR (ReceiptInvoice).
 */
export default async function PrintTicketsView(props: AdminViewServerProps) {
  const view = staffView(props);
  const { t } = view;
  const segments = props.params?.segments;
  const reference = decodeURIComponent(Array.isArray(segments) ? (segments[2] ?? '') : '');
  const format = props.searchParams?.format === 'a4' ? 'a4' : 'receipt';
  if (!view.can('booking.read')) {
    return (
      <OpsTemplate props={props}>
        <p className="ops">{t.errors.forbidden}</p>
      </OpsTemplate>
    );
  }
  const booking = await loadPaidBooking(props.initPageResult.req.payload, { reference });
  const back = `/admin/ops/bookings/${encodeURIComponent(reference)}`;
  if (!booking) {
    return (
      <OpsTemplate props={props}>
        <div className="ops">
          <p>{t.printTickets.notPaid}</p>
          <Link href={back}>{t.printTickets.back}</Link>
        </div>
      </OpsTemplate>
    );
  }
  const locale = booking.locale;
  const ticketsText = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'tickets' });
  const codes = await Promise.all(booking.tickets.map((ticket) => qrSvg(ticket.code)));
  const groupCode = booking.tickets.length > 1 ? await qrSvg(booking.reference) : null;
  const when = `${dateText(booking.startsAt, locale)} · ${timeText(booking.startsAt, locale)}`;
  const boarding = `${ticketsText('boarding')} ${timeText(booking.boardingAt, locale)}`;
  const formatLink = (to: 'a4' | 'receipt') => `?format=${to}`;
  // No invoice for a reseller's guest (null); one due and not issued yet ('missing') is issued by
  // loadPaidBooking, and if that failed the tickets still print, as the office needs them now.
  const invoice = booking.invoice === 'missing' ? null : ticketInvoiceDocument(booking);
  return (
    <OpsTemplate props={props}>
      <div className="ops ops-no-print box-office__next print-tickets__tools">
        <Link href={back}>← {t.printTickets.back}</Link>
        <PrintButton label={t.printTickets.print} />
        <Link className="ops-button" href={formatLink(format === 'a4' ? 'receipt' : 'a4')}>
          {format === 'a4' ? t.printTickets.receipt : t.printTickets.a4}
        </Link>
        <a
          className="ops-button"
          href={`/api/ops/bookings/${encodeURIComponent(booking.reference)}/tickets.pdf`}
          download
        >
          {t.printTickets.pdf}
        </a>
      </div>
      <div
        className={`print-tickets print-tickets--${format}`}
        lang={locale}
        data-testid="printable-tickets"
        aria-label={fill(t.printTickets.title, { reference: booking.reference })}
      >
        {invoice ? <ReceiptInvoice invoice={invoice} /> : null}
        {groupCode ? (
          <section className="print-ticket print-ticket--group">
            <p className="print-ticket__brand">{env().SITE_BRAND}</p>
            <p className="print-ticket__tour">{booking.tourTitle}</p>
            <p>{when}</p>
            <p>{boarding}</p>
            <p>
              {ticketsText('boardingPoint')}: {booking.boardingPoint.name}
            </p>
            <div
              className="print-ticket__qr"
              role="img"
              aria-label={ticketsText('groupQrAlt', {
                reference: booking.reference,
                count: String(booking.tickets.length),
              })}
              dangerouslySetInnerHTML={{ __html: groupCode }}
            />
            <p className="print-ticket__code">
              {ticketsText('reference')}: <strong>{booking.reference}</strong>
            </p>
            <p className="print-ticket__small">
              {ticketsText('groupQr', { count: String(booking.tickets.length) })} · {ticketsText('total')}:{' '}
              {formatEuros(booking.totalCents, locale)}
            </p>
          </section>
        ) : null}
        {booking.tickets.map((ticket, index) => (
          <section className="print-ticket" key={ticket.code} data-ticket-code={ticket.code}>
            <p className="print-ticket__brand">{env().SITE_BRAND}</p>
            <p className="print-ticket__small">
              {ticketsText('ticketOf', { index: index + 1, count: booking.tickets.length })}
            </p>
            <p className="print-ticket__tour">{booking.tourTitle}</p>
            <p>{when}</p>
            <p>{boarding}</p>
            <p>
              <strong>{ticketsText(`category.${ticket.category}`)}</strong> · {ticketsText(booking.tripType)}
            </p>
            <div
              className="print-ticket__qr"
              role="img"
              aria-label={ticketsText('qrAlt', { code: ticket.code })}
              dangerouslySetInnerHTML={{ __html: codes[index]! }}
            />
            <p className="print-ticket__code">
              {ticketsText('code')}: {ticket.code}
            </p>
            <p className="print-ticket__small">
              {ticketsText('reference')}: {booking.reference}
            </p>
          </section>
        ))}
      </div>
    </OpsTemplate>
  );
}
