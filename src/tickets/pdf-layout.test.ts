import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';

import { pdfAccessibilityProblems } from '../../tests/fixtures/pdf-accessibility';

import { newPdf } from './pdf-layout';

describe('the PDF accessibility check (tests/fixtures/pdf-accessibility.ts)', () => {
  it('refuses what pdf-lib wrote before: untagged, standard Helvetica, no DisplayDocTitle', async () => {
    const doc = await PDFDocument.create();
    doc.setTitle('Entrades GOL-7K2M9Q');
    doc.setLanguage('ca-ES');
    const page = doc.addPage();
    page.drawText('Les teves entrades', { x: 48, y: 700, font: await doc.embedFont(StandardFonts.Helvetica) });
    expect(await pdfAccessibilityProblems(await doc.save())).toEqual([
      'not tagged: MarkInfo Marked is not true',
      'no structure tree (StructTreeRoot)',
      'DisplayDocTitle is not true',
      'font /Helvetica is not embedded',
      'page 1: 1 drawing operations are neither tagged nor artifacts',
    ]);
  });

  it('passes a document of the layout module, and finds a Figure without its text alternative', async () => {
    const pdf = newPdf({ title: 'Prova', author: 'Las Golondrinas', language: 'ca-ES', keywords: [] });
    pdf.text('Títol', 48, 800, { tag: 'H1', size: 14 });
    pdf.rectangle(48, 780, 100, 2, [0, 0, 0]);
    pdf.qr('https://example.com/T-1', 'Codi QR de l’entrada 1', 48, 760, 100, 10);
    expect(await pdfAccessibilityProblems(await pdf.save())).toEqual([]);

    const missing = newPdf({ title: 'Prova', author: 'Las Golondrinas', language: 'ca-ES', keywords: [] });
    missing.qr('https://example.com/T-1', '', 48, 760, 100, 10);
    expect(await pdfAccessibilityProblems(await missing.save())).toEqual(['a Figure has no Alt text']);
  });
});
