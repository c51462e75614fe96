import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';

import { expectAccessiblePdf } from '../../tests/fixtures/pdf-accessibility';
import { decodeQrCodes } from '../../tests/fixtures/pdf-qr';
import { openPdf, pageStreams, pdfTexts } from '../../tests/fixtures/pdf-text';
import { invoiceDocument, type InvoiceDocumentInput } from '@/invoicing/document';
import type { StoredInvoice } from '@/invoicing/ledger';

import { renderInvoicePdf } from './invoice-pdf';

const refund = {
  id: 8,
  bookingId: 3,
  series: 'WR2027',
  number: 1,
  seriesNumber: 'WR2027-000001',
  type: 'R5',
  channel: 'web',
  issuedAt: new Date('2027-07-20T10:00:00Z'),
  issueDate: '20-07-2027',
  totalCents: -3_000,
  vatCents: -273,
  vat: [{ ratePct: 10, grossCents: -3_000, baseCents: -2_727, vatCents: -273 }],
  lines: [{ item: 'difference', quantity: 1, unitCents: -3_000, totalCents: -3_000, ratePct: 10 }],
  correctsInvoiceId: 7,
  recipient: null,
  locale: 'es',
  reason: 'refund',
  annulled: false,
} as StoredInvoice;

const facts: InvoiceDocumentInput = {
  invoice: refund,
  issuer: { name: 'Las Golondrinas SA', nif: 'A08000000', address: 'Moll de les Drassanes, s/n, 08039 Barcelona' },
  booking: { reference: 'GOL-7K2M9Q', tourTitle: 'Puerto 60 min' },
  corrects: [{ seriesNumber: 'W2027-000012', issueDate: '14-07-2027' }],
  qrMode: { verifactu: true, environment: 'production' },
};

const POINTS_PER_MM = 72 / 25.4;

/** A full invoice (F1) at two VAT rates, to a company. */
const full = {
  ...refund,
  id: 9,
  series: 'T2027',
  number: 12,
  seriesNumber: 'T2027-000012',
  type: 'F1',
  channel: 'office',
  issueDate: '20-07-2027',
  totalCents: 4_950,
  vatCents: 499,
  vat: [
    { ratePct: 10, grossCents: 4_350, baseCents: 3_955, vatCents: 395 },
    { ratePct: 21, grossCents: 600, baseCents: 496, vatCents: 104 },
  ],
  lines: [
    { item: 'adult', quantity: 2, unitCents: 1_500, totalCents: 3_000, ratePct: 10 },
    { item: 'reduced', quantity: 1, unitCents: 1_350, totalCents: 1_350, ratePct: 10 },
    { item: 'audioGuide', quantity: 2, unitCents: 300, totalCents: 600, ratePct: 21 },
  ],
  correctsInvoiceId: null,
  recipient: { name: 'Escola Mar SL', nif: 'B12345674' },
  reason: 'sale',
} as StoredInvoice;

/**
 * Texts of the first page that run into each other: two texts drawn on the same baseline with
 * less than `gap` points between the end of one and the start of the next, as PDF.js places them.
 */
async function touchingTexts(bytes: Uint8Array, gap = 3): Promise<string[]> {
  const pdf = await openPdf(bytes);
  const content = await (await pdf.getPage(1)).getTextContent({ includeMarkedContent: true });
  const boxes: { mark: number; text: string; x: number; y: number; end: number }[] = [];
  let mark = 0;
  for (const item of content.items) {
    if ('type' in item) {
      if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') mark++;
      continue;
    }
    if (!item.str.trim()) continue;
    const [x, y] = [item.transform[4] as number, item.transform[5] as number];
    const last = boxes.at(-1);
    // Pieces of one drawn text (PDF.js cuts at kerning gaps) are one box.
    if (last && last.mark === mark && Math.abs(last.y - y) < 0.01) {
      last.text += item.str;
      last.end = x + item.width;
    } else boxes.push({ mark, text: item.str, x, y, end: x + item.width });
  }
  await pdf.loadingTask.destroy();
  const touching: string[] = [];
  for (const box of boxes) {
    for (const other of boxes) {
      if (other === box || Math.abs(other.y - box.y) > 0.5 || other.x < box.x) continue;
      if (other.x - box.end < gap) touching.push(`${box.text.trim()}|${other.text.trim()}`);
    }
  }
  return touching;
}

/**
 * The printed geometry of the first QR code on a page (the first Figure), read back from the
 * drawing operators our layout emits: the symbol's width and the white drawn around it, in
 * millimetres. PDFKit draws from the top-left corner: y grows downwards.
 */
function firstQrGeometry(content: string) {
  const start = content.search(/^\/Figure <</m);
  const figure = content.slice(start, content.indexOf('EMC', start));
  const [, wx, wy, side] = /^([\d.]+) ([\d.]+) ([\d.]+) [\d.]+ re$/m.exec(figure)!.map(Number);
  expect(figure.slice(0, figure.search(/^f$/m))).toMatch(/^1 1 1 scn$/m);
  const [, tx, ty] = /^1 0 0 1 ([\d.-]+) ([\d.-]+) cm$/m.exec(figure)!.map(Number);
  const scale = Number(/^([\d.]+) 0 0 [\d.]+ 0 0 cm$/m.exec(figure)![1]);
  const squares = [...figure.matchAll(/^(\d+) (\d+) 1 1 re$/gm)].flatMap((m) => [Number(m[1]), Number(m[2])]);
  const modules = Math.max(...squares) + 1 - Math.min(...squares);
  const symbol = { left: tx!, top: ty!, size: modules * scale };
  const margins = [
    symbol.left - wx!,
    wx! + side! - (symbol.left + symbol.size),
    symbol.top - wy!,
    wy! + side! - (symbol.top + symbol.size),
  ];
  return { sizeMm: symbol.size / POINTS_PER_MM, minMarginMm: Math.min(...margins) / POINTS_PER_MM };
}

describe('renderInvoicePdf', () => {
  it('prints the tax QR first, decoding to the ValidarQR URL of the record, 30–40 mm with at least 2 mm of white', async () => {
    const invoice = invoiceDocument(facts);
    const bytes = await renderInvoicePdf(invoice, 'Las Golondrinas');
    expect(await decodeQrCodes(bytes)).toEqual([
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=A08000000&numserie=WR2027-000001&fecha=20-07-2027&importe=-30.00',
    ]);
    const [content] = await pageStreams(bytes);
    const geometry = firstQrGeometry(content!);
    expect(geometry.sizeMm).toBeGreaterThanOrEqual(30);
    expect(geometry.sizeMm).toBeLessThanOrEqual(40);
    expect(geometry.minMarginMm).toBeGreaterThanOrEqual(2);
    // Its heading is the first thing written on the page, the VERI*FACTU legend right under it.
    const [texts] = await pdfTexts(bytes);
    expect(texts!.slice(0, 2)).toEqual(['QR tributario:', 'Factura verificable en la sede']);
  });

  it('says it is rectifying, what it corrects, and prints its amounts negative', async () => {
    const bytes = await renderInvoicePdf(invoiceDocument(facts), 'Las Golondrinas');
    await expectAccessiblePdf(bytes);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Factura WR2027-000001');
    const texts = (await pdfTexts(bytes)).flat();
    expect(texts).toEqual(
      expect.arrayContaining([
        'Factura rectificativa (simplificada)',
        'Número de factura: WR2027-000001',
        'Factura rectificativa',
        'Rectifica, por diferencias: W2027-000012 de 14/07/2027',
        'NIF: A08000000',
        'Rectificación por diferencias (devolución)',
        'IVA incluido',
        '-27,27 €',
        '-30,00 €',
      ]),
    );
  });

  it('prints no VERI*FACTU legend outside VERI*FACTU mode, and renders in every language', async () => {
    for (const locale of ['ca', 'es', 'en', 'fr'] as const) {
      const invoice = invoiceDocument({
        ...facts,
        invoice: { ...refund, locale },
        qrMode: { verifactu: false, environment: 'test' },
      });
      const bytes = await renderInvoicePdf(invoice, 'Las Golondrinas');
      await expectAccessiblePdf(bytes);
      const texts = (await pdfTexts(bytes)).flat();
      expect(texts[0]).toBe('QR tributario:');
      expect(texts.join(' ')).not.toMatch(/verificable|VERI\*FACTU/);
      expect((await decodeQrCodes(bytes))[0]).toMatch(
        /^https:\/\/prewww2\.aeat\.es\/wlpl\/TIKE-CONT\/ValidarQRNoVerifactu\?/,
      );
    }
  });

  it('prints a full invoice’s lines with the unit price without VAT and each line’s taxable base', async () => {
    const invoice = invoiceDocument({ ...facts, invoice: full, corrects: [], recipientAddress: 'Carrer Gran 1' });
    const bytes = await renderInvoicePdf(invoice, 'Las Golondrinas');
    await expectAccessiblePdf(bytes);
    const texts = (await pdfTexts(bytes)).flat();
    const from = texts.indexOf('Concepto');
    // Headings, then each line: description, quantity, unit price without VAT, base, rate, amount.
    expect(texts.slice(from, from + 24)).toEqual([
      'Concepto',
      'Cant.',
      'Precio unitario sin IVA',
      'Base imponible',
      'IVA',
      'Importe',
      'Billete de adulto',
      '2',
      '13,64 €',
      '27,28 €',
      '10 %',
      '30,00 €',
      'Billete de estudiante / jubilado',
      '1',
      '12,27 €',
      '12,27 €',
      '10 %',
      '13,50 €',
      'Audioguía',
      '2',
      '2,48 €',
      '4,96 €',
      '21 %',
      '6,00 €',
    ]);
  });

  it('never prints two texts of a row into each other (the VAT breakdown’s headings did), in any language', async () => {
    for (const locale of ['ca', 'es', 'en', 'fr'] as const) {
      for (const invoice of [full, refund]) {
        const document = invoiceDocument({
          ...facts,
          invoice: { ...invoice, locale },
          recipientAddress: 'Carrer Gran 1',
        });
        expect(await touchingTexts(await renderInvoicePdf(document, 'Las Golondrinas'))).toEqual([]);
      }
    }
  });
});
