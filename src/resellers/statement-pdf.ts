import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

import type { ResellerStatement, StatementCsvLabels } from '@/resellers/statement';
import { plainEuros } from '@/operations/reports';
import { fill } from '@/lib/icu-lite';
import { pdfSafe } from '@/tickets/ticket-pdf';

const PAGE = { width: 841.89, height: 595.28 }; // A4 landscape: nine columns fit side by side
const MARGIN = 40;
const ROW = 16;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.38, 0.42);
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

/** The CSV statement as a printable page for the reseller: same rows, same totals. */
export async function renderStatementPdf(
  statement: ResellerStatement,
  labels: StatementCsvLabels & { title: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // No commission in the title: each sale carries the terms it was sold at (commission or net
  // rates), which today's percentage need not match.
  const title = fill(labels.title, { reseller: statement.reseller.name, month: statement.month });
  doc.setTitle(pdfSafe(title));
  doc.setKeywords(statement.lines.map((line) => line.reference));
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

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

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const drawRow = (cells: string[], font = regular, color = INK) => {
    cells.forEach((cell, i) => {
      const column = COLUMNS[i]!;
      let text = pdfSafe(cell);
      // Too long for its column (a tour title, a reseller's reference): cut, never overlap.
      while (text.length > 1 && font.widthOfTextAtSize(text, SIZE) > column.width) text = `${text.slice(0, -2)}…`;
      const width = font.widthOfTextAtSize(text, SIZE);
      const x = MARGIN + column.x + (column.number ? column.width - width : 0);
      page.drawText(text, { x, y, size: SIZE, font, color });
    });
    y -= ROW;
  };
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
    drawRow(header, bold, MUTED);
  };
  page.drawText(pdfSafe(title), { x: MARGIN, y, size: 14, font: bold, color: INK });
  y -= ROW * 2;
  drawRow(header, bold, MUTED);
  for (const row of rows) {
    if (y < MARGIN + ROW * 2) newPage();
    drawRow(row);
  }
  if (y < MARGIN + ROW) newPage();
  drawRow(totalRow, bold);
  return doc.save();
}
