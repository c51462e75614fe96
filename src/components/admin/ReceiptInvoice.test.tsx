import { readFileSync } from 'node:fs';
import path from 'node:path';

import QRCode from 'qrcode';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { invoiceDocument, type InvoiceDocumentInput } from '@/invoicing/document';
import type { StoredInvoice } from '@/invoicing/ledger';
import { TAX_QR_MAX_SIZE_MM, TAX_QR_MIN_MARGIN_MM, TAX_QR_MIN_SIZE_MM, taxQrSvgPath } from '@/invoicing/tax-qr';

import { ReceiptInvoice } from './ReceiptInvoice';

// `as`: the fixture stays valid while StoredInvoice grows fields the receipt does not read.
const sale = {
  id: 7,
  bookingId: 3,
  series: 'T2027',
  number: 12,
  seriesNumber: 'T2027-000012',
  type: 'F2',
  channel: 'office',
  issuedAt: new Date('2027-07-14T10:30:00Z'),
  issueDate: '14-07-2027',
  totalCents: 4_950,
  vatCents: 450,
  vat: [{ ratePct: 10, grossCents: 4_950, baseCents: 4_500, vatCents: 450 }],
  lines: [{ item: 'adult', quantity: 3, unitCents: 1_650, totalCents: 4_950, ratePct: 10 }],
  correctsInvoiceId: null,
  recipient: null,
  locale: 'es',
  reason: 'sale',
  annulled: false,
} as StoredInvoice;

const issuer = { name: 'Las Golondrinas SA', nif: 'A08000000', address: 'Moll de les Drassanes, s/n, 08039 Barcelona' };

const document = (verifactu: boolean, invoice: StoredInvoice = sale, extra: Partial<InvoiceDocumentInput> = {}) =>
  invoiceDocument({
    invoice,
    issuer,
    booking: { reference: 'GOL-7K2M9Q', tourTitle: 'Port tour 60 min' },
    qrMode: { verifactu, environment: 'test' },
    ...extra,
  });

/** Two VAT rates: tickets at 10 %, the audio guide at 21 %. */
const twoRates = {
  ...sale,
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
} as StoredInvoice;

/** The receipt's text, one string per element's own text, as a printer lays it out. */
function texts(html: string): string[] {
  return html
    .replace(/<br\/>/g, '\n')
    .split(/<[^>]+>/)
    .flatMap((part) => part.split('\n'))
    .map((part) => part.replace(/&amp;/g, '&').trim())
    .filter(Boolean);
}

/** Each table row of the receipt as its cells' texts. */
function tableRows(html: string, table: string): string[][] {
  const body = new RegExp(`<table class="${table}[^"]*">([\\s\\S]*?)</table>`).exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '')),
  );
}

describe('the invoice on the box-office receipt', () => {
  it('starts with the tax QR, "QR tributario:" above and "VERI*FACTU" below, then number, date and total', () => {
    const invoice = document(true);
    const html = renderToStaticMarkup(<ReceiptInvoice invoice={invoice} />);
    const text = html.replace(/<[^>]+>/g, '\n');
    const order = ['QR tributario:', 'VERI*FACTU', 'T2027-000012', '14/07/2027', '49,50'].map((part) =>
      text.indexOf(part),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html.indexOf('QR tributario:')).toBeLessThan(html.indexOf('<svg'));
    // A screen reader hears what the QR is, in the customer's language, not its URL.
    expect(html).toContain(
      'aria-label="Código QR tributario de la factura T2027-000012: enlace de verificación en la Agencia Tributaria"',
    );
    expect(html.indexOf('<svg')).toBeLessThan(html.indexOf('VERI*FACTU'));
    // The QR drawn is the one encoding this invoice's AEAT check address (nif, number, date, total).
    const url = invoice.taxQr.url;
    expect(url).toContain('numserie=T2027-000012');
    expect(url).toContain('importe=49.50');
    const { d, modules } = taxQrSvgPath(url);
    expect(modules).toBe(QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size);
    expect(html).toContain(`viewBox="0 0 ${modules} ${modules}"`);
    expect(html).toContain(`d="${d}"`);
  });

  it('leaves out the VERI*FACTU legend when the records are not sent to the AEAT as issued', () => {
    const html = renderToStaticMarkup(<ReceiptInvoice invoice={document(false)} />);
    expect(html).toContain('QR tributario:');
    expect(html).not.toContain('VERI*FACTU');
  });

  it('prints the QR 30 to 40 mm square with at least 2 mm of white around it', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'print-tickets.css'), 'utf8');
    const rule = /\.print-invoice__qr \{([^}]*)\}/.exec(css)?.[1] ?? '';
    const mm = (property: string) => Number(new RegExp(`\\b${property}: (\\d+(?:\\.\\d+)?)mm;`).exec(rule)?.[1]);
    for (const side of [mm('width'), mm('height')]) {
      expect(side).toBeGreaterThanOrEqual(TAX_QR_MIN_SIZE_MM);
      expect(side).toBeLessThanOrEqual(TAX_QR_MAX_SIZE_MM);
    }
    expect(mm('padding')).toBeGreaterThanOrEqual(TAX_QR_MIN_MARGIN_MM);
  });

  it('is a complete simplified invoice (RD 1619/2012 art. 7): issuer, number, date, priced lines, VAT rates, total', () => {
    const html = renderToStaticMarkup(<ReceiptInvoice invoice={document(true, twoRates)} />);
    const printed = texts(html);
    // a) number and series, b) date of issue, with their labels.
    expect(html).toContain('<dt>Número de factura</dt><dd>T2027-000012</dd>');
    expect(html).toContain('<dt>Fecha de expedición</dt><dd>14/07/2027</dd>');
    // d) the issuer's name, NIF and address.
    expect(printed).toEqual(
      expect.arrayContaining([
        'Emisor',
        'Las Golondrinas SA',
        'NIF: A08000000',
        'Moll de les Drassanes, s/n, 08039 Barcelona',
      ]),
    );
    expect(printed).toContain('Factura simplificada');
    // e) what was sold, each line with quantity, unit price (VAT included), rate and line price.
    expect(tableRows(html, 'print-invoice__lines')).toEqual([
      ['Concepto', 'Cant.', 'Precio unitario', 'IVA', 'Importe'],
      ['Billete de adulto', '2', '15,00\u00a0€', '10\u00a0%', '30,00\u00a0€'],
      ['Billete de estudiante / jubilado', '1', '13,50\u00a0€', '10\u00a0%', '13,50\u00a0€'],
      ['Audioguía', '2', '3,00\u00a0€', '21\u00a0%', '6,00\u00a0€'],
    ]);
    // f) the rates applied and "IVA incluido"; two rates: each rate's base separately.
    expect(printed).toContain('IVA incluido');
    expect(tableRows(html, 'print-invoice__vat')).toEqual([
      ['Tipo', 'Base imponible', 'Cuota de IVA', 'Total'],
      ['10\u00a0%', '39,55\u00a0€', '3,95\u00a0€', '43,50\u00a0€'],
      ['21\u00a0%', '4,96\u00a0€', '1,04\u00a0€', '6,00\u00a0€'],
    ]);
    // g) the total.
    expect(html).toContain('<span>Importe total</span> <strong>49,50\u00a0€</strong>');
    // The legal captions are Spanish whatever the page's language, and say so.
    expect(html).toContain('<p class="print-invoice__caption" lang="es">QR tributario:</p>');
  });

  it('prints a full invoice’s unit prices without VAT, each line’s base and the recipient', () => {
    const full = { ...twoRates, type: 'F1', recipient: { name: 'Escola Mar SL', nif: 'B12345674' } } as StoredInvoice;
    const html = renderToStaticMarkup(
      <ReceiptInvoice invoice={document(true, full, { recipientAddress: 'Carrer Gran 1, 08001 Barcelona' })} />,
    );
    expect(tableRows(html, 'print-invoice__lines')).toEqual([
      ['Concepto', 'Cant.', 'Precio unitario sin IVA', 'Base imponible', 'IVA', 'Importe'],
      ['Billete de adulto', '2', '13,64\u00a0€', '27,28\u00a0€', '10\u00a0%', '30,00\u00a0€'],
      ['Billete de estudiante / jubilado', '1', '12,27\u00a0€', '12,27\u00a0€', '10\u00a0%', '13,50\u00a0€'],
      ['Audioguía', '2', '2,48\u00a0€', '4,96\u00a0€', '21\u00a0%', '6,00\u00a0€'],
    ]);
    expect(texts(html)).toEqual(
      expect.arrayContaining(['Destinatario', 'Escola Mar SL', 'NIF: B12345674', 'Carrer Gran 1, 08001 Barcelona']),
    );
  });

  it('names what a rectifying invoice corrects (art. 7.1.h)', () => {
    const refund = {
      ...sale,
      type: 'R5',
      series: 'TR2027',
      seriesNumber: 'TR2027-000001',
      totalCents: -1_650,
      vatCents: -150,
      vat: [{ ratePct: 10, grossCents: -1_650, baseCents: -1_500, vatCents: -150 }],
      lines: [{ item: 'difference', quantity: 1, unitCents: -1_650, totalCents: -1_650, ratePct: 10 }],
      reason: 'refund',
    } as StoredInvoice;
    const html = renderToStaticMarkup(
      <ReceiptInvoice
        invoice={document(true, refund, { corrects: [{ seriesNumber: 'T2027-000012', issueDate: '14-07-2027' }] })}
      />,
    );
    expect(texts(html)).toEqual(
      expect.arrayContaining([
        'Factura rectificativa (simplificada)',
        'Factura rectificativa',
        'Rectifica, por diferencias: T2027-000012 de 14/07/2027',
      ]),
    );
    expect(html).toContain('<span>Importe total</span> <strong>-16,50\u00a0€</strong>');
  });

  it('labels everything in the customer’s language (the tickets’ too), the legal captions staying Spanish', () => {
    const html = renderToStaticMarkup(<ReceiptInvoice invoice={document(true, { ...twoRates, locale: 'ca' })} />);
    expect(html).toContain('<dt>Data d’expedició</dt><dd>14/07/2027</dd>');
    expect(tableRows(html, 'print-invoice__lines')[0]).toEqual(['Concepte', 'Quant.', 'Preu unitari', 'IVA', 'Import']);
    expect(texts(html)).toEqual(expect.arrayContaining(['Emissor', 'IVA incluido / IVA inclòs', 'QR tributario:']));
  });

  it('gives every image a text alternative saying what it is', () => {
    const html = renderToStaticMarkup(<ReceiptInvoice invoice={document(true, twoRates)} />);
    const images = [...html.matchAll(/<(?:img|svg)\b[^>]*>/g)].map((tag) => tag[0]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image).toMatch(/role="img"/);
      expect(image).toMatch(/(?:alt|aria-label)="[^"]{10,}"/);
    }
    expect(images[0]).toContain('aria-label="Código QR tributario de la factura T2027-000012');
  });

  it('prints on an 80 mm roll (72 mm printed, as those printers do) and on A4, each with a page size browsers take', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'print-tickets.css'), 'utf8');
    const page = (name: string) => new RegExp(`@page ${name} \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
    // "80mm auto" is no valid size: the page then took another stylesheet's (A4 landscape).
    expect(page('tickets-receipt')).toMatch(/^\s*size: 80mm 297mm;\s*margin: 4mm;\s*$/);
    expect(page('tickets-a4')).toMatch(/^\s*size: A4 portrait;/);
    // Named on the root: `page` on the absolutely positioned tickets was ignored.
    expect(css).toMatch(/html:has\(\.print-tickets--receipt\) \{\s*page: tickets-receipt;\s*\}/);
    expect(css).toMatch(/html:has\(\.print-tickets--a4\) \{\s*page: tickets-a4;\s*\}/);
    expect(css).toMatch(/\.print-tickets--receipt \{\s*width: 72mm;/);
  });
});
