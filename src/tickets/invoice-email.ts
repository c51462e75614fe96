import type { Payload } from 'payload';

import { shopDb } from '@/booking/db';
import { findBooking } from '@/booking/bookings-repository';
import { isLocale } from '@/i18n/locales';
import { formatSignedEuros, invoiceDocument, invoiceMessages } from '@/invoicing/document';
import { loadInvoiceDocumentInput } from '@/invoicing/document-source';
import { bookingsWithRectifyingInvoicesNotEmailed, invoicesOfBooking } from '@/invoicing/ledger';
import { env } from '@/lib/env';
import { queueEmail } from '@/mail/queue';

import { renderInvoicePdf } from './invoice-pdf';

export const INVOICE_TEMPLATE = 'invoice';
export const invoiceRef = (invoiceId: number) => `invoices:${invoiceId}`;

/**
 * A rectifying invoice (a refund, a cheaper move) reaches the customer by e-mail, in their
 * language, with its PDF: the ticket e-mail carries only the sale's invoice, and an invoice must be
 * handed to whom it is made out. Sent once per invoice (the e-mail log remembers it), from the
 * `booking.refunded` subscriber and, for what a failed subscriber missed, the minute sweep.
 */
export async function queueInvoiceEmails(payload: Payload, bookingId: number): Promise<number> {
  const db = shopDb(payload);
  const booking = await findBooking(db, { id: bookingId });
  const to = booking?.customer.email;
  if (!booking || !to) return 0;
  const rectifying = (await invoicesOfBooking(db, bookingId)).filter(
    (invoice) => (invoice.type === 'R1' || invoice.type === 'R5') && !invoice.annulled,
  );
  let queued = 0;
  for (const invoice of rectifying) {
    const sent = await payload.find({
      collection: 'email-log',
      where: { ref: { equals: invoiceRef(invoice.id) }, template: { equals: INVOICE_TEMPLATE } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    });
    if (sent.docs.length > 0) continue;
    const facts = await loadInvoiceDocumentInput(payload, invoice.id);
    if (!facts) continue;
    const document = invoiceDocument(facts);
    const pdf = await renderInvoicePdf(document, env().SITE_BRAND);
    const locale = isLocale(invoice.locale) ? invoice.locale : 'ca';
    const t = invoiceMessages(locale);
    const lines = [
      t.emailHeading,
      '',
      `${t.type[invoice.type]}: ${invoice.seriesNumber}`,
      `${t.date}: ${invoice.issueDate.replaceAll('-', '/')}`,
      `${t.booking}: ${booking.reference}`,
      `${t.total}: ${formatSignedEuros(invoice.totalCents, locale)} (${t.vatIncluded})`,
    ];
    await queueEmail(payload, {
      to: [{ address: to, name: `${booking.customer.name} ${booking.customer.surnames}`.trim() }],
      subject: `${t.type[invoice.type]} ${invoice.seriesNumber} · ${env().SITE_BRAND}`,
      text: lines.join('\n'),
      attachments: [
        {
          filename: `${invoice.seriesNumber}.pdf`,
          contentType: 'application/pdf',
          contentBase64: Buffer.from(pdf).toString('base64'),
        },
      ],
      ref: invoiceRef(invoice.id),
      template: INVOICE_TEMPLATE,
    });
    queued++;
  }
  return queued;
}

/** What the `booking.refunded` subscriber missed (a crash, a failure): e-mailed on the next minute's run. */
export async function queueMissingInvoiceEmails(payload: Payload, now = new Date()): Promise<number> {
  const bookings = await bookingsWithRectifyingInvoicesNotEmailed(shopDb(payload), {
    template: INVOICE_TEMPLATE,
    now,
    limit: 50,
  });
  let queued = 0;
  for (const bookingId of bookings) queued += await queueInvoiceEmails(payload, bookingId);
  return queued;
}
