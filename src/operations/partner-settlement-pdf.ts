import { localeInfo } from '@/i18n/locales';
import { fillWritten } from '@/i18n/written';
import { A4, INK, MUTED, Pdf, type Rgb } from '@/tickets/pdf-layout';

import {
  dayText,
  euros,
  monthName,
  settlementSummary,
  settlementTable,
  settlementTexts,
  settlementTitle,
  type PartnerSettlement,
} from './partner-settlement';

const PAGE = A4;
const MARGIN = 40;
const ROW = 15;
const SIZE = 8;
/** Column left edges and which are numbers (right-aligned so amounts line up). */
const COLUMNS: { x: number; width: number; number?: true }[] = [
  { x: 0, width: 62 },
  { x: 66, width: 110 },
  { x: 180, width: 46, number: true },
  { x: 230, width: 50, number: true },
  { x: 284, width: 50, number: true },
  { x: 338, width: 58, number: true },
  { x: 400, width: 58, number: true },
  { x: 462, width: 53, number: true },
];

/**
 * The settlement as a printable, tagged document (PDF/UA like our others, pdf-layout.ts) in the
 * partner's settlement language: a heading, who and which days, the day × ticket table with its
 * totals (the CSV's rows), then what we transfer or owe and how it reconciles with our invoices.
 */
export async function renderSettlementPdf(settlement: PartnerSettlement, brand: string): Promise<Uint8Array> {
  const t = settlementTexts(settlement.locale);
  const locale = settlement.locale;
  const title = settlementTitle(settlement);
  const pdf = new Pdf({
    title,
    author: brand,
    language: localeInfo[locale].iso,
    keywords: [settlement.partner.name, settlement.month],
    size: PAGE,
  }).addPage();
  const table = settlementTable(
    settlement,
    t,
    (cents) => euros(cents, locale),
    (day) => dayText(day, locale),
  );

  let y = PAGE.height - MARGIN;
  const width = PAGE.width - 2 * MARGIN;
  const ensure = (space: number) => {
    if (y < MARGIN + space) {
      pdf.addPage();
      y = PAGE.height - MARGIN;
    }
  };
  const paragraph = (text: string, options: { size?: number; color?: Rgb; bold?: boolean } = {}) => {
    ensure(ROW * 2);
    y = pdf.text(text, MARGIN, y, {
      size: options.size ?? 9,
      color: options.color ?? INK,
      bold: options.bold,
      maxWidth: width,
      lineHeight: (options.size ?? 9) * 1.35,
      tag: 'P',
    });
    y -= 4;
  };

  y = pdf.text(title, MARGIN, y, { size: 15, bold: true, tag: 'H1', maxWidth: width, lineHeight: 19 });
  y -= 4;
  paragraph(
    fillWritten(locale, t.partnerLine, { legalName: settlement.partner.legalName, taxId: settlement.partner.taxId }),
  );
  paragraph(
    fillWritten(locale, t.period, { first: dayText(settlement.first, locale), last: dayText(settlement.last, locale) }),
    {
      color: MUTED,
    },
  );
  y -= ROW / 2;

  const cellText = (cell: string, i: number, bold: boolean, color: Rgb) => {
    const column = COLUMNS[i]!;
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
  const newTablePage = () => {
    pdf.addPage();
    y = PAGE.height - MARGIN;
    // The header again on each page, for the eye: a reader has it once, at the table's top.
    pdf.artifact(() => table.header.forEach((text, i) => cellText(text, i, true, MUTED)), 'Pagination');
    y -= ROW;
  };

  if (settlement.rows.length === 0) paragraph(t.noActivity);
  else {
    pdf.group('Table', () => {
      pdf.group('THead', () => drawRow(table.header, 'TH', true, MUTED));
      pdf.group('TBody', () => {
        for (const row of table.rows) {
          if (y < MARGIN + ROW * 2) newTablePage();
          drawRow(row, 'TD');
        }
      });
      if (y < MARGIN + ROW) newTablePage();
      pdf.group('TFoot', () => drawRow(table.totals, 'TD', true));
    });
  }
  y -= ROW / 2;
  if (settlement.stillValid > 0)
    paragraph(fillWritten(locale, t.stillValid, { count: settlement.stillValid }), { color: MUTED });

  for (const section of settlementSummary(settlement)) {
    ensure(ROW * (section.lines.length + 3));
    y -= ROW / 2;
    y = pdf.text(section.heading, MARGIN, y, { size: 11, bold: true, tag: 'H2' });
    y -= 4;
    pdf.group('Table', () =>
      pdf.group('TBody', () => {
        section.lines.forEach(([label, value], index) => {
          const last = index === section.lines.length - 1;
          pdf.group('TR', () => {
            pdf.group('TH', () => pdf.text(label, MARGIN, y, { size: 9, bold: last, maxWidth: width - 110 }), {
              scope: 'Row',
            });
            pdf.group('TD', () => pdf.text(value, MARGIN + width, y, { size: 9, bold: last, align: 'right' }));
          });
          y -= ROW;
        });
      }),
    );
  }
  y -= ROW / 2;
  paragraph(t.rules, { size: 8, color: MUTED });
  paragraph(`${brand} · ${monthName(settlement.month, locale)}`, { size: 8, color: MUTED });
  return pdf.save();
}
