import { createTranslator } from 'next-intl';

import { formatEuros } from '@/booking/money';
import type { TicketCategory, TripType } from '@/booking/pricing';
import { dateText, timeText } from '@/i18n/time';
import { localeInfo, type Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { labelled, written } from '@/i18n/written';
import { invoiceDocument, type InvoiceDocument, type InvoiceDocumentInput } from '@/invoicing/document';
import { admissionTexts } from '@/partners/admission-texts';
import type { VisitorAdmission } from '@/partners/admissions-repository';

import {
  A4,
  MARGIN,
  MUTED,
  NAVY,
  SEA,
  TAX_QR_BLOCK_WIDTH,
  WHITE,
  drawBoardingQr,
  drawInvoiceBody,
  drawInvoiceHeading,
  drawTaxQr,
  newPdf,
  type Pdf,
  type Rgb,
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
  /** A combined tour's partner admissions, one per ticket and part (decision 175). */
  admissions?: readonly TicketAdmission[];
};

/** An admission as the tickets print it (partners/admissions-repository.ts, admissionsOnTickets). */
export type TicketAdmission = Pick<
  VisitorAdmission,
  'ticketCode' | 'code' | 'partner' | 'address' | 'openingHours' | 'mapUrl' | 'validFrom' | 'validUntil'
>;

const TICKETS_PER_PAGE = 3;

/** The invoice to print with the tickets, or null; throws when it is due and not issued. */
export function ticketInvoiceDocument(
  input: Pick<TicketDocumentInput, 'invoice' | 'reference'>,
): InvoiceDocument | null {
  if (input.invoice === 'missing') throw new InvoiceNotIssuedError(input.reference);
  return input.invoice ? invoiceDocument(input.invoice) : null;
}

/** A schematic of the quay: water, the promenade and a pin on the boarding point (no map tiles). */
function drawBoardingMap(pdf: Pdf, alt: string, caption: string, x: number, y: number) {
  const width = 170;
  const height = 96;
  const sand: Rgb = [0.93, 0.9, 0.84];
  const quay: Rgb = [0.85, 0.8, 0.7];
  const pin: Rgb = [0.8, 0.15, 0.15];
  const color = (rgb: Rgb): [number, number, number] => [rgb[0] * 255, rgb[1] * 255, rgb[2] * 255];
  // A Figure with its text alternative; the caption under it is its own paragraph.
  pdf.figure(alt, { x, y, width, height }, (doc) => {
    const top = (bottom: number, h: number) => pdf.top(bottom + h);
    doc.rect(x, top(y, height), width, height).fillAndStroke(color(SEA), color(NAVY));
    doc.lineWidth(0.8);
    doc.rect(x, top(y + height * 0.55, height * 0.45), width, height * 0.45).fill(color(sand));
    doc.rect(x + width * 0.38, top(y + height * 0.3, height * 0.25), width * 0.12, height * 0.25).fill(color(quay));
    doc.circle(x + width * 0.44, pdf.top(y + height * 0.5), 7).fill(color(pin));
    doc.circle(x + width * 0.44, pdf.top(y + height * 0.5), 2.5).fill(color(WHITE));
    doc.circle(x + width * 0.44, pdf.top(y + height * 0.86), 4).fill(color(NAVY));
  });
  pdf.text(caption, x, y - 12, { size: 8, color: MUTED, maxWidth: width, lineHeight: 10, tag: 'P' });
}

/** The PDF attached to the confirmation e-mail and downloadable from the booking page. */
export async function renderTicketPdf(input: TicketDocumentInput): Promise<Uint8Array> {
  // First: no tickets go out without the invoice they are (see TicketInvoice).
  const invoice = ticketInvoiceDocument(input);
  const messages = await loadMessages(input.locale);
  const t = written(input.locale, createTranslator({ locale: input.locale, messages, namespace: 'tickets' }));
  const pdf = newPdf({
    title: t('documentTitle', { reference: input.reference }),
    author: input.brand,
    language: localeInfo[input.locale].iso,
    keywords: [
      input.reference,
      ...(invoice ? [invoice.seriesNumber] : []),
      ...input.tickets.map((ticket) => ticket.code),
      ...(input.admissions ?? []).map((admission) => admission.code),
    ],
  });

  // First page: the invoice's tax QR first, where the AEAT wants it, then what the booking is.
  // Read in that order too: the QR block (left), then the band and the invoice heading (right).
  let y: number;
  if (invoice) {
    const qrBottom = drawTaxQr(pdf, invoice.taxQr, MARGIN - 12, A4.height - 30);
    const column = MARGIN + TAX_QR_BLOCK_WIDTH + 6;
    const bandTop = A4.height;
    pdf.rectangle(column - 12, bandTop - 78, A4.width - column + 12, 78, NAVY);
    pdf.text(input.brand, column, bandTop - 40, { size: 18, bold: true, color: WHITE, tag: 'P' });
    pdf.text(t('heading'), column, bandTop - 62, { size: 12, color: WHITE, tag: 'H1' });
    const headingBottom = drawInvoiceHeading(pdf, invoice, column, bandTop - 88, A4.width - MARGIN - column, {
      facts: false,
      level: 'H2',
    });
    y = Math.min(qrBottom, headingBottom) - 18;
  } else {
    pdf.rectangle(0, A4.height - 90, A4.width, 90, NAVY);
    pdf.text(input.brand, MARGIN, A4.height - 45, { size: 20, bold: true, color: WHITE, tag: 'P' });
    pdf.text(t('heading'), MARGIN, A4.height - 70, { size: 12, color: WHITE, tag: 'H1' });
    y = A4.height - 130;
  }

  const rows: [string, string][] = [
    [t('reference'), input.reference],
    [t('tour'), input.tourTitle],
    [t('date'), dateText(input.startsAt, input.locale)],
    [t('departure'), timeText(input.startsAt, input.locale)],
    [t('boarding'), timeText(input.boardingAt, input.locale)],
    [t('boardingPoint'), `${input.boardingPoint.name}\n${input.boardingPoint.address}`],
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

  // The booking's facts: a two-column table whose row headers are the labels.
  const rowHeight = invoice ? 18 : 24;
  pdf.group('Table', () => {
    for (const [label, value] of rows) {
      pdf.group('TR', () => {
        pdf.group('TH', () => pdf.text(label, MARGIN, y, { size: 9, color: MUTED }), { scope: 'Row' });
        pdf.group('TD', () => {
          // The boarding point's address is its second line, a row lower.
          for (const [index, line] of value.split('\n').entries()) {
            if (index > 0) y -= rowHeight;
            pdf.text(line, MARGIN + 150, y, { size: 11, bold: true, maxWidth: A4.width - MARGIN * 2 - 150 });
          }
        });
      });
      y -= rowHeight;
    }
  });
  if (invoice) y = drawInvoiceBody(pdf, invoice, MARGIN, y, A4.width - MARGIN * 2) - 4;

  pdf.text(t('instructions'), MARGIN, y - 10, {
    size: 10,
    maxWidth: A4.width - MARGIN * 2 - 190,
    lineHeight: 14,
    tag: 'P',
  });
  drawBoardingMap(
    pdf,
    t('mapAlt', { name: input.boardingPoint.name }),
    t('mapCaption', { name: input.boardingPoint.name }),
    A4.width - MARGIN - 170,
    y - 110,
  );

  // A party's leader can board everyone with one scan: the booking's own code, at the foot of the
  // summary (the crew can still untick who is not there). One person needs only their ticket.
  if (input.tickets.length > 1) {
    const groupQrSize = 120;
    const count = String(input.tickets.length);
    pdf.group('Div', () => {
      drawBoardingQr(
        pdf,
        input.qrContent(input.reference),
        t('groupQrAlt', { reference: input.reference, count }),
        MARGIN,
        MARGIN,
        groupQrSize,
      );
      pdf.text(t('groupQr', { count }), MARGIN + groupQrSize + 14, MARGIN + groupQrSize - 14, {
        size: 10,
        bold: true,
        maxWidth: A4.width - MARGIN * 2 - groupQrSize - 14 - 190,
        lineHeight: 14,
        tag: 'P',
      });
    });
  }

  // Then the tickets, three to a page, each a section: its text, then its own QR code.
  const slotHeight = (A4.height - MARGIN * 2) / TICKETS_PER_PAGE;
  input.tickets.forEach((ticket, index) => {
    const slot = index % TICKETS_PER_PAGE;
    if (slot === 0) pdf.addPage();
    const top = A4.height - MARGIN - slot * slotHeight;
    const left = MARGIN + 18;
    pdf.frame(MARGIN, top - slotHeight + 12, A4.width - MARGIN * 2, slotHeight - 24, {
      color: NAVY,
      width: 1,
      dash: [4, 3],
    });
    pdf.group('Sect', () => {
      pdf.text(t('ticketOf', { index: index + 1, count: input.tickets.length }), left, top - 40, {
        size: 9,
        color: MUTED,
        tag: 'H2',
      });
      pdf.text(input.tourTitle, left, top - 62, { size: 14, bold: true, tag: 'P' });
      pdf.text(
        `${dateText(input.startsAt, input.locale)} · ${timeText(input.startsAt, input.locale)}`,
        left,
        top - 84,
        {
          size: 11,
          tag: 'P',
        },
      );
      pdf.text(t('boardingFrom', { time: timeText(input.boardingAt, input.locale) }), left, top - 102, {
        size: 11,
        tag: 'P',
      });
      pdf.text(t(`category.${ticket.category}`), left, top - 130, { size: 13, bold: true, color: NAVY, tag: 'P' });
      pdf.text(labelled(input.locale, t('code'), ticket.code), left, top - 152, { size: 10, color: MUTED, tag: 'P' });
      pdf.text(labelled(input.locale, t('reference'), input.reference), left, top - 168, {
        size: 10,
        color: MUTED,
        tag: 'P',
      });
      const qrSize = slotHeight - 60;
      drawBoardingQr(
        pdf,
        input.qrContent(ticket.code),
        t('pdfQrAlt', { index: index + 1, count: input.tickets.length, reference: input.reference }),
        A4.width - MARGIN - qrSize - 18,
        top - slotHeight + 30,
        qrSize,
      );
    });
  });

  await drawAdmissions(pdf, input, slotHeight);
  return pdf.save();
}

/** Breaks text with no spaces (a web address) into pieces no wider than `maxWidth`. */
function pieces(pdf: Pdf, text: string, size: number, maxWidth: number): string[] {
  const out: string[] = [];
  let piece = '';
  for (const char of text) {
    if (piece && pdf.widthOf(piece + char, size) > maxWidth) {
      out.push(piece);
      piece = '';
    }
    piece += char;
  }
  return piece ? [...out, piece] : out;
}

/**
 * A combined tour's admissions after the tickets, three to a page like them (decision 175): each a
 * section with the partner, which ticket it goes with, the days it is valid, where the partner is,
 * its opening hours and map link, and the admission's own code and QR, drawn like a ticket's. The
 * QR holds the admission's code as the partner's door reads it. A boat trip only has none.
 */
async function drawAdmissions(pdf: Pdf, input: TicketDocumentInput, slotHeight: number) {
  const admissions = input.admissions ?? [];
  if (admissions.length === 0) return;
  const texts = await admissionTexts(input.locale);
  const messages = await loadMessages(input.locale);
  const t = written(input.locale, createTranslator({ locale: input.locale, messages, namespace: 'tickets' }));
  const qrSize = slotHeight - 60;
  const left = MARGIN + 18;
  const width = A4.width - MARGIN * 2 - 18 - qrSize - 36;
  admissions.forEach((admission, index) => {
    const slot = index % TICKETS_PER_PAGE;
    if (slot === 0) pdf.addPage();
    const top = A4.height - MARGIN - slot * slotHeight;
    const ticketIndex = input.tickets.findIndex((ticket) => ticket.code === admission.ticketCode);
    const ticket = input.tickets[ticketIndex];
    pdf.frame(MARGIN, top - slotHeight + 12, A4.width - MARGIN * 2, slotHeight - 24, {
      color: NAVY,
      width: 1,
      dash: [4, 3],
    });
    pdf.group('Sect', () => {
      let y = pdf.text(texts.title(admission), left, top - 42, {
        size: 13,
        bold: true,
        color: NAVY,
        maxWidth: width,
        lineHeight: 16,
        tag: 'H2',
      });
      if (ticket)
        y = pdf.text(
          texts.ofTicket(ticketIndex + 1, input.tickets.length, t(`category.${ticket.category}`)),
          left,
          y - 2,
          { size: 9, color: MUTED, maxWidth: width, lineHeight: 12, tag: 'P' },
        );
      y = pdf.text(texts.labelled(texts.validityLabel, texts.validity(admission)), left, y - 8, {
        size: 11,
        bold: true,
        maxWidth: width,
        lineHeight: 14,
        tag: 'P',
      });
      const detail = { size: 9, maxWidth: width, lineHeight: 11.5, tag: 'P' } as const;
      if (admission.address) y = pdf.text(texts.labelled(texts.addressLabel, admission.address), left, y - 4, detail);
      if (admission.openingHours)
        y = pdf.text(texts.labelled(texts.hoursLabel, admission.openingHours), left, y - 2, detail);
      if (admission.mapUrl)
        pdf.group('P', () => {
          y = pdf.text(texts.labelled(texts.mapLabel, '').trimEnd(), left, y - 2, { size: 9 });
          for (const piece of pieces(pdf, admission.mapUrl, 8, width))
            y = pdf.text(piece, left, y, { size: 8, color: MUTED });
        });
      y = pdf.text(texts.labelled(texts.codeLabel, admission.code), left, y - 8, {
        size: 10,
        bold: true,
        maxWidth: width,
        lineHeight: 13,
        tag: 'P',
      });
      pdf.text(texts.show(admission), left, y - 2, {
        size: 9,
        color: MUTED,
        maxWidth: width,
        lineHeight: 11.5,
        tag: 'P',
      });
      drawBoardingQr(
        pdf,
        admission.code,
        texts.qrAlt(admission, ticketIndex + 1, input.tickets.length),
        A4.width - MARGIN - qrSize - 18,
        top - slotHeight + 30,
        qrSize,
      );
    });
  });
}
