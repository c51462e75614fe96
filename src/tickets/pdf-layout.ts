import { readFileSync } from 'node:fs';
import path from 'node:path';

import { create as createFont, type Font as PdfFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

import { labelled } from '@/i18n/written';
import type { InvoiceDocument } from '@/invoicing/document';
import { TAX_QR_ERROR_CORRECTION, TAX_QR_MIN_MARGIN_MM, TAX_QR_MIN_SIZE_MM } from '@/invoicing/tax-qr';

/**
 * The one place that knows how our PDFs are drawn (docs/decisions/134-tagged-pdf-documents.md):
 * every PDF we produce (tickets, invoices, reseller statements, box-office receipts, departure
 * manifests, the till's Z report) is a tagged PDF meant to meet PDF/UA, written with PDFKit.
 * A document decides what goes on a page; this module draws it *and* tags it, so a document cannot
 * draw untagged content: text goes in a heading, paragraph or table cell of the structure tree,
 * pictures in a Figure with its text alternative, and decoration (bands, rules, borders) is an
 * artifact a screen reader skips. The structure tree is built in drawing order, so documents draw
 * in reading order: top to bottom, and left column before right.
 *
 * Coordinates are PDF points from the page's bottom-left corner with y the text's baseline (as
 * pdf-lib had them): the documents' arithmetic did not change with the library.
 */

export const A4 = { width: 595.28, height: 841.89 };
export const A4_LANDSCAPE = { width: A4.height, height: A4.width };
export const MARGIN = 48;

/** A colour as red, green and blue from 0 to 1. */
export type Rgb = readonly [number, number, number];
/** White on NAVY is 13:1, INK on white 18:1 and MUTED on white 6.4:1: all above WCAG AA's 4.5:1. */
export const NAVY: Rgb = [0.02, 0.2, 0.29];
export const SEA: Rgb = [0.75, 0.87, 0.93];
export const INK: Rgb = [0.1, 0.1, 0.12];
export const MUTED: Rgb = [0.35, 0.38, 0.42];
export const WHITE: Rgb = [1, 1, 1];
export const BLACK: Rgb = [0, 0, 0];

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
 * Our own Inter, static Regular and Bold cut from @fontsource-variable/inter by
 * scripts/pdf-fonts.mjs (assets/fonts/OFL.txt): every letter of our four languages, embedded as a
 * subset of the glyphs each document uses. Parsed once per process and shared by every document:
 * parsing them for each one was a third of a ticket PDF's time (a sale renders two or three), and
 * a parsed font keeps the glyphs and shapes it has worked out. Each document still makes its own
 * subset from it.
 */
const FONT_FILES = { regular: 'assets/fonts/inter-pdf-regular.ttf', bold: 'assets/fonts/inter-pdf-bold.ttf' };
let parsedFonts: { regular: PdfFont; bold: PdfFont } | undefined;
function fonts() {
  const parse = (file: string) => createFont(readFileSync(path.join(process.cwd(), file)));
  parsedFonts ??= { regular: parse(FONT_FILES.regular), bold: parse(FONT_FILES.bold) };
  return parsedFonts;
}

/**
 * A document's own view of a shared font: the parsed tables are shared, the glyph cache is not.
 * fontkit keeps each glyph with the characters it was first made from, and PDFKit writes those
 * into the text layer; shared between documents, a glyph first made by another document's
 * shaping read back as the wrong character ("d#expedició" for "d’expedició").
 */
function forOneDocument(font: PdfFont): PdfFont {
  const own = Object.create(font) as PdfFont & { _glyphs: Record<number, unknown> };
  own._glyphs = {};
  return own;
}

/** Widths of texts already measured, at one point of size (see Pdf.widthOf). */
const REGULAR_WIDTHS = new Map<string, number>();
const BOLD_WIDTHS = new Map<string, number>();
/** Enough for a day's documents' labels and names; past it, measuring starts afresh. */
const MEASURED_TEXTS_KEPT = 20_000;

/**
 * Letters our fonts do not have (a name in another script) are shown transliterated where
 * possible and as '?' where not, rather than as an empty box or a failed document.
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

let coverage: Set<number> | undefined;
/** The characters Inter (as we ship it) draws, read from the font file itself. */
function covered(): Set<number> {
  coverage ??= new Set(fonts().regular.characterSet);
  return coverage;
}

export function pdfSafe(text: string): string {
  const drawn = covered();
  // Intl writes French numbers with narrow spaces Inter lacks: a no-break space looks the same.
  return [...text.replace(/[\u202F\u2009]/g, '\u00A0').normalize('NFC')]
    .map((char) => {
      if (drawn.has(char.codePointAt(0)!)) return char;
      const stripped = LETTERS_WITHOUT_DECOMPOSITION[char] ?? char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return [...stripped].every((c) => drawn.has(c.codePointAt(0)!)) ? stripped : '?';
    })
    .join('');
}

export type PdfMeta = {
  title: string;
  author: string;
  /** BCP 47: the reader's language (a visitor's, or the staff member's), read aloud in it. */
  language: string;
  keywords: string[];
  /** Page size of the first and later pages; A4 portrait when absent. */
  size?: { width: number; height: number };
};

/** Structure types our documents use (ISO 32000-1 §14.8.4). */
export type StructTag =
  | 'Sect'
  | 'Div'
  | 'H1'
  | 'H2'
  | 'H3'
  | 'P'
  | 'Span'
  | 'Caption'
  | 'Table'
  | 'THead'
  | 'TBody'
  | 'TFoot'
  | 'TR'
  | 'TH'
  | 'TD';

export type TextStyle = {
  size?: number;
  bold?: boolean;
  color?: Rgb;
  /** Longer text is cut with an ellipsis (one line) unless lineHeight is given (then it wraps). */
  maxWidth?: number;
  lineHeight?: number;
  align?: 'left' | 'right';
  /** A new structure element of this type holds the text; absent, it belongs to the open element. */
  tag?: StructTag;
  /** The text's language when it is not the document's (with `tag`): a reader pronounces it so. */
  lang?: string;
};

type StructureElement = PDFKit.PDFStructureElement;

const toColor = (rgb: Rgb): [number, number, number] => [rgb[0] * 255, rgb[1] * 255, rgb[2] * 255];

/**
 * One tagged PDF being written. Open structure elements nest with `group`; text, figures and
 * artifacts land in the innermost open one, in the order they are drawn.
 */
export class Pdf {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Uint8Array>;
  private readonly open: StructureElement[];
  private readonly size: { width: number; height: number };
  /** Inside `artifact`: text is drawn unmarked (marking it would end the artifact). */
  private inArtifact = false;

  constructor(meta: PdfMeta) {
    this.size = meta.size ?? A4;
    const regular = forOneDocument(fonts().regular);
    const options = {
      autoFirstPage: false,
      margin: 0,
      size: [this.size.width, this.size.height],
      pdfVersion: '1.7',
      subset: 'PDF/UA',
      tagged: true,
      lang: meta.language,
      displayTitle: true,
      // Starting with our font keeps PDFKit's standard Helvetica (never embedded) out of the file.
      font: regular,
      info: {
        Title: meta.title,
        Author: meta.author,
        Keywords: meta.keywords.join(' '),
        // Fixed dates: the same input gives the same bytes.
        CreationDate: new Date(0),
        ModDate: new Date(0),
      },
    };
    this.doc = new PDFDocument(options as unknown as PDFKit.PDFDocumentOptions);
    this.doc.registerFont('regular', regular as unknown as string);
    this.doc.registerFont('bold', forOneDocument(fonts().bold) as unknown as string);
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(new Uint8Array(Buffer.concat(this.chunks))));
      this.doc.on('error', reject);
    });
    const root = this.doc.struct('Document');
    this.doc.addStructure(root);
    this.open = [root];
  }

  get width() {
    return this.size.width;
  }

  get height() {
    return this.size.height;
  }

  addPage(): this {
    this.doc.addPage({ size: [this.size.width, this.size.height], margin: 0 });
    return this;
  }

  private get parent(): StructureElement {
    return this.open[this.open.length - 1]!;
  }

  /** A structure element (a section, a table, a row…) holding whatever `draw` writes. */
  group<T>(tag: StructTag, draw: () => T, options: { scope?: 'Row' | 'Column' } = {}): T {
    const element = this.doc.struct(tag, options as PDFKit.Mixins.StructureElementOptions);
    this.parent.add(element);
    this.open.push(element);
    try {
      return draw();
    } finally {
      this.open.pop();
      element.end();
    }
  }

  /** Content drawn by `draw` as marked content of `element` (its structure type as the tag). */
  private marked(element: StructureElement, tag: string, draw: () => void) {
    const content = this.doc.markStructureContent(tag);
    draw();
    this.doc.endMarkedContent();
    element.add(content);
  }

  /** Decoration (bands, rules, borders): drawn, and skipped by assistive technology. */
  artifact(draw: (doc: PDFKit.PDFDocument) => void, type: 'Layout' | 'Pagination' = 'Layout'): this {
    this.doc.markContent('Artifact', { type });
    this.doc.save();
    this.inArtifact = true;
    try {
      draw(this.doc);
    } finally {
      this.inArtifact = false;
    }
    this.doc.restore();
    this.doc.endMarkedContent();
    return this;
  }

  /** A filled rectangle as decoration: x, y its bottom-left corner. */
  rectangle(x: number, y: number, width: number, height: number, color: Rgb): this {
    return this.artifact((doc) => doc.rect(x, this.height - y - height, width, height).fill(toColor(color)));
  }

  /** A rule as decoration. */
  line(x1: number, y1: number, x2: number, y2: number, options: { color?: Rgb; width?: number; dash?: number[] } = {}) {
    return this.artifact((doc) => {
      doc.lineWidth(options.width ?? 0.5);
      if (options.dash) doc.dash(options.dash[0]!, { space: options.dash[1] ?? options.dash[0]! });
      doc
        .moveTo(x1, this.height - y1)
        .lineTo(x2, this.height - y2)
        .stroke(toColor(options.color ?? MUTED));
    });
  }

  /** A rectangle's outline as decoration. */
  frame(
    x: number,
    y: number,
    width: number,
    height: number,
    options: { color?: Rgb; width?: number; dash?: number[] },
  ) {
    return this.artifact((doc) => {
      doc.lineWidth(options.width ?? 1);
      if (options.dash) doc.dash(options.dash[0]!, { space: options.dash[1] ?? options.dash[0]! });
      doc.rect(x, this.height - y - height, width, height).stroke(toColor(options.color ?? NAVY));
    });
  }

  widthOf(text: string, size: number, bold = false): number {
    // Measuring shapes the text (fontkit's layout), the most expensive step of a document, and
    // wrapping measures every growing line: widths are kept per process, for one point of size.
    const safe = pdfSafe(text);
    const widths = bold ? BOLD_WIDTHS : REGULAR_WIDTHS;
    let perPoint = widths.get(safe);
    if (perPoint === undefined) {
      perPoint = this.doc
        .font(bold ? 'bold' : 'regular')
        .fontSize(1)
        .widthOfString(safe);
      if (widths.size >= MEASURED_TEXTS_KEPT) widths.clear();
      widths.set(safe, perPoint);
    }
    return perPoint * size;
  }

  /** Lines of at most maxWidth, broken between words (a word longer than a line stays whole). */
  wrap(text: string, size: number, maxWidth: number, bold = false): string[] {
    const lines: string[] = [];
    for (const paragraph of pdfSafe(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && this.widthOf(candidate, size, bold) > maxWidth) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      lines.push(line);
    }
    return lines;
  }

  private fit(text: string, size: number, maxWidth: number, bold: boolean): string {
    if (this.widthOf(text, size, bold) <= maxWidth) return text;
    let cut = text;
    while (cut.length > 1 && this.widthOf(`${cut}…`, size, bold) > maxWidth) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  }

  /**
   * Draws text with its baseline at y, tagged (see TextStyle.tag); returns the y below it (the
   * next line's baseline). Wrapped lines keep the space that ends each, so a reader's text flows.
   */
  text(value: string, x: number, y: number, style: TextStyle = {}): number {
    const size = style.size ?? 10;
    const bold = style.bold ?? false;
    const safe = pdfSafe(value);
    const lines =
      style.maxWidth && style.lineHeight
        ? this.wrap(safe, size, style.maxWidth, bold)
        : [style.maxWidth ? this.fit(safe, size, style.maxWidth, bold) : safe];
    const lineHeight = style.lineHeight ?? size * 1.25;
    const draw = () => {
      this.doc
        .font(bold ? 'bold' : 'regular')
        .fontSize(size)
        .fillColor(toColor(style.color ?? INK));
      lines.forEach((line, index) => {
        const shown = index < lines.length - 1 ? `${line} ` : line;
        const width = this.doc.widthOfString(line);
        this.doc.text(shown, style.align === 'right' ? x - width : x, this.height - (y - index * lineHeight), {
          lineBreak: false,
          baseline: 'alphabetic',
        });
      });
    };
    if (this.inArtifact) draw();
    else if (style.tag) {
      const element = this.doc.struct(style.tag, style.lang ? { lang: style.lang } : {});
      this.parent.add(element);
      this.marked(element, style.tag, draw);
      element.end();
    } else {
      this.marked(
        this.parent,
        String((this.parent as unknown as { dictionary: { data: { S: string } } }).dictionary.data.S),
        draw,
      );
    }
    return y - lines.length * lineHeight;
  }

  /**
   * A picture with its text alternative (ISO 14289-1 §7.3): a Figure element around what `draw`
   * draws. `box` is its bounding box (x, y bottom-left), for readers that reflow or magnify.
   */
  figure(
    alt: string,
    box: { x: number; y: number; width: number; height: number },
    draw: (doc: PDFKit.PDFDocument) => void,
  ) {
    const figure = this.doc.struct('Figure', {
      alt,
      bbox: [box.x, this.height - box.y - box.height, box.x + box.width, this.height - box.y],
      placement: 'Block',
    } as PDFKit.Mixins.StructureElementOptions);
    this.parent.add(figure);
    this.marked(figure, 'Figure', () => {
      this.doc.save();
      draw(this.doc);
      this.doc.restore();
    });
    figure.end();
    return this;
  }

  /** Converts a bottom-left y to PDFKit's top-left one, for drawing inside `figure`/`artifact`. */
  top(y: number): number {
    return this.height - y;
  }

  /**
   * A QR code, tagged as a Figure with `alt`: `white` points of white all round the symbol (whose
   * top-left corner is x, top), then the dark modules as unit squares scaled to the symbol's size,
   * filled as one path. The PDF stays small and every reader renders it crisply at any zoom.
   */
  qr(content: string, alt: string, x: number, top: number, symbolSize: number, white: number) {
    const qr = QRCode.create(content, { errorCorrectionLevel: TAX_QR_ERROR_CORRECTION });
    const count = qr.modules.size;
    const cell = symbolSize / count;
    const box = {
      x: x - white,
      y: top - symbolSize - white,
      width: symbolSize + 2 * white,
      height: symbolSize + 2 * white,
    };
    return this.figure(alt, box, (doc) => {
      doc.rect(box.x, this.height - box.y - box.height, box.width, box.height).fill(toColor(WHITE));
      doc.translate(x, this.height - top).scale(cell);
      for (let row = 0; row < count; row++) {
        for (let col = 0; col < count; col++) if (qr.modules.get(row, col)) doc.rect(col, row, 1, 1);
      }
      doc.fill(toColor(BLACK));
    });
  }

  /** Closes the structure tree and the file. */
  async save(): Promise<Uint8Array> {
    this.open[0]!.end();
    this.doc.end();
    return this.done;
  }
}

/** A new tagged document with its metadata, its first page added. */
export function newPdf(meta: PdfMeta): Pdf {
  return new Pdf(meta).addPage();
}

/** A boarding QR code filling a size × size square (y its bottom), its 4-module quiet zone included. */
export function drawBoardingQr(pdf: Pdf, content: string, alt: string, x: number, y: number, size: number) {
  const count = QRCode.create(content, { errorCorrectionLevel: TAX_QR_ERROR_CORRECTION }).modules.size;
  const quiet = 4;
  const cell = size / (count + quiet * 2);
  pdf.qr(content, alt, x + quiet * cell, y + size - quiet * cell, count * cell, quiet * cell);
}

/**
 * The tax QR (src/invoicing/tax-qr.ts): "QR tributario:" above, the symbol TAX_QR_PRINT_MM wide
 * with TAX_QR_WHITE_MM of white all round, and the VERI*FACTU legend below in that mode. `x` and
 * `top` are the block's top-left corner; returns the y under the block.
 */
export function drawTaxQr(pdf: Pdf, qr: InvoiceDocument['taxQr'], x: number, top: number) {
  const size = mm(TAX_QR_PRINT_MM);
  const white = mm(Math.max(TAX_QR_WHITE_MM, TAX_QR_MIN_MARGIN_MM));
  if (TAX_QR_PRINT_MM < TAX_QR_MIN_SIZE_MM) throw new RangeError('The tax QR is printed too small');
  const captionSize = 8;
  return pdf.group('Div', () => {
    // The legal caption is Spanish whatever the document's language (src/invoicing/document.ts).
    pdf.text(qr.above, x, top - captionSize, { size: captionSize, bold: true, tag: 'P', lang: 'es-ES' });
    const symbolLeft = x + white;
    const symbolTop = top - captionSize - 2 - white;
    // Whatever the modules' count, the symbol is exactly `size` wide; the white is drawn, not assumed.
    pdf.qr(qr.url, qr.alt, symbolLeft, symbolTop, size, white);
    let bottom = symbolTop - size - white;
    if (qr.below) {
      bottom = pdf.text(qr.below, x, bottom - 7, {
        size: 7,
        maxWidth: size + 2 * white,
        lineHeight: 8.5,
        tag: 'P',
        lang: 'es-ES',
      });
    }
    return bottom;
  });
}

/** How wide the tax QR block is, for what sits beside it. */
export const TAX_QR_BLOCK_WIDTH = mm(TAX_QR_PRINT_MM + 2 * TAX_QR_WHITE_MM);

/**
 * The invoice's own header beside the tax QR: its kind (a heading of `level`), number and date,
 * the issuer, the recipient of a full invoice and what a rectifying invoice corrects. Returns the
 * y below it.
 */
export function drawInvoiceHeading(
  pdf: Pdf,
  invoice: InvoiceDocument,
  x: number,
  top: number,
  width: number,
  options: { facts?: boolean; level?: 'H1' | 'H2' } = {},
) {
  let y = pdf.text(invoice.title, x, top - 11, {
    size: 11,
    bold: true,
    color: NAVY,
    maxWidth: width,
    lineHeight: 13,
    tag: options.level ?? 'H1',
  });
  const facts = options.facts === false ? invoice.facts.slice(0, 2) : invoice.facts;
  for (const fact of facts) {
    y = pdf.text(labelled(invoice.locale, fact.label, fact.value), x, y - 2, { size: 9, maxWidth: width, tag: 'P' });
  }
  y -= 4;
  const block = (heading: string, lines: string[]) =>
    pdf.group('Div', () => {
      y = pdf.text(heading, x, y, { size: 8, color: MUTED, tag: 'P' });
      for (const line of lines) y = pdf.text(line, x, y, { size: 9, maxWidth: width, tag: 'P' });
    });
  block(invoice.issuer.heading, invoice.issuer.lines);
  if (invoice.recipient) {
    y -= 4;
    block(invoice.recipient.heading, invoice.recipient.lines);
  }
  if (invoice.replaces) {
    y = pdf.text(invoice.replaces, x, y - 4, { size: 9, maxWidth: width, lineHeight: 11, tag: 'P' });
  }
  if (invoice.rectifies) {
    y = pdf.text(invoice.rectifies.heading, x, y - 4, { size: 9, bold: true, maxWidth: width, tag: 'P' });
    y = pdf.text(invoice.rectifies.text, x, y, { size: 9, maxWidth: width, lineHeight: 11, tag: 'P' });
  }
  return y;
}

/** A table column: its right edge (from the table's x), alignment and width. */
export type Column = { key: string; right: number; align: 'left' | 'right'; width: number };

/**
 * One row of a table as a TR of TH (scope Column: a header row) or TD cells, every column
 * present (an empty cell stays an empty TD, so columns line up for a screen reader too). With
 * `rowHeader`, the first cell is the row's header (TH, scope Row): a passenger's name, "Total".
 * With `lineHeight`, a cell longer than its column wraps onto more lines instead of being cut;
 * returns how many lines the row's tallest cell took.
 */
export function tableRow(
  pdf: Pdf,
  columns: Column[],
  cells: Record<string, string>,
  x: number,
  y: number,
  style: Omit<TextStyle, 'tag'> & { header?: boolean; rowHeader?: boolean },
): number {
  const { header, rowHeader, ...text } = style;
  const size = text.size ?? 10;
  const lines = text.lineHeight
    ? Math.max(
        1,
        ...columns.map((column) =>
          cells[column.key] ? pdf.wrap(cells[column.key]!, size, column.width, text.bold).length : 1,
        ),
      )
    : 1;
  pdf.group('TR', () => {
    columns.forEach((column, index) => {
      const value = cells[column.key] ?? '';
      const th = header || (rowHeader && index === 0);
      pdf.group(
        th ? 'TH' : 'TD',
        () => {
          if (!value) return;
          pdf.text(value, column.align === 'right' ? x + column.right : x + column.right - column.width, y, {
            ...text,
            ...(header ? { size: headingSize(pdf, value, column.width, text) } : {}),
            align: column.align,
            maxWidth: column.width,
          });
        },
        th ? { scope: header ? 'Column' : 'Row' } : {},
      );
    });
  });
  return lines;
}

/** The smallest a column's heading is drawn to fit whole, in points. */
const SMALLEST_HEADING = 5;

/**
 * A column's heading size: its style's, or smaller so that its longest word fits the column. A
 * heading is never cut: the manifest's "Persones" and "Audioguies" read "Person…" and "Audiog…".
 */
export function headingSize(
  pdf: Pdf,
  heading: string,
  width: number,
  style: Pick<TextStyle, 'size' | 'bold' | 'lineHeight'>,
): number {
  const size = style.size ?? 10;
  const bold = style.bold ?? false;
  // Wrapped (with a lineHeight), its longest word must fit; else the whole heading is one line.
  const needed = style.lineHeight
    ? Math.max(...heading.split(/\s+/).map((word) => pdf.widthOf(word, size, bold)))
    : pdf.widthOf(heading, size, bold);
  return needed <= width ? size : Math.max(SMALLEST_HEADING, Math.floor(((size * width) / needed) * 10) / 10);
}

/** The least white between two columns of an invoice's tables, in points. */
const COLUMN_GAP = 6;

/**
 * Columns from fractions of a table's width, refused when two of them would share any of their
 * width: each cell is drawn inside its own column (wrapped, never cut), so no two texts of a row
 * can touch. The VAT breakdown's headings once ran into each other ("Base imponibleCuota de IVA").
 */
export function invoiceColumns(
  width: number,
  fractions: { key: string; left: number; right: number; align: 'left' | 'right' }[],
): Column[] {
  fractions.forEach((column, index) => {
    const next = fractions[index + 1];
    if (next && (next.left - column.right) * width < COLUMN_GAP) {
      throw new RangeError(`Columns ${column.key} and ${next.key} leave less than ${COLUMN_GAP} pt between them`);
    }
  });
  return fractions.map(({ key, left, right, align }) => ({
    key,
    right: width * right,
    align,
    width: width * (right - left),
  }));
}

/** A table's header row drawn again on a later page: for the eye only (a reader has it once). */
export function repeatedHeader(
  pdf: Pdf,
  columns: Column[],
  cells: Record<string, string>,
  x: number,
  y: number,
  style: Omit<TextStyle, 'tag'>,
) {
  pdf.artifact(() => {
    for (const column of columns) {
      const value = cells[column.key] ?? '';
      if (!value) continue;
      pdf.text(value, column.align === 'right' ? x + column.right : x + column.right - column.width, y, {
        ...style,
        size: headingSize(pdf, value, column.width, style),
        align: column.align,
        maxWidth: column.width,
      });
    }
  }, 'Pagination');
}

/**
 * The invoice's lines (with their VAT rate and "IVA incluido"), its VAT breakdown and its total,
 * `width` wide from x, as two tables and a paragraph. A full invoice's lines show the unit price
 * without VAT and the line's taxable base (RD 1619/2012 art. 6.1.f: document.ts), so it has one
 * column more. Headings and descriptions wrap within their column. Returns the y below it.
 */
export function drawInvoiceBody(pdf: Pdf, invoice: InvoiceDocument, x: number, top: number, width: number) {
  const lineColumns = invoiceColumns(
    width,
    invoice.table.full
      ? [
          { key: 'description', left: 0, right: 0.27, align: 'left' },
          { key: 'quantity', left: 0.29, right: 0.35, align: 'right' },
          { key: 'unitPrice', left: 0.37, right: 0.54, align: 'right' },
          { key: 'base', left: 0.56, right: 0.7, align: 'right' },
          { key: 'vatRate', left: 0.72, right: 0.8, align: 'right' },
          { key: 'amount', left: 0.82, right: 1, align: 'right' },
        ]
      : [
          { key: 'description', left: 0, right: 0.45, align: 'left' },
          { key: 'quantity', left: 0.47, right: 0.54, align: 'right' },
          { key: 'unitPrice', left: 0.56, right: 0.72, align: 'right' },
          { key: 'vatRate', left: 0.74, right: 0.82, align: 'right' },
          { key: 'amount', left: 0.84, right: 1, align: 'right' },
        ],
  );
  const headingStyle = { size: 8, color: MUTED, lineHeight: 9.5 };
  const rowStyle = { size: 9, lineHeight: 11 };
  let y = top - 9;
  pdf.group('Table', () => {
    pdf.group('THead', () => {
      const lines = tableRow(pdf, lineColumns, invoice.table.headings, x, y, { ...headingStyle, header: true });
      y -= (lines - 1) * headingStyle.lineHeight;
    });
    pdf.line(x, y - 3, x + width, y - 3);
    y -= 14;
    pdf.group('TBody', () => {
      for (const row of invoice.table.rows) {
        const lines = tableRow(pdf, lineColumns, row, x, y, rowStyle);
        y -= 12 + (lines - 1) * rowStyle.lineHeight;
      }
    });
  });
  pdf.text(invoice.vatIncluded, x, y, { size: 8, color: MUTED, tag: 'P' });
  y -= 16;

  const vatColumns = invoiceColumns(width, [
    { key: 'rate', left: 0.38, right: 0.46, align: 'right' },
    { key: 'base', left: 0.5, right: 0.7, align: 'right' },
    { key: 'vat', left: 0.72, right: 0.84, align: 'right' },
    { key: 'total', left: 0.86, right: 1, align: 'right' },
  ]);
  pdf.group('Table', () => {
    // The breakdown's name sits left of its column headings, clear of the first: the table's caption.
    const captionBottom = pdf.text(invoice.breakdown.heading, x, y, {
      ...headingStyle,
      maxWidth: width * 0.38 - COLUMN_GAP,
      tag: 'Caption',
    });
    pdf.group('THead', () => {
      const lines = tableRow(pdf, vatColumns, invoice.breakdown.headings, x, y, { ...headingStyle, header: true });
      y = Math.min(y - (lines - 1) * headingStyle.lineHeight, captionBottom + headingStyle.lineHeight);
    });
    pdf.line(x, y - 3, x + width, y - 3);
    y -= 14;
    pdf.group('TBody', () => {
      for (const row of invoice.breakdown.rows) {
        tableRow(pdf, vatColumns, row, x, y, { size: 9 });
        y -= 12;
      }
    });
  });
  y -= 6;
  pdf.group('P', () => {
    pdf.text(`${invoice.total.label} `, x, y, { size: 11, bold: true });
    pdf.text(invoice.total.value, x + width, y, { size: 11, bold: true, align: 'right' });
  });
  const thirdParty = invoice.thirdParty;
  if (thirdParty) {
    // Below the invoice's total, apart from its base and VAT: collected for the partners (decision 175).
    y -= 18;
    pdf.group('P', () => pdf.text(thirdParty.heading, x, y, { size: 9, bold: true }));
    for (const row of thirdParty.rows) {
      y -= 12;
      pdf.group('P', () => {
        pdf.text(`${row.text} `, x, y, { size: 9 });
        pdf.text(row.amount, x + width, y, { size: 9, align: 'right' });
      });
    }
    y -= 14;
    pdf.group('P', () => {
      pdf.text(`${thirdParty.grandTotal.label} `, x, y, { size: 11, bold: true });
      pdf.text(thirdParty.grandTotal.value, x + width, y, { size: 11, bold: true, align: 'right' });
    });
  }
  return y - 16;
}
