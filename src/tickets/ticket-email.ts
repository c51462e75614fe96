import { createTranslator } from 'next-intl';

import { timeText } from '@/i18n/time';
import { localeInfo } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { labelled, written } from '@/i18n/written';
import { invoiceMessages, type InvoiceDocument } from '@/invoicing/document';
import { admissionTexts } from '@/partners/admission-texts';
import { OPERATOR_TIME_ZONE } from '@/lib/operator';
import type { WalletLinks } from '@/wallet/passes';

import { renderIcs } from './ics';
import { renderTicketPdf, ticketInvoiceDocument, type TicketDocumentInput } from './ticket-pdf';

export type TicketEmailInput = TicketDocumentInput & {
  durationMinutes: number;
  /** The signed link to the booking page. */
  bookingUrl: string;
  /** "Add to Apple/Google Wallet" links, for the wallets the operator configured. */
  wallet?: WalletLinks;
  /**
   * Set when the tickets are re-sent because the booking changed (a move): the subject and the
   * opening say what changed, so the one e-mail is both the change notice and the new tickets.
   */
  change?: { subject: string; lead: string };
};

/** The e-mail's wallet buttons: black and rounded like the companies' badges, as e-mail HTML can draw them. */
const WALLET_BUTTON =
  'display:inline-block;margin:4px 8px 4px 0;padding:10px 16px;border-radius:8px;background:#000;color:#fff;font-weight:bold;text-decoration:none';

export type TicketEmail = {
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Uint8Array }[];
};

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * The invoice as the e-mail writes it, under the tickets: its kind and number, date, issuer, one
 * line per item with its VAT rate, the VAT per rate and the total (the PDF has it all, QR included).
 */
function invoiceParagraph(invoice: InvoiceDocument): string {
  const t = invoiceMessages(invoice.locale);
  const line = (label: string, value: string) => labelled(invoice.locale, label, value);
  const lines = [
    line(t.emailHeading, `${invoice.title} ${invoice.seriesNumber}`),
    ...invoice.facts.slice(1, 2).map((fact) => line(fact.label, fact.value)),
    line(invoice.issuer.heading, invoice.issuer.lines.join(', ')),
    ...invoice.table.rows.map((row) =>
      line(`${row.description} × ${row.quantity}`, `${row.amount} (${invoice.table.headings.vatRate} ${row.vatRate})`),
    ),
    ...invoice.breakdown.rows.map((row) =>
      line(
        `${invoice.breakdown.headings.rate} ${row.rate}`,
        `${invoice.breakdown.headings.base} ${row.base}, ${invoice.breakdown.headings.vat} ${row.vat}`,
      ),
    ),
    invoice.vatIncluded,
    line(invoice.total.label, invoice.total.value),
    ...(invoice.thirdParty
      ? [
          labelled(invoice.locale, invoice.thirdParty.heading, '').trimEnd(),
          ...invoice.thirdParty.rows.map((row) => line(row.text, row.amount)),
          line(invoice.thirdParty.grandTotal.label, invoice.thirdParty.grandTotal.value),
        ]
      : []),
  ];
  return lines.join('\n');
}

/**
 * A combined tour's partner admissions, one line per admission with its partner, code and the days
 * it is valid, then where each partner is, its opening hours and map link (decision 175).
 */
async function admissionsParagraph(input: TicketEmailInput): Promise<string> {
  const texts = await admissionTexts(input.locale);
  const admissions = input.admissions ?? [];
  const partners = [...new Map(admissions.map((admission) => [admission.partner, admission])).values()].map(
    (admission) =>
      texts.labelled(admission.partner, `${texts.where(admission)}${admission.mapUrl ? ` · ${admission.mapUrl}` : ''}`),
  );
  return [texts.heading, ...admissions.map(texts.line), ...partners].join('\n');
}

/** The confirmation e-mail of a paid booking, in the visitor's language, with the PDF and the .ics. */
export async function renderTicketEmail(input: TicketEmailInput): Promise<TicketEmail> {
  // Before anything else: an e-mail whose invoice is due and not issued yet is not written.
  const invoice = ticketInvoiceDocument(input);
  const messages = await loadMessages(input.locale);
  const t = written(input.locale, createTranslator({ locale: input.locale, messages, namespace: 'tickets' }));
  const date = new Intl.DateTimeFormat(localeInfo[input.locale].iso, {
    timeZone: OPERATOR_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(input.startsAt);
  const boarding = timeText(input.boardingAt, input.locale);
  const firstName = input.customerName.split(/\s+/)[0] ?? input.customerName;
  const walletLines = [
    ...(input.wallet?.apple ? [{ label: t('wallet.addApple'), url: input.wallet.apple }] : []),
    ...(input.wallet?.google ? [{ label: t('wallet.addGoogle'), url: input.wallet.google }] : []),
  ];
  const paragraphs = [
    t('emailGreeting', { name: firstName }),
    ...(input.change ? [input.change.lead] : [t('emailIntro', { reference: input.reference })]),
    [
      labelled(input.locale, t('tour'), input.tourTitle),
      labelled(input.locale, t('date'), `${date} · ${timeText(input.startsAt, input.locale)}`),
      labelled(input.locale, t('boarding'), boarding),
      labelled(input.locale, t('boardingPoint'), `${input.boardingPoint.name}, ${input.boardingPoint.address}`),
    ].join('\n'),
    t('emailArrive', { boarding }),
    t('emailManage', { url: input.bookingUrl }),
    ...(input.admissions?.length ? [await admissionsParagraph(input)] : []),
    ...(walletLines.length > 0
      ? [
          [t('wallet.emailWallet'), ...walletLines.map(({ label, url }) => labelled(input.locale, label, url))].join(
            '\n',
          ),
        ]
      : []),
    ...(invoice ? [invoiceParagraph(invoice)] : []),
    t('emailSignature', { brand: input.brand }),
  ];
  const text = `${paragraphs.join('\n\n')}\n`;
  let body = paragraphs
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
    .replace(
      escapeHtml(input.bookingUrl),
      `<a href="${escapeHtml(input.bookingUrl)}">${escapeHtml(input.bookingUrl)}</a>`,
    );
  for (const { label, url } of walletLines)
    body = body.replace(
      escapeHtml(labelled(input.locale, label, url)),
      `<a href="${escapeHtml(url)}" style="${WALLET_BUTTON}">${escapeHtml(label)}</a>`,
    );
  const html = `<!doctype html><html lang="${input.locale}"><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#111">${body}</body></html>`;

  const pdf = await renderTicketPdf(input);
  const ics = renderIcs(
    {
      uid: `${input.reference}@${new URL(input.bookingUrl).host}`,
      start: input.startsAt,
      end: new Date(input.startsAt.getTime() + input.durationMinutes * 60_000),
      summary: t('calendarSummary', { tour: input.tourTitle, brand: input.brand }),
      location: `${input.boardingPoint.name}, ${input.boardingPoint.address}`,
      description: t('calendarDescription', { reference: input.reference, boarding, url: input.bookingUrl }),
      url: input.bookingUrl,
    },
    input.brand,
  );
  return {
    subject: input.change?.subject ?? t('emailSubject', { tour: input.tourTitle, date }),
    text,
    html,
    attachments: [
      { filename: `${input.reference}.pdf`, contentType: 'application/pdf', content: pdf },
      { filename: `${input.reference}.ics`, contentType: 'text/calendar', content: new TextEncoder().encode(ics) },
    ],
  };
}
