import { formatEuros } from '../booking/money';
import { MADRID_TIME_ZONE } from '@/i18n/time';
import { localeInfo, isLocale, type Locale } from '../i18n/locales';
import ca from '../i18n/messages/invoices/ca.json';
import en from '../i18n/messages/invoices/en.json';
import es from '../i18n/messages/invoices/es.json';
import fr from '../i18n/messages/invoices/fr.json';
import { fillWritten, labelled } from '../i18n/written';
import { centsToAmount } from './amounts';
import type { StoredInvoice } from './ledger';
import type { InvoiceLine } from './plan';
import { taxQrCaptions, taxQrUrl, type TaxQrMode } from './tax-qr';
import type { InvoiceId, Issuer } from './types';
import { vatInGross } from './vat';

/**
 * What an invoice says, in the booking's language, as strings ready to print: the content of the
 * ticket PDF's invoice section, the invoice PDF and the ticket e-mail's invoice lines. No layout
 * here (src/tickets/pdf-layout.ts draws it), so a change of output format (tagged PDF, HTML)
 * touches the layout only.
 *
 * The captions the law fixes stay in Spanish, as the AEAT reads them: the kind of invoice
 * ("Factura simplificada", "Factura rectificativa"), "IVA incluido" and the QR's own texts
 * (tax-qr.ts). In another language the visitor's word follows the Spanish one ("Factura
 * simplificada / Simplified invoice"). The Spanish comes from the es messages, so the two can
 * never say different things.
 */

export type InvoiceMessages = typeof en.invoices;

const messages: Record<Locale, InvoiceMessages> = {
  ca: ca.invoices,
  es: es.invoices,
  en: en.invoices,
  fr: fr.invoices,
};

export function invoiceMessages(locale: unknown): InvoiceMessages {
  return messages[isLocale(locale) ? locale : 'ca'];
}

export type InvoiceDocumentInput = {
  invoice: StoredInvoice;
  /** The issuer as the invoice's record names it (name, NIF), with its address. */
  issuer: Issuer;
  booking: { reference: string; tourTitle?: string | undefined };
  /** The recipient's address on a full invoice, when the buyer gave one. */
  recipientAddress?: string | null | undefined;
  /** What a rectifying invoice corrects, as its record names them. */
  corrects?: readonly Pick<InvoiceId, 'seriesNumber' | 'issueDate'>[] | undefined;
  /** The simplified invoices an F3 replaces, as its record names them. */
  replaces?: readonly Pick<InvoiceId, 'seriesNumber' | 'issueDate'>[] | undefined;
  qrMode: TaxQrMode;
};

export type InvoiceTableRow = {
  description: string;
  quantity: string;
  /**
   * VAT included on a simplified invoice (F2, R5); without VAT on a full one (F1, F3, R1), as
   * Real Decreto 1619/2012 art. 6.1.f asks. Empty for a line priced as a whole.
   */
  unitPrice: string;
  /** Full invoices only: the line's taxable base (art. 6.1.f), its share of its rate's base. */
  base?: string;
  vatRate: string;
  /** What the line costs, VAT included, on every kind of invoice ("IVA incluido" below the table). */
  amount: string;
};
export type VatRow = { rate: string; base: string; vat: string; total: string };

export type InvoiceDocument = {
  locale: Locale;
  type: StoredInvoice['type'];
  seriesNumber: string;
  /** For the PDF's metadata and the e-mail: "Factura W2027-000001". */
  documentTitle: string;
  /** The kind of invoice, in Spanish, and the visitor's word beside it. */
  title: string;
  /** `alt`: what the QR is, in the reader's language, for a screen reader. */
  taxQr: { url: string; above: string; below: string | null; alt: string };
  issuer: { heading: string; lines: string[] };
  recipient: { heading: string; lines: string[] } | null;
  /** Number, date of issue, booking. */
  facts: { label: string; value: string }[];
  /** A rectifying invoice: that it is one, and which invoices it corrects. */
  rectifies: { heading: string; text: string } | null;
  /** A full invoice replacing simplified ones (F3): which. */
  replaces: string | null;
  /** `full`: the lines show unit prices without VAT and each line's taxable base (F1, F3, R1). */
  table: { full: boolean; headings: InvoiceTableRow; rows: InvoiceTableRow[] };
  /** "IVA incluido": the line amounts are VAT-inclusive. */
  vatIncluded: string;
  breakdown: { heading: string; headings: VatRow; rows: VatRow[] };
  total: { label: string; value: string };
  /**
   * A combined tour's parts sold in the partners' name and on their behalf (decision 175): below
   * the invoice's total, outside its base and VAT, with each partner's name and tax id, and what
   * changed hands in all: paid, or given back (a refund's or a move's rectifying invoice), said in
   * words rather than with a minus sign. Null when the invoice documents none.
   */
  thirdParty: {
    heading: string;
    rows: { text: string; amount: string }[];
    grandTotal: { label: string; value: string };
  } | null;
};

/** "Factura simplificada / Simplified invoice"; once when the words are the same (Catalan often). */
function bilingual(spanish: string, local: string): string {
  return spanish === local ? spanish : `${spanish} / ${local}`;
}

/** Euros with a leading minus for a rectifying invoice's negative amounts. */
export function formatSignedEuros(cents: number, locale: Locale): string {
  return cents < 0 ? `-${formatEuros(-cents, locale)}` : formatEuros(cents, locale);
}

function rateText(ratePct: number, locale: Locale): string {
  return new Intl.NumberFormat(localeInfo[locale].iso, { style: 'percent', maximumFractionDigits: 2 }).format(
    ratePct / 100,
  );
}

function dateOfIssue(issuedAt: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(localeInfo[locale].iso, {
    timeZone: MADRID_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(issuedAt);
}

/** "dd-mm-yyyy" as the records carry it → the locale's numeric date. */
function recordDate(issueDate: string, locale: Locale): string {
  const [day, month, year] = issueDate.split('-').map(Number);
  if (!day || !month || !year) return issueDate;
  // Noon UTC is the same calendar day in Madrid whatever the season.
  return dateOfIssue(new Date(Date.UTC(year, month - 1, day, 12)), locale);
}

function itemText(line: InvoiceLine, reason: StoredInvoice['reason'], t: InvoiceMessages, locale: Locale): string {
  if (line.item === 'difference') return reason === 'topUp' ? t.item.topUp : t.item.difference;
  if (line.item === 'partnerPart') return fillWritten(locale, t.item.partnerPart, { partner: line.partner ?? '' });
  return t.item[line.item];
}

/** Full invoices (Real Decreto 1619/2012 art. 6); F2 and R5 are simplified ones (art. 7). */
export function isFullInvoice(type: StoredInvoice['type']): boolean {
  return type === 'F1' || type === 'F3' || type === 'R1';
}

/**
 * Each line's taxable base, in cents, for a full invoice: the legal bases are the breakdown's, one
 * per rate, from VAT rounded once per rate group (docs/domain-rules.md, "VAT breakdown"). A line's
 * own base is its gross less the VAT its gross contains; the cents the per-line rounding leaves
 * over are then given one at a time to the group's largest lines, so that the lines' bases add up
 * exactly to their rate's base and the lines' bases and the breakdown never disagree. These line
 * bases (and the net unit prices beside them) are informative; the base per rate is the one the
 * record carries and the AEAT checks.
 */
export function lineBasesCents(invoice: Pick<StoredInvoice, 'lines' | 'vat'>): number[] {
  const bases = invoice.lines.map((line) => line.totalCents - vatInGross(line.totalCents, line.ratePct));
  for (const group of invoice.vat) {
    const members = invoice.lines.flatMap((line, index) => (line.ratePct === group.ratePct ? [index] : []));
    if (members.length === 0) continue;
    let left = group.baseCents - members.reduce((sum, index) => sum + bases[index]!, 0);
    // Largest line first (by size, whatever its sign), then in the invoice's order.
    const order = [...members].sort(
      (a, b) => Math.abs(invoice.lines[b]!.totalCents) - Math.abs(invoice.lines[a]!.totalCents) || a - b,
    );
    for (let turn = 0; left !== 0; turn++) {
      const step = Math.sign(left);
      bases[order[turn % order.length]!]! += step;
      left -= step;
    }
  }
  return bases;
}

function recipientLines(input: InvoiceDocumentInput, t: InvoiceMessages, locale: Locale): string[] | null {
  const recipient = input.invoice.recipient;
  if (!recipient) return null;
  const id = labelled(locale, t.taxId, 'nif' in recipient ? recipient.nif : `${recipient.countryCode} ${recipient.id}`);
  return [recipient.name, id, ...(input.recipientAddress ? [input.recipientAddress] : [])];
}

export function invoiceDocument(input: InvoiceDocumentInput): InvoiceDocument {
  const { invoice } = input;
  const locale: Locale = isLocale(invoice.locale) ? invoice.locale : 'ca';
  const t = messages[locale];
  const legal = messages.es;
  const money = (cents: number) => formatSignedEuros(cents, locale);
  const grandTotal = (cents: number) =>
    cents < 0
      ? { label: t.thirdParty.totalRefunded, value: money(-cents) }
      : { label: t.thirdParty.totalPaid, value: money(cents) };
  const rectifying = invoice.type === 'R1' || invoice.type === 'R5';
  const full = isFullInvoice(invoice.type);
  const bases = full ? lineBasesCents(invoice) : [];
  const invoiceList = (ids: InvoiceDocumentInput['corrects']) =>
    (ids ?? [])
      .map((id) =>
        fillWritten(locale, t.correctedInvoice, { number: id.seriesNumber, date: recordDate(id.issueDate, locale) }),
      )
      .join(', ');

  const facts = [
    { label: t.number, value: invoice.seriesNumber },
    { label: t.date, value: dateOfIssue(invoice.issuedAt, locale) },
    {
      label: t.booking,
      value: input.booking.tourTitle
        ? `${input.booking.reference} · ${input.booking.tourTitle}`
        : input.booking.reference,
    },
  ];
  const recipient = recipientLines(input, t, locale);

  return {
    locale,
    type: invoice.type,
    seriesNumber: invoice.seriesNumber,
    documentTitle: fillWritten(locale, t.documentTitle, { number: invoice.seriesNumber }),
    title: bilingual(legal.type[invoice.type], t.type[invoice.type]),
    taxQr: {
      url: taxQrUrl(
        {
          nif: input.issuer.nif,
          seriesNumber: invoice.seriesNumber,
          issueDate: invoice.issueDate,
          total: centsToAmount(invoice.totalCents),
        },
        input.qrMode,
      ),
      ...taxQrCaptions(input.qrMode),
      alt: fillWritten(locale, t.taxQrAlt, { number: invoice.seriesNumber }),
    },
    issuer: {
      heading: t.issuer,
      lines: [input.issuer.name, labelled(locale, 'NIF', input.issuer.nif), input.issuer.address],
    },
    recipient: recipient ? { heading: t.recipient, lines: recipient } : null,
    facts,
    rectifies: rectifying
      ? {
          heading: bilingual(legal.rectifying, t.rectifying),
          text: fillWritten(locale, t.corrects, { invoices: invoiceList(input.corrects) }),
        }
      : null,
    replaces: input.replaces?.length
      ? fillWritten(locale, t.replaces, { invoices: invoiceList(input.replaces) })
      : null,
    table: {
      full,
      headings: {
        description: t.columns.description,
        quantity: t.columns.quantity,
        unitPrice: full ? t.columns.unitPriceNet : t.columns.unitPrice,
        ...(full ? { base: t.columns.base } : {}),
        vatRate: t.columns.vatRate,
        amount: t.columns.amount,
      },
      rows: invoice.lines.map((line, index) => {
        // A line whose total is not quantity × unit (a price agreed as a whole) shows no unit price.
        const unitPriced = line.item !== 'thirdPartyChange' && line.quantity * line.unitCents === line.totalCents;
        // Without VAT: one unit's VAT-inclusive price less the VAT it contains, to the cent.
        // Informative, like the line's base: quantity × this rounded price can differ from the
        // line's base by up to half a cent per unit (9 × 13.64 € = 122.76 €, base 122.73 €).
        const unitCents = full ? line.unitCents - vatInGross(line.unitCents, line.ratePct) : line.unitCents;
        return {
          description: itemText(line, invoice.reason, t, locale),
          quantity: String(line.quantity),
          unitPrice: unitPriced ? money(unitCents) : '',
          ...(full ? { base: money(bases[index]!) } : {}),
          vatRate: rateText(line.ratePct, locale),
          amount: money(line.totalCents),
        };
      }),
    },
    vatIncluded: bilingual(legal.vatIncluded, t.vatIncluded),
    breakdown: {
      heading: t.breakdown,
      headings: { rate: t.rate, base: t.base, vat: t.vat, total: t.gross },
      rows: invoice.vat.map((group) => ({
        rate: rateText(group.ratePct, locale),
        base: money(group.baseCents),
        vat: money(group.vatCents),
        total: money(group.grossCents),
      })),
    },
    total: { label: t.total, value: money(invoice.totalCents) },
    thirdParty:
      invoice.thirdParty && invoice.thirdParty.length > 0
        ? {
            heading: t.thirdParty.heading,
            rows: invoice.thirdParty.map((entry) => ({
              text: fillWritten(locale, t.thirdParty.row, {
                partner: entry.partner,
                legalName: entry.legalName,
                taxId: entry.taxId,
              }),
              amount: money(entry.cents),
            })),
            grandTotal: grandTotal(
              invoice.totalCents + invoice.thirdParty.reduce((sum, entry) => sum + entry.cents, 0),
            ),
          }
        : null,
  };
}
