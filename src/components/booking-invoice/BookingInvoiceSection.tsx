import { getTranslations } from 'next-intl/server';

import { formText } from '@/forms/form-text';
import type { Locale } from '@/i18n/locales';
import type { InvoiceDocumentInput } from '@/invoicing/document';

import type { FullInvoiceFormText } from './FullInvoiceForm.client';
import styles from './BookingInvoice.module.css';
import { InvoicePanel, type InvoicePanelText } from './InvoicePanel.client';
import { shownInvoice } from './invoice-format';

/**
 * The booking page's "Invoice": the booking's current invoice (the one its tickets carry) with its
 * PDF, and while it is simplified, the way to a full invoice that replaces it. Nothing for a
 * booking that has no invoice of ours (a reseller's guest, a sale from before invoicing).
 */
export async function BookingInvoiceSection({
  invoice,
  locale,
  reference,
  firma,
}: {
  invoice: InvoiceDocumentInput | null | 'missing';
  locale: Locale;
  reference: string;
  firma: string;
}) {
  if (invoice === null) return null;
  const t = await getTranslations({ locale, namespace: 'bookingInvoice' });
  if (invoice === 'missing') {
    return (
      <section className={styles.section} aria-labelledby="invoice-title" data-testid="booking-invoice">
        <h2 id="invoice-title">{t('heading')}</h2>
        <p>{t('pending')}</p>
      </section>
    );
  }
  const { seriesNumber, issueDate, totalCents, type } = invoice.invoice;
  const [day, month, year] = issueDate.split('-');
  const forms = await formText(locale);
  const text: InvoicePanelText = {
    heading: t('heading'),
    kindLabel: t('kindLabel'),
    kind: { simplified: t('kind.simplified'), full: t('kind.full') },
    number: t('number'),
    date: t('date'),
    total: t('total'),
    download: t('download'),
    open: t('open'),
    issued: t.raw('issued') as string,
  };
  const formLabels: FullInvoiceFormText = {
    heading: t('formHeading'),
    intro: t('formIntro'),
    name: t('fields.name'),
    taxId: t('fields.taxId'),
    taxIdHint: t('fields.taxIdHint'),
    address: t('fields.address'),
    addressHint: t('fields.addressHint'),
    submit: t('submit'),
    sending: forms.sending,
    required: forms.required,
    incomplete: forms.incomplete,
    problems: {
      required: forms.errors.required,
      tooLong: forms.errors.tooLong,
      taxIdFormat: t('errors.taxIdFormat'),
      taxIdCheckDigit: t('errors.taxIdCheckDigit'),
    },
    errors: {
      invalidLink: t('errors.invalidLink'),
      linkExpired: t('errors.linkExpired'),
      notPaid: t('errors.notPaid'),
      alreadyFull: t('errors.alreadyFull'),
      tooManyRequests: t('errors.tooManyRequests'),
      failed: t('errors.failed'),
    },
  };
  const files = `/api/shop/bookings/${encodeURIComponent(reference)}`;
  return (
    <section className={styles.section} aria-labelledby="invoice-title" data-testid="booking-invoice">
      <InvoicePanel
        titleId="invoice-title"
        reference={reference}
        firma={firma}
        locale={locale}
        pdfUrl={`${files}/invoice.pdf?firma=${encodeURIComponent(firma)}`}
        initial={shownInvoice({ type, seriesNumber, issueDate: `${year}-${month}-${day}`, totalCents }, locale)}
        text={text}
        formText={formLabels}
      />
    </section>
  );
}
