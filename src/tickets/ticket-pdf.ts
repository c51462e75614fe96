import { createTranslator } from 'next-intl';
import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';

import { formatEuros } from '@/booking/money';
import type { TicketCategory, TripType } from '@/booking/pricing';
import { dateText, timeText } from '@/booking/time';
import { localeInfo, type Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { invoiceDocument, type InvoiceDocument, type InvoiceDocumentInput } from '@/invoicing/document';

import {
  A4,
  INK,
  MARGIN,
  MUTED,
  NAVY,
  SEA,
  TAX_QR_BLOCK_WIDTH,
  addA4Page,
  drawBoardingQr,
  drawInvoiceBody,
  drawInvoiceHeading,
  drawTaxQr,
  newPdf,
  pdfSafe,
} from './pdf-layout';

// Kept here too: the reseller statement and older callers import it from the ticket PDF.
export { pdfSafe } from './pdf-layout';

/**
 * The booking's invoice, printed on its tickets (the ticket PDF *is* the simplified invoice of a
 * web or box-office sale): its facts, `null` when there is none to print (sold before invoicing
 * started, or by a reseller, who invoices its own customer), or 'missing' when one is due but not
 * issued yet, which refuses to render: tickets never go out without their invoice.
 */
export type TicketInvoice = InvoiceDocumentInput | null | 'missing';

export class InvoiceNotIssuedError extends Error {
  constructor(reference: string) {
    super(`Booking ${reference} has no invoice yet: the tickets wait for it`);
    this.name = 'InvoiceNotIssuedError';
  }
}

export type TicketDocumentInput = {
  locale: Locale;
  brand: string;
  reference: string;
  tourTitle: string;
  startsAt: Date;
  boardingAt: Date;
  boardingPoint: { name: string; address: string };
  customerName: string;
  tripType: TripType;
  audioGuides: number;
  totalCents: number;
  tickets: readonly { code: string; category: TicketCategory }[];
  /** What each QR code holds: what the boarding scanner reads. */
  qrContent: (code: string) => string;
  /** Absent: as null (no invoice to print). */
  invoice?: TicketInvoice;
};

const TICKETS_PER_PAGE = 3;

/** The invoice to print with the tickets, or null; throws when it is due and not issued. */
export function ticketInvoiceDocument(
  input: Pick<TicketDocumentInput, 'invoice' | 'reference'>,
): InvoiceDocument | null {
  if (input.invoice === 'missing') throw new InvoiceNotIssuedError(input.reference);
  return input.invoice ? invoiceDocument(input.invoice) : null;
}

/** A schematic of the quay: water, the promenade and a pin on the boarding point (no map tiles). */
function drawBoardingMap(page: PDFPage, font: PDFFont, caption: string, x: number, y: number) {
  const width = 170;
  const height = 96;
  page.drawRectangle({ x, y, width, height, color: SEA, borderColor: NAVY, borderWidth: 0.8 });
  page.drawRectangle({ x, y: y + height * 0.55, width, height: height * 0.45, color: rgb(0.93, 0.9, 0.84) });
  page.drawRectangle({
    x: x + width * 0.38,
    y: y + height * 0.3,
    width: width * 0.12,
    height: height * 0.25,
    color: rgb(0.85, 0.8, 0.7),
  });
  page.drawCircle({ x: x + width * 0.44, y: y + height * 0.5, size: 7, color: rgb(0.8, 0.15, 0.15) });
  page.drawCircle({ x: x + width * 0.44, y: y + height * 0.5, size: 2.5, color: rgb(1, 1, 1) });
  page.drawCircle({ x: x + width * 0.44, y: y + height * 0.86, size: 4, color: NAVY });
  page.drawText(pdfSafe(caption), { x, y: y - 12, size: 8, font, color: MUTED, maxWidth: width, lineHeight: 10 });
}

/** The PDF attached to the confirmation e-mail and downloadable from the booking page. */
export async function renderTicketPdf(input: TicketDocumentInput): Promise<Uint8Array> {
  // First: no tickets go out without the invoice they are (see TicketInvoice).
  const invoice = ticketInvoiceDocument(input);
  const messages = await loadMessages(input.locale);
  const t = createTranslator({ locale: input.locale, messages, namespace: 'tickets' });
  const { doc, fonts } = await newPdf({
    title: t('documentTitle', { reference: input.reference }),
    author: input.brand,
    language: localeInfo[input.locale].iso,
    keywords: [
      input.reference,
      ...(invoice ? [invoice.seriesNumber] : []),
      ...input.tickets.map((ticket) => ticket.code),
    ],
  });
  const { regular, bold } = fonts;

  const text = (page: PDFPage, value: string, x: number, y: number, size = 10, font = regular, color = INK) =>
    page.drawText(pdfSafe(value), { x, y, size, font, color });

  // First page: the invoice's tax QR first, where the AEAT wants it, then what the booking is.
  const summary = addA4Page(doc);
  let y: number;
  if (invoice) {
    const qrBottom = drawTaxQr(summary, fonts, invoice.taxQr, MARGIN - 12, A4.height - 30);
    const column = MARGIN + TAX_QR_BLOCK_WIDTH + 6;
    const bandTop = A4.height;
    summary.drawRectangle({ x: column - 12, y: bandTop - 78, width: A4.width - column + 12, height: 78, color: NAVY });
    text(summary, input.brand, column, bandTop - 40, 18, bold, rgb(1, 1, 1));
    text(summary, t('heading'), column, bandTop - 62, 12, regular, rgb(1, 1, 1));
    const headingBottom = drawInvoiceHeading(
      summary,
      fonts,
      invoice,
      column,
      bandTop - 88,
      A4.width - MARGIN - column,
      {
        facts: false,
      },
    );
    y = Math.min(qrBottom, headingBottom) - 18;
  } else {
    summary.drawRectangle({ x: 0, y: A4.height - 90, width: A4.width, height: 90, color: NAVY });
    text(summary, input.brand, MARGIN, A4.height - 45, 20, bold, rgb(1, 1, 1));
    text(summary, t('heading'), MARGIN, A4.height - 70, 12, regular, rgb(1, 1, 1));
    y = A4.height - 130;
  }

  const rows: [string, string][] = [
    [t('reference'), input.reference],
    [t('tour'), input.tourTitle],
    [t('date'), dateText(input.startsAt, input.locale)],
    [t('departure'), timeText(input.startsAt, input.locale)],
    [t('boarding'), timeText(input.boardingAt, input.locale)],
    [t('boardingPoint'), input.boardingPoint.name],
    ['', input.boardingPoint.address],
    [t('passenger'), input.customerName],
    [t('tripType'), t(input.tripType)],
    [t('audioGuides'), String(input.audioGuides)],
  ];
  // With an invoice, its lines say what was bought and its total what was paid.
  if (!invoice) {
    rows.push([t('total'), formatEuros(input.totalCents, input.locale)]);
    const counts = new Map<TicketCategory, number>();
    for (const ticket of input.tickets) counts.set(ticket.category, (counts.get(ticket.category) ?? 0) + 1);
    for (const [category, count] of counts) rows.push([t(`category.${category}`), `× ${count}`]);
  }

  const rowHeight = invoice ? 18 : 24;
  for (const [label, value] of rows) {
    text(summary, label, MARGIN, y, 9, regular, MUTED);
    summary.drawText(pdfSafe(value), {
      x: MARGIN + 150,
      y,
      size: 11,
      font: bold,
      color: INK,
      maxWidth: A4.width - MARGIN * 2 - 150,
    });
    y -= rowHeight;
  }
  if (invoice) y = drawInvoiceBody(summary, fonts, invoice, MARGIN, y, A4.width - MARGIN * 2) - 4;

  summary.drawText(pdfSafe(t('instructions')), {
    x: MARGIN,
    y: y - 10,
    size: 10,
    font: regular,
    color: INK,
    maxWidth: A4.width - MARGIN * 2 - 190,
    lineHeight: 14,
  });
  drawBoardingMap(
    summary,
    regular,
    t('mapCaption', { name: input.boardingPoint.name }),
    A4.width - MARGIN - 170,
    y - 110,
  );

  // A party's leader can board everyone with one scan: the booking's own code, at the foot of the
  // summary (the crew can still untick who is not there). One person needs only their ticket.
  if (input.tickets.length > 1) {
    const groupQrSize = 120;
    drawBoardingQr(summary, input.qrContent(input.reference), MARGIN, MARGIN, groupQrSize);
    summary.drawText(pdfSafe(t('groupQr', { count: String(input.tickets.length) })), {
      x: MARGIN + groupQrSize + 14,
      y: MARGIN + groupQrSize - 14,
      size: 10,
      font: bold,
      color: INK,
      maxWidth: A4.width - MARGIN * 2 - groupQrSize - 14 - 190,
      lineHeight: 14,
    });
  }

  // Then the tickets, three to a page, each with its own QR code.
  const slotHeight = (A4.height - MARGIN * 2) / TICKETS_PER_PAGE;
  let page: PDFPage | undefined;
  input.tickets.forEach((ticket, index) => {
    const slot = index % TICKETS_PER_PAGE;
    if (slot === 0) page = addA4Page(doc);
    const current = page!;
    const top = A4.height - MARGIN - slot * slotHeight;
    current.drawRectangle({
      x: MARGIN,
      y: top - slotHeight + 12,
      width: A4.width - MARGIN * 2,
      height: slotHeight - 24,
      borderColor: NAVY,
      borderWidth: 1,
      borderDashArray: [4, 3],
    });
    const qrSize = slotHeight - 60;
    drawBoardingQr(
      current,
      input.qrContent(ticket.code),
      A4.width - MARGIN - qrSize - 18,
      top - slotHeight + 30,
      qrSize,
    );
    text(
      current,
      t('ticketOf', { index: index + 1, count: input.tickets.length }),
      MARGIN + 18,
      top - 40,
      9,
      regular,
      MUTED,
    );
    text(current, input.tourTitle, MARGIN + 18, top - 62, 14, bold);
    text(
      current,
      `${dateText(input.startsAt, input.locale)} · ${timeText(input.startsAt, input.locale)}`,
      MARGIN + 18,
      top - 84,
      11,
    );
    text(current, `${t('boarding')} ${timeText(input.boardingAt, input.locale)}`, MARGIN + 18, top - 102, 11);
    text(current, t(`category.${ticket.category}`), MARGIN + 18, top - 130, 13, bold, NAVY);
    text(current, `${t('code')}: ${ticket.code}`, MARGIN + 18, top - 152, 10, regular, MUTED);
    text(current, `${t('reference')}: ${input.reference}`, MARGIN + 18, top - 168, 10, regular, MUTED);
  });

  return doc.save();
}
