import { fill } from '@/lib/icu-lite';
import { A4, MARGIN, MUTED, newPdf, repeatedHeader, tableRow, type Column } from '@/tickets/pdf-layout';

import { tillDifferenceText, type TillSummary } from './till';

const ROW = 16;

/** As on the screen's table (TillView): who, how they were paid, then the money, right-aligned. */
const COLUMNS: Column[] = (() => {
  const spec: [string, number, 'left' | 'right'][] = [
    ['staff', 150, 'left'],
    ['method', 100, 'left'],
    ['sales', 40, 'right'],
    ['expected', 70, 'right'],
    ['counted', 70, 'right'],
    ['difference', 69, 'right'],
  ];
  let right = 0;
  return spec.map(([key, width, align], index) => {
    right += width;
    return { key, width: width - 8, right: index === 0 ? right - 8 : right, align };
  });
})();

/** The Z report's words: the till's screen texts (ops.till) and the methods' names (ops.sell.methods). */
export type ZReportText = {
  zReport: string;
  closedSession: string;
  staff: string;
  method: string;
  sales: string;
  expected: string;
  counted: string;
  difference: string;
  over: string;
  short: string;
  even: string;
  notCounted: string;
  total: string;
  none: string;
  methods: Record<string, string>;
  printedAt: string;
};

/**
 * A closed till session's Z report as a tagged PDF (docs/decisions/134, 139): the heading, who
 * closed it and when, and one table (a row per staff member and method, the totals last), in the
 * staff member's language, euros and Madrid's 24-hour clock (the caller's formatters).
 */
export async function renderZReportPdf(
  summary: TillSummary,
  text: ZReportText,
  options: {
    language: string;
    brand: string;
    euros: (cents: number) => string;
    dateTime: (at: Date) => string;
    printedAt: string;
  },
): Promise<Uint8Array> {
  const { session } = summary;
  const { euros } = options;
  const title = `${text.zReport} · ${session.id}`;
  const pdf = newPdf({ title, author: options.brand, language: options.language, keywords: [`till:${session.id}`] });
  let y = A4.height - MARGIN;
  y = pdf.text(title, MARGIN, y, { size: 14, bold: true, tag: 'H1' });
  y = pdf.text(
    fill(text.closedSession, {
      id: session.id,
      from: options.dateTime(session.openedAt),
      to: session.closedAt ? options.dateTime(session.closedAt) : '',
      by: session.closedByName ?? '',
    }),
    MARGIN,
    y - 2,
    { size: 9, color: MUTED, tag: 'P', maxWidth: A4.width - 2 * MARGIN, lineHeight: 12 },
  );
  y = pdf.text(fill(text.printedAt, { time: options.printedAt }), MARGIN, y, { size: 9, color: MUTED, tag: 'P' });
  y -= ROW;
  if (summary.lines.length === 0) {
    pdf.text(text.none, MARGIN, y, { size: 10, tag: 'P' });
    return pdf.save();
  }

  const headings = Object.fromEntries(COLUMNS.map((column) => [column.key, text[column.key as keyof ZReportText]]));
  const difference = (cents: number | null) => tillDifferenceText(cents, text, euros);
  pdf.group('Table', () => {
    pdf.group('THead', () =>
      tableRow(pdf, COLUMNS, headings as Record<string, string>, MARGIN, y, {
        size: 8,
        bold: true,
        color: MUTED,
        header: true,
      }),
    );
    pdf.line(MARGIN, y - 4, A4.width - MARGIN, y - 4);
    y -= ROW;
    pdf.group('TBody', () => {
      for (const line of summary.lines) {
        if (y < MARGIN + ROW * 2) {
          pdf.addPage();
          y = A4.height - MARGIN;
          repeatedHeader(pdf, COLUMNS, headings as Record<string, string>, MARGIN, y, {
            size: 8,
            bold: true,
            color: MUTED,
          });
          y -= ROW;
        }
        tableRow(
          pdf,
          COLUMNS,
          {
            staff: line.staffName,
            method: text.methods[line.method] ?? line.method,
            sales: String(line.sales),
            expected: euros(line.expectedCents),
            counted: line.countedCents === null ? '—' : euros(line.countedCents),
            difference: difference(line.differenceCents),
          },
          MARGIN,
          y,
          { size: 9, rowHeader: true },
        );
        y -= ROW;
      }
    });
    if (y < MARGIN + ROW) {
      pdf.addPage();
      y = A4.height - MARGIN;
    }
    pdf.line(MARGIN, y + ROW - 4, A4.width - MARGIN, y + ROW - 4);
    const { totals } = summary;
    pdf.group('TFoot', () =>
      tableRow(
        pdf,
        COLUMNS,
        {
          staff: text.total,
          expected: euros(totals.expectedCents),
          counted: euros(totals.countedCents),
          difference: difference(totals.differenceCents),
        },
        MARGIN,
        y,
        { size: 9, bold: true, rowHeader: true },
      ),
    );
  });
  return pdf.save();
}
