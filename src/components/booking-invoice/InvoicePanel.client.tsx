'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';

import type { Locale } from '@/i18n/locales';

import styles from './BookingInvoice.module.css';
import type { FullInvoiceFormText } from './FullInvoiceForm.client';
import { shownInvoice, type IssuedInvoice, type ShownInvoice } from './invoice-format';

// The form's code (field checks, tax id check digits) loads only when the visitor asks for a full
// invoice: most never do, and the booking page is opened on phones.
const loadForm = () => import('./FullInvoiceForm.client');
const FullInvoiceForm = lazy(() => loadForm().then((module) => ({ default: module.FullInvoiceForm })));

export type InvoicePanelText = {
  heading: string;
  kindLabel: string;
  kind: Record<ShownInvoice['kind'], string>;
  number: string;
  date: string;
  total: string;
  download: string;
  open: string;
  /** With `{number}`: the simplified invoice the new one replaces. */
  issued: string;
};

/**
 * The booking's current invoice and, while it is simplified, "I need a full invoice". Once the
 * F3 is issued it takes the simplified invoice's place here, without reloading the page.
 */
export function InvoicePanel({
  titleId,
  reference,
  firma,
  locale,
  pdfUrl,
  initial,
  text,
  formText,
}: {
  titleId: string;
  reference: string;
  firma: string;
  locale: Locale;
  pdfUrl: string;
  initial: ShownInvoice;
  text: InvoicePanelText;
  formText: FullInvoiceFormText;
}) {
  const [invoice, setInvoice] = useState(initial);
  const [open, setOpen] = useState(false);
  const [replaced, setReplaced] = useState<string | null>(null);
  const issuedRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (replaced) issuedRef.current?.focus();
  }, [replaced]);

  const issued = (answer: IssuedInvoice) => {
    setReplaced(invoice.seriesNumber);
    setInvoice(shownInvoice(answer, locale));
    setOpen(false);
  };
  const warm = () => void loadForm();

  return (
    <>
      <h2 id={titleId}>{text.heading}</h2>
      {replaced && invoice.kind === 'full' ? (
        <p ref={issuedRef} tabIndex={-1} role="status" className={styles.notice} data-testid="full-invoice-issued">
          {text.issued.replace('{number}', replaced)}
        </p>
      ) : null}
      <dl className={styles.facts} data-testid="current-invoice" data-kind={invoice.kind}>
        <dt>{text.kindLabel}</dt>
        <dd>{text.kind[invoice.kind]}</dd>
        <dt>{text.number}</dt>
        <dd>{invoice.seriesNumber}</dd>
        <dt>{text.date}</dt>
        <dd>{invoice.date}</dd>
        <dt>{text.total}</dt>
        <dd>{invoice.total}</dd>
      </dl>
      <p className={styles.actions}>
        {/* The number in the name: a visitor who downloads both invoices keeps both. */}
        <a className="button button--secondary" href={pdfUrl} download={`${invoice.seriesNumber}.pdf`}>
          {text.download}
        </a>
      </p>
      {invoice.kind === 'simplified' ? (
        <>
          <p className={styles.actions}>
            <button
              type="button"
              className="button button--secondary"
              aria-expanded={open}
              aria-controls={open ? 'full-invoice-form' : undefined}
              onPointerEnter={warm}
              onPointerDown={warm}
              onFocus={warm}
              onClick={() => setOpen((now) => !now)}
            >
              {text.open}
            </button>
          </p>
          {open ? (
            <Suspense fallback={<p aria-busy="true">…</p>}>
              <FullInvoiceForm
                id="full-invoice-form"
                reference={reference}
                firma={firma}
                text={formText}
                onIssued={issued}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </>
  );
}
