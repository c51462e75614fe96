import { createTranslator } from 'next-intl';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

import { formatEuros } from '@/booking/money';
import type { TicketCategory, TripType } from '@/booking/pricing';
import { dateText, timeText } from '@/booking/time';
import { localeInfo, type Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';

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
};

const TICKETS_PER_PAGE = 3;
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const NAVY = rgb(0.02, 0.2, 0.29);
const SEA = rgb(0.75, 0.87, 0.93);
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.38, 0.42);

/**
 * The standard PDF fonts only encode Windows-1252. Catalan, Spanish, French and English texts fit;
 * a visitor's name in another script is shown transliterated where possible and with '?' where
 * not, rather than failing the whole ticket.
 */
const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
};

export function pdfSafe(text: string): string {
  return text
    .replace(/[\u202F\u2009]/g, '\u00A0')
    .normalize('NFC')
    .replace(
      /[^\u0020-\u007E\u00A0-\u00FF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC\u00B7]/g,
      (char) => {
        const stripped = LETTERS_WITHOUT_DECOMPOSITION[char] ?? char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
        return /^[\u0020-\u007E]$/.test(stripped) ? stripped : '?';
      },
    );
}

/**
 * One filled path for all dark modules (not a rectangle each): the PDF stays small and every
 * reader renders the code crisply at any zoom.
 */
function drawQr(page: PDFPage, content: string, x: number, y: number, size: number) {
  const qr = QRCode.create(content, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 4;
  const cell = size / (count + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  const squares: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) squares.push(`M${col + quiet} ${row + quiet}h1v1h-1z`);
    }
  }
  page.drawSvgPath(squares.join(''), { x, y: y + size, scale: cell, color: rgb(0, 0, 0), borderWidth: 0 });
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
  const messages = await loadMessages(input.locale);
  const t = createTranslator({ locale: input.locale, messages, namespace: 'tickets' });
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(t('documentTitle', { reference: input.reference })));
  doc.setAuthor(pdfSafe(input.brand));
  doc.setLanguage(localeInfo[input.locale].iso);
  doc.setKeywords([input.reference, ...input.tickets.map((ticket) => ticket.code)]);
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  const text = (page: PDFPage, value: string, x: number, y: number, size = 10, font = regular, color = INK) =>
    page.drawText(pdfSafe(value), { x, y, size, font, color });

  // First page: what the booking is.
  const summary = doc.addPage([A4.width, A4.height]);
  summary.drawRectangle({ x: 0, y: A4.height - 90, width: A4.width, height: 90, color: NAVY });
  text(summary, input.brand, MARGIN, A4.height - 45, 20, bold, rgb(1, 1, 1));
  text(summary, t('heading'), MARGIN, A4.height - 70, 12, regular, rgb(1, 1, 1));

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
    [t('total'), formatEuros(input.totalCents, input.locale)],
  ];
  const counts = new Map<TicketCategory, number>();
  for (const ticket of input.tickets) counts.set(ticket.category, (counts.get(ticket.category) ?? 0) + 1);
  for (const [category, count] of counts) rows.push([t(`category.${category}`), `× ${count}`]);

  let y = A4.height - 130;
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
    y -= 24;
  }
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
    drawQr(summary, input.qrContent(input.reference), MARGIN, MARGIN, groupQrSize);
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
    if (slot === 0) page = doc.addPage([A4.width, A4.height]);
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
    drawQr(current, input.qrContent(ticket.code), A4.width - MARGIN - qrSize - 18, top - slotHeight + 30, qrSize);
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
