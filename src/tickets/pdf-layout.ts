import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';

import type { InvoiceDocument } from '@/invoicing/document';
import { TAX_QR_ERROR_CORRECTION, TAX_QR_MIN_MARGIN_MM, TAX_QR_MIN_SIZE_MM } from '@/invoicing/tax-qr';

/**
 * The one place that knows how our PDFs are drawn (pdf-lib, A4, the standard Helvetica): pages,
 * text, QR codes and the invoice's blocks. The ticket PDF and the invoice PDF decide what goes on
 * a page; how it is drawn is here, so moving every PDF to another output (tagged PDF/UA) changes
 * this module, not the documents. Everything drawn here is already-written text (see
 * src/invoicing/document.ts for the invoice's).
 */

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 48;
export const NAVY = rgb(0.02, 0.2, 0.29);
export const SEA = rgb(0.75, 0.87, 0.93);
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.35, 0.38, 0.42);
export const WHITE = rgb(1, 1, 1);

const POINTS_PER_MM = 72 / 25.4;
export const mm = (value: number): number => value * POINTS_PER_MM;

/**
 * The printed width of the tax QR: inside the AEAT's 30–40 mm with room to spare, so no rounding
 * of a viewer or a printer's scaling takes it under 30 mm.
 */
export const TAX_QR_PRINT_MM = 32;
/** White kept around the tax QR: above the AEAT's 2 mm minimum. */
export const TAX_QR_WHITE_MM = 4;

/**
 * The standard PDF fonts only encode Windows-1252. Catalan, Spanish, French and English texts fit;
 * a visitor's name in another script is shown transliterated where possible and with '?' where
 * not, rather than failing the whole document.
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

export type PdfFonts = { regular: PDFFont; bold: PDFFont };

export type PdfMeta = { title: string; author: string; language: string; keywords: string[] };

/** A new document with its metadata and fonts. Dates are fixed so the same input gives the same bytes. */
export async function newPdf(meta: PdfMeta): Promise<{ doc: PDFDocument; fonts: PdfFonts }> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(meta.title));
  doc.setAuthor(pdfSafe(meta.author));
  doc.setLanguage(meta.language);
  doc.setKeywords(meta.keywords);
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, fonts: { regular, bold } };
}

export function addA4Page(doc: PDFDocument): PDFPage {
  return doc.addPage([A4.width, A4.height]);
}

export type TextStyle = {
  size?: number;
  bold?: boolean;
  color?: RGB;
  /** Longer text is cut with an ellipsis (one line) unless lineHeight is given (then it wraps). */
  maxWidth?: number;
  lineHeight?: number;
  align?: 'left' | 'right';
};

/** Lines of at most maxWidth, broken between words (a word longer than a line stays whole). */
export function wrapText(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of pdfSafe(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

function fitLine(font: PDFFont, text: string, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Draws text with its baseline at y; returns the y below it (the next line's baseline). */
export function drawText(page: PDFPage, fonts: PdfFonts, value: string, x: number, y: number, style: TextStyle = {}) {
  const size = style.size ?? 10;
  const font = style.bold ? fonts.bold : fonts.regular;
  const color = style.color ?? INK;
  const lines =
    style.maxWidth && style.lineHeight
      ? wrapText(font, value, size, style.maxWidth)
      : [style.maxWidth ? fitLine(font, pdfSafe(value), size, style.maxWidth) : pdfSafe(value)];
  const lineHeight = style.lineHeight ?? size * 1.25;
  lines.forEach((line, index) => {
    const width = font.widthOfTextAtSize(line, size);
    page.drawText(line, {
      x: style.align === 'right' ? x - width : x,
      y: y - index * lineHeight,
      size,
      font,
      color,
    });
  });
  return y - lines.length * lineHeight;
}

/** Module offset of a QR path's coordinates: readers that rebuild the symbol from it find a quiet zone. */
const PATH_QUIET_MODULES = 4;

/**
 * A QR code as one filled path of its dark modules, a unit square each, on `white` points of white
 * all round: the PDF stays small and every reader renders it crisply at any zoom.
 */
function drawQrModules(page: PDFPage, content: string, x: number, top: number, symbolSize: number, white: number) {
  const qr = QRCode.create(content, { errorCorrectionLevel: TAX_QR_ERROR_CORRECTION });
  const count = qr.modules.size;
  const cell = symbolSize / count;
  page.drawRectangle({
    x: x - white,
    y: top - symbolSize - white,
    width: symbolSize + 2 * white,
    height: symbolSize + 2 * white,
    color: WHITE,
  });
  const offset = PATH_QUIET_MODULES;
  const squares: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) squares.push(`M${col + offset} ${row + offset}h1v1h-1z`);
    }
  }
  // The path's origin sits `offset` modules up and left of the symbol's corner (x, top).
  page.drawSvgPath(squares.join(''), {
    x: x - offset * cell,
    y: top + offset * cell,
    scale: cell,
    color: rgb(0, 0, 0),
    borderWidth: 0,
  });
}

/** A boarding QR code filling a size × size square, its 4-module quiet zone included. */
export function drawBoardingQr(page: PDFPage, content: string, x: number, y: number, size: number) {
  const count = QRCode.create(content, { errorCorrectionLevel: TAX_QR_ERROR_CORRECTION }).modules.size;
  const quiet = 4;
  const cell = size / (count + quiet * 2);
  drawQrModules(page, content, x + quiet * cell, y + size - quiet * cell, count * cell, quiet * cell);
}

/**
 * The tax QR (src/invoicing/tax-qr.ts): "QR tributario:" above, the symbol TAX_QR_PRINT_MM wide
 * with TAX_QR_WHITE_MM of white all round, and the VERI*FACTU legend below in that mode. `x` and
 * `top` are the block's top-left corner; returns the y under the block.
 */
export function drawTaxQr(page: PDFPage, fonts: PdfFonts, qr: InvoiceDocument['taxQr'], x: number, top: number) {
  const size = mm(TAX_QR_PRINT_MM);
  const white = mm(Math.max(TAX_QR_WHITE_MM, TAX_QR_MIN_MARGIN_MM));
  if (TAX_QR_PRINT_MM < TAX_QR_MIN_SIZE_MM) throw new RangeError('The tax QR is printed too small');
  const captionSize = 8;
  drawText(page, fonts, qr.above, x, top - captionSize, { size: captionSize, bold: true });
  const symbolLeft = x + white;
  const symbolTop = top - captionSize - 2 - white;
  // Whatever the modules' count, the symbol is exactly `size` wide; the white is drawn, not assumed.
  drawQrModules(page, qr.url, symbolLeft, symbolTop, size, white);
  let bottom = symbolTop - size - white;
  if (qr.below) {
    bottom = drawText(page, fonts, qr.below, x, bottom - 7, {
      size: 7,
      maxWidth: size + 2 * white,
      lineHeight: 8.5,
    });
  }
  return bottom;
}

/** How wide the tax QR block is, for what sits beside it. */
export const TAX_QR_BLOCK_WIDTH = mm(TAX_QR_PRINT_MM + 2 * TAX_QR_WHITE_MM);

/**
 * The invoice's own header beside the tax QR: its kind, number and date, the issuer, the
 * recipient of a full invoice and what a rectifying invoice corrects. Returns the y below it.
 */
export function drawInvoiceHeading(
  page: PDFPage,
  fonts: PdfFonts,
  invoice: InvoiceDocument,
  x: number,
  top: number,
  width: number,
  options: { facts?: boolean } = {},
) {
  let y = drawText(page, fonts, invoice.title, x, top - 11, {
    size: 11,
    bold: true,
    color: NAVY,
    maxWidth: width,
    lineHeight: 13,
  });
  const facts = options.facts === false ? invoice.facts.slice(0, 2) : invoice.facts;
  for (const fact of facts) {
    y = drawText(page, fonts, `${fact.label}: ${fact.value}`, x, y - 2, { size: 9, maxWidth: width });
  }
  y -= 4;
  y = drawText(page, fonts, invoice.issuer.heading, x, y, { size: 8, color: MUTED });
  for (const line of invoice.issuer.lines) y = drawText(page, fonts, line, x, y, { size: 9, maxWidth: width });
  if (invoice.recipient) {
    y = drawText(page, fonts, invoice.recipient.heading, x, y - 4, { size: 8, color: MUTED });
    for (const line of invoice.recipient.lines) y = drawText(page, fonts, line, x, y, { size: 9, maxWidth: width });
  }
  if (invoice.replaces) {
    y = drawText(page, fonts, invoice.replaces, x, y - 4, { size: 9, maxWidth: width, lineHeight: 11 });
  }
  if (invoice.rectifies) {
    y = drawText(page, fonts, invoice.rectifies.heading, x, y - 4, { size: 9, bold: true, maxWidth: width });
    y = drawText(page, fonts, invoice.rectifies.text, x, y, { size: 9, maxWidth: width, lineHeight: 11 });
  }
  return y;
}

type Column = { key: string; right: number; align: 'left' | 'right'; width: number };

function drawRow(
  page: PDFPage,
  fonts: PdfFonts,
  columns: Column[],
  cells: Record<string, string>,
  x: number,
  y: number,
  style: TextStyle,
) {
  for (const column of columns) {
    const text = cells[column.key] ?? '';
    if (!text) continue;
    drawText(page, fonts, text, column.align === 'right' ? x + column.right : x + column.right - column.width, y, {
      ...style,
      align: column.align,
      maxWidth: column.width,
    });
  }
}

/**
 * The invoice's lines (with their VAT rate and "IVA incluido"), its VAT breakdown and its total,
 * `width` wide from x. Returns the y below it.
 */
export function drawInvoiceBody(
  page: PDFPage,
  fonts: PdfFonts,
  invoice: InvoiceDocument,
  x: number,
  top: number,
  width: number,
) {
  const lineColumns: Column[] = [
    { key: 'description', right: width * 0.46, align: 'left', width: width * 0.46 },
    { key: 'quantity', right: width * 0.54, align: 'right', width: width * 0.08 },
    { key: 'unitPrice', right: width * 0.72, align: 'right', width: width * 0.16 },
    { key: 'vatRate', right: width * 0.82, align: 'right', width: width * 0.09 },
    { key: 'amount', right: width, align: 'right', width: width * 0.17 },
  ];
  let y = top - 9;
  drawRow(page, fonts, lineColumns, invoice.table.headings, x, y, { size: 8, color: MUTED });
  page.drawLine({ start: { x, y: y - 3 }, end: { x: x + width, y: y - 3 }, thickness: 0.5, color: MUTED });
  y -= 14;
  for (const row of invoice.table.rows) {
    drawRow(page, fonts, lineColumns, row, x, y, { size: 9 });
    y -= 12;
  }
  drawText(page, fonts, invoice.vatIncluded, x, y, { size: 8, color: MUTED });
  y -= 16;

  const vatColumns: Column[] = [
    { key: 'rate', right: width * 0.54, align: 'right', width: width * 0.12 },
    { key: 'base', right: width * 0.72, align: 'right', width: width * 0.17 },
    { key: 'vat', right: width * 0.82, align: 'right', width: width * 0.1 },
    { key: 'total', right: width, align: 'right', width: width * 0.17 },
  ];
  drawText(page, fonts, invoice.breakdown.heading, x, y, { size: 8, color: MUTED, maxWidth: width * 0.4 });
  drawRow(page, fonts, vatColumns, invoice.breakdown.headings, x, y, { size: 8, color: MUTED });
  page.drawLine({ start: { x, y: y - 3 }, end: { x: x + width, y: y - 3 }, thickness: 0.5, color: MUTED });
  y -= 14;
  for (const row of invoice.breakdown.rows) {
    drawRow(page, fonts, vatColumns, row, x, y, { size: 9 });
    y -= 12;
  }
  y -= 6;
  drawText(page, fonts, invoice.total.label, x, y, { size: 11, bold: true });
  drawText(page, fonts, invoice.total.value, x + width, y, { size: 11, bold: true, align: 'right' });
  return y - 16;
}
