import type { ResellerStatement, StatementCsvLabels } from '@/resellers/statement';
import { plainEuros } from '@/operations/reports';
import { fill } from '@/lib/icu-lite';
import { A4_LANDSCAPE, INK, MUTED, Pdf, type Rgb } from '@/tickets/pdf-layout';

const PAGE = A4_LANDSCAPE; // nine columns fit side by side
const MARGIN = 40;
const ROW = 16;
/** Column left edges and which are numbers (right-aligned so amounts line up). */
const COLUMNS: { x: number; width: number; number?: true }[] = [
  { x: 0, width: 56 },
  { x: 60, width: 128 }, // our references are 20 capitals and digits: never cut
  { x: 192, width: 100 },
  { x: 296, width: 150 },
  { x: 450, width: 48, number: true },
  { x: 502, width: 56, number: true },
  { x: 562, width: 58, number: true },
  { x: 624, width: 56, number: true },
  { x: 684, width: 78 },
];
const SIZE = 8;

/**
 * The CSV statement as a printable, tagged document for the reseller: same rows, same totals, as
 * one table (header row, one row per sale, the totals row) in `language` (the staff member's).
 */
export async function renderStatementPdf(
  statement: ResellerStatement,
  labels: StatementCsvLabels & { title: string },
  language: string,
): Promise<Uint8Array> {
  // No commission in the title: each sale carries the terms it was sold at (commission or net
  // rates), which today's percentage need not match.
  const title = fill(labels.title, { reseller: statement.reseller.name, month: statement.month });
  const pdf = new Pdf({
    title,
    author: statement.reseller.name,
    language,
    keywords: statement.lines.map((line) => line.reference),
    size: PAGE,
  }).addPage();

  const header = [
    labels.date,
    labels.reference,
    labels.resellerReference,
    labels.tour,
    labels.units,
    labels.retail,
    labels.commission,
    labels.net,
    labels.status,
  ];
  const rows = statement.lines.map((line) => [
    line.date,
    line.reference,
    line.resellerReference ?? '',
    line.tour,
    String(line.units),
    plainEuros(line.retailCents),
    plainEuros(line.commissionCents),
    plainEuros(line.netCents),
    labels.statuses[line.status],
  ]);
  const { totals } = statement;
  const totalRow = [
    labels.total,
    '',
    '',
    '',
    String(totals.units),
    plainEuros(totals.retailCents),
    plainEuros(totals.commissionCents),
    plainEuros(totals.netCents),
    '',
  ];

  let y = PAGE.height - MARGIN;
  const cellText = (cell: string, i: number, bold: boolean, color: Rgb) => {
    const column = COLUMNS[i]!;
    // Too long for its column (a tour title, a reseller's reference): cut with an ellipsis, never overlap.
    pdf.text(cell, MARGIN + column.x + (column.number ? column.width : 0), y, {
      size: SIZE,
      bold,
      color,
      maxWidth: column.width,
      align: column.number ? 'right' : 'left',
    });
  };
  const drawRow = (cells: string[], cell: 'TH' | 'TD', bold = false, color: Rgb = INK) => {
    pdf.group('TR', () =>
      cells.forEach((text, i) =>
        pdf.group(
          cell,
          () => (text ? cellText(text, i, bold, color) : undefined),
          cell === 'TH' ? { scope: 'Column' } : {},
        ),
      ),
    );
    y -= ROW;
  };
  const newPage = () => {
    pdf.addPage();
    y = PAGE.height - MARGIN;
    // The header again on each page, for the eye: a reader has it once, at the table's top.
    pdf.artifact(() => header.forEach((text, i) => cellText(text, i, true, MUTED)), 'Pagination');
    y -= ROW;
  };
  pdf.text(title, MARGIN, y, { size: 14, bold: true, tag: 'H1' });
  y -= ROW * 2;
  pdf.group('Table', () => {
    pdf.group('THead', () => drawRow(header, 'TH', true, MUTED));
    pdf.group('TBody', () => {
      for (const row of rows) {
        if (y < MARGIN + ROW * 2) newPage();
        drawRow(row, 'TD');
      }
    });
    if (y < MARGIN + ROW) newPage();
    pdf.group('TFoot', () => drawRow(totalRow, 'TD', true));
  });
  return pdf.save();
}
