import { fill } from '@/lib/icu-lite';
import { A4_LANDSCAPE, MUTED, Pdf, repeatedHeader, tableRow, type Column } from '@/tickets/pdf-layout';

import type { NamedManifest } from './manifest-access';
import type { ManifestCsvLabels } from './manifest';

const PAGE = A4_LANDSCAPE;
const MARGIN = 40;
const ROW = 15;
const SIZE = 8;
const HEADING = { size: 7, lineHeight: 8, bold: true, color: MUTED, header: true } as const;

/** Left to right as on screen (ManifestView): who, their booking, the counts, phone, comments, on board. */
const COLUMNS: Column[] = (() => {
  const spec: [string, number, 'left' | 'right'][] = [
    ['leadName', 130, 'left'],
    ['reference', 120, 'left'],
    ['adults', 40, 'right'],
    ['reduced', 40, 'right'],
    ['children', 40, 'right'],
    ['super3', 40, 'right'],
    ['persons', 40, 'right'],
    ['audioGuides', 40, 'right'],
    ['mobilePhone', 80, 'left'],
    ['comments', 131, 'left'],
    ['boarded', 50, 'right'],
  ];
  let right = 0;
  return spec.map(([key, width, align], index) => {
    right += width;
    // 8 points between columns; the first starts at the margin, under the heading.
    return { key, width: width - 8, right: index === 0 ? right - 8 : right, align };
  });
})();

export type ManifestPdfText = ManifestCsvLabels & {
  title: string;
  documentTitle: string;
  capacity: string;
  printedAt: string;
};

/**
 * The departure's passenger list as a tagged PDF, the same as the screen's print (ManifestView):
 * a heading, the departure's line, and one table (a row per booking headed by the lead
 * passenger's name, the totals last), in the staff member's language.
 */
export async function renderManifestPdf(
  manifest: NamedManifest,
  text: ManifestPdfText,
  options: { language: string; brand: string; dateText: string; printedAt: string },
): Promise<Uint8Array> {
  const { departure } = manifest;
  const pdf = new Pdf({
    title: fill(text.documentTitle, { tour: manifest.tourTitle, date: departure.date, time: departure.time }),
    author: options.brand,
    language: options.language,
    keywords: manifest.lines.map((line) => line.reference),
    size: PAGE,
  }).addPage();
  let y = PAGE.height - MARGIN;
  y = pdf.text(`${text.title}: ${manifest.tourTitle} — ${departure.time}`, MARGIN, y, {
    size: 14,
    bold: true,
    tag: 'H1',
  });
  y = pdf.text(
    `${options.dateText} · ${manifest.boatName} · ${fill(text.capacity, { capacity: departure.capacity })}`,
    MARGIN,
    y - 2,
    { size: 9, color: MUTED, tag: 'P' },
  );
  y = pdf.text(fill(text.printedAt, { time: options.printedAt }), MARGIN, y, { size: 9, color: MUTED, tag: 'P' });
  y -= ROW;

  const headings = Object.fromEntries(
    COLUMNS.map((column) => [column.key, text[column.key as keyof ManifestCsvLabels]]),
  );
  const { totals } = manifest;
  pdf.group('Table', () => {
    // Headings wrap between words within their column (and shrink to fit a long word): never cut.
    const headingLines = pdf.group('THead', () => tableRow(pdf, COLUMNS, headings, MARGIN, y, HEADING));
    y -= (headingLines - 1) * HEADING.lineHeight;
    pdf.line(MARGIN, y - 4, PAGE.width - MARGIN, y - 4);
    y -= ROW;
    pdf.group('TBody', () => {
      for (const line of manifest.lines) {
        if (y < MARGIN + ROW * 2) {
          pdf.addPage();
          y = PAGE.height - MARGIN;
          repeatedHeader(pdf, COLUMNS, headings, MARGIN, y, HEADING);
          y -= ROW + (headingLines - 1) * HEADING.lineHeight;
        }
        tableRow(
          pdf,
          COLUMNS,
          {
            ...Object.fromEntries(COLUMNS.map((column) => [column.key, String(line[column.key as keyof typeof line])])),
            boarded: `${line.boarded} / ${line.persons}`,
          },
          MARGIN,
          y,
          { size: SIZE, rowHeader: true },
        );
        y -= ROW;
      }
    });
    if (y < MARGIN + ROW) {
      pdf.addPage();
      y = PAGE.height - MARGIN;
    }
    pdf.line(MARGIN, y + ROW - 4, PAGE.width - MARGIN, y + ROW - 4);
    pdf.group('TFoot', () =>
      tableRow(
        pdf,
        COLUMNS,
        {
          leadName: `${text.total} (${totals.bookings})`,
          adults: String(totals.adults),
          reduced: String(totals.reduced),
          children: String(totals.children),
          super3: String(totals.super3),
          persons: String(totals.persons),
          audioGuides: String(totals.audioGuides),
          boarded: `${totals.boarded} / ${totals.persons}`,
        },
        MARGIN,
        y,
        { size: SIZE, bold: true, rowHeader: true },
      ),
    );
  });
  return pdf.save();
}
