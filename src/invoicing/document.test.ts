import { describe, expect, it } from 'vitest';

import { invoiceDocument, lineBasesCents, type InvoiceDocumentInput } from './document';
import type { StoredInvoice } from './ledger';
import { vatBreakdown, vatInGross } from './vat';

// `as`: the fixture stays valid while StoredInvoice grows fields these documents do not read.
const sale = {
  id: 7,
  bookingId: 3,
  series: 'W2027',
  number: 12,
  seriesNumber: 'W2027-000012',
  type: 'F2',
  channel: 'web',
  // 23:30 in Madrid on 14 July: the date of issue is Madrid's, not UTC's.
  issuedAt: new Date('2027-07-14T21:30:00Z'),
  issueDate: '14-07-2027',
  totalCents: 4_950,
  vatCents: 562,
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
  recipient: null,
  locale: 'en',
  reason: 'sale',
  annulled: false,
} as StoredInvoice;

const refund = {
  ...sale,
  id: 8,
  series: 'WR2027',
  number: 1,
  seriesNumber: 'WR2027-000001',
  type: 'R5',
  issuedAt: new Date('2027-07-20T10:00:00Z'),
  issueDate: '20-07-2027',
  totalCents: -3_000,
  vatCents: -273,
  vat: [{ ratePct: 10, grossCents: -3_000, baseCents: -2_727, vatCents: -273 }],
  lines: [{ item: 'difference', quantity: 1, unitCents: -3_000, totalCents: -3_000, ratePct: 10 }],
  correctsInvoiceId: 7,
  reason: 'refund',
  annulled: false,
} as StoredInvoice;

const issuer = { name: 'Las Golondrinas SA', nif: 'A08000000', address: 'Moll de les Drassanes, s/n, 08039 Barcelona' };

function input(invoice: StoredInvoice, extra: Partial<InvoiceDocumentInput> = {}): InvoiceDocumentInput {
  return {
    invoice,
    issuer,
    booking: { reference: 'GOL-7K2M9Q', tourTitle: 'Port tour 60 min' },
    qrMode: { verifactu: true, environment: 'production' },
    ...extra,
  };
}

describe('invoiceDocument', () => {
  it('writes a simplified invoice: issuer, number, date, one line per category with its rate, VAT included, breakdown, total', () => {
    const doc = invoiceDocument(input(sale));
    expect(doc.title).toBe('Factura simplificada / Simplified invoice');
    expect(doc.documentTitle).toBe('Invoice W2027-000012');
    expect(doc.issuer.lines).toEqual([issuer.name, 'NIF: A08000000', issuer.address]);
    expect(doc.facts).toEqual([
      { label: 'Invoice number', value: 'W2027-000012' },
      { label: 'Date of issue', value: '14/07/2027' },
      { label: 'Booking', value: 'GOL-7K2M9Q · Port tour 60 min' },
    ]);
    expect(doc.table.rows).toEqual([
      { description: 'Adult ticket', quantity: '2', unitPrice: '€15.00', vatRate: '10%', amount: '€30.00' },
      {
        description: 'Student / retiree ticket',
        quantity: '1',
        unitPrice: '€13.50',
        vatRate: '10%',
        amount: '€13.50',
      },
      { description: 'Audio guide', quantity: '2', unitPrice: '€3.00', vatRate: '21%', amount: '€6.00' },
    ]);
    expect(doc.vatIncluded).toBe('IVA incluido / VAT included');
    expect(doc.breakdown.rows).toEqual([
      { rate: '10%', base: '€39.55', vat: '€3.95', total: '€43.50' },
      { rate: '21%', base: '€4.96', vat: '€1.04', total: '€6.00' },
    ]);
    expect(doc.total).toEqual({ label: 'Total', value: '€49.50' });
    expect(doc.recipient).toBeNull();
    expect(doc.rectifies).toBeNull();
  });

  it('below a combined tour’s invoice, what was paid in all; below a refund, what was given back, in words', () => {
    const aquarium = { partner: 'Aquàrium', legalName: 'Aquàrium de Barcelona SL', taxId: 'B12345674' };
    const paidDoc = invoiceDocument(input({ ...sale, thirdParty: [{ ...aquarium, cents: 3_600 }] }));
    expect(paidDoc.thirdParty!.rows.map((row) => row.amount)).toEqual(['€36.00']);
    expect(paidDoc.thirdParty!.grandTotal).toEqual({ label: 'Total paid', value: '€85.50' });
    const refundDoc = invoiceDocument(input({ ...refund, locale: 'ca', thirdParty: [{ ...aquarium, cents: -3_600 }] }));
    expect(refundDoc.thirdParty!.rows.map((row) => row.amount)).toEqual(['-36,00\u00a0€']);
    expect(refundDoc.thirdParty!.grandTotal).toEqual({ label: 'Total retornat', value: '66,00\u00a0€' });
  });

  it('points the tax QR at the cotejo service with the record’s NIF, number, date and total, and its captions by mode', () => {
    const doc = invoiceDocument(input(sale));
    expect(doc.taxQr).toEqual({
      url: 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=A08000000&numserie=W2027-000012&fecha=14-07-2027&importe=49.50',
      above: 'QR tributario:',
      below: 'Factura verificable en la sede electrónica de la AEAT',
      // What a screen reader says of the figure (the visitor's language; the PDF tags it).
      alt: 'Tax QR code of invoice W2027-000012: verification link at the Spanish Tax Agency',
    });
    const outside = invoiceDocument(input(sale, { qrMode: { verifactu: false, environment: 'test' } }));
    expect(outside.taxQr).toEqual({
      url: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu?nif=A08000000&numserie=W2027-000012&fecha=14-07-2027&importe=49.50',
      above: 'QR tributario:',
      below: null,
      alt: 'Tax QR code of invoice W2027-000012: verification link at the Spanish Tax Agency',
    });
  });

  it('keeps the legal captions in Spanish in every language, with the visitor’s words beside them', () => {
    const titles = (['ca', 'es', 'en', 'fr'] as const).map((locale) => {
      const doc = invoiceDocument(input({ ...sale, locale }));
      return [doc.title, doc.vatIncluded, doc.total.value, doc.facts[1]!.value];
    });
    expect(titles).toEqual([
      ['Factura simplificada', 'IVA incluido / IVA inclòs', '49,50\u00a0€', '14/07/2027'],
      ['Factura simplificada', 'IVA incluido', '49,50\u00a0€', '14/07/2027'],
      ['Factura simplificada / Simplified invoice', 'IVA incluido / VAT included', '€49.50', '14/07/2027'],
      ['Factura simplificada / Facture simplifiée', 'IVA incluido / TVA incluse', '49,50\u00a0€', '14/07/2027'],
    ]);
  });

  it('writes a rectifying invoice: that it is one, what it corrects, and its amounts negative', () => {
    const doc = invoiceDocument(
      input({ ...refund, locale: 'fr' }, { corrects: [{ seriesNumber: 'W2027-000012', issueDate: '14-07-2027' }] }),
    );
    expect(doc.title).toBe('Factura rectificativa (simplificada) / Facture rectificative (simplifiée)');
    expect(doc.rectifies).toEqual({
      heading: 'Factura rectificativa / Facture rectificative',
      text: 'Rectifie, par différences\u202f: W2027-000012 du 14/07/2027',
    });
    expect(doc.table.rows).toEqual([
      {
        description: 'Rectification par différences (remboursement)',
        quantity: '1',
        unitPrice: '-30,00\u00a0€',
        vatRate: '10\u00a0%',
        amount: '-30,00\u00a0€',
      },
    ]);
    expect(doc.breakdown.rows).toEqual([
      { rate: '10\u00a0%', base: '-27,27\u00a0€', vat: '-2,73\u00a0€', total: '-30,00\u00a0€' },
    ]);
    expect(doc.total.value).toBe('-30,00\u00a0€');
    expect(doc.taxQr.url).toContain('numserie=WR2027-000001&fecha=20-07-2027&importe=-30.00');
  });

  it('names the recipient of a full invoice with their tax id and address', () => {
    const full: StoredInvoice = {
      ...sale,
      type: 'F1',
      locale: 'es',
      recipient: { name: 'Escola Mar SL', nif: 'B12345674' },
    };
    const doc = invoiceDocument(input(full, { recipientAddress: 'Carrer Gran 1, 08001 Barcelona' }));
    expect(doc.title).toBe('Factura');
    expect(doc.recipient).toEqual({
      heading: 'Destinatario',
      lines: ['Escola Mar SL', 'NIF: B12345674', 'Carrer Gran 1, 08001 Barcelona'],
    });
    const foreign: StoredInvoice = {
      ...full,
      locale: 'en',
      recipient: { name: 'Sea Tours Ltd', countryCode: 'FR', idType: '02', id: 'FR40303265045' },
    };
    expect(invoiceDocument(input(foreign)).recipient!.lines).toEqual(['Sea Tours Ltd', 'Tax ID: FR FR40303265045']);
  });

  it('names the simplified invoices a full invoice (F3) replaces', () => {
    const f3: StoredInvoice = {
      ...sale,
      type: 'F3',
      locale: 'ca',
      reason: 'fullInvoice' as StoredInvoice['reason'],
      recipient: { name: 'Escola Mar SL', nif: 'B12345674' },
    };
    const doc = invoiceDocument(
      input(f3, {
        recipientAddress: 'Carrer Gran 1, 08001 Barcelona',
        replaces: [{ seriesNumber: 'W2027-000012', issueDate: '14-07-2027' }],
      }),
    );
    expect(doc.title).toBe(
      'Factura en sustitución de facturas simplificadas / Factura en substitució de factures simplificades',
    );
    expect(doc.replaces).toBe('Substitueix les factures simplificades: W2027-000012 del 14/07/2027');
    expect(doc.recipient!.lines).toEqual(['Escola Mar SL', 'NIF: B12345674', 'Carrer Gran 1, 08001 Barcelona']);
    expect(doc.rectifies).toBeNull();
    expect(invoiceDocument(input(sale)).replaces).toBeNull();
  });

  it('shows only the total of a line priced as a whole, and names a move’s difference as such', () => {
    const topUp: StoredInvoice = {
      ...sale,
      reason: 'topUp',
      lines: [
        { item: 'tickets', quantity: 3, unitCents: 1_001, totalCents: 1_001, ratePct: 10 },
        { item: 'difference', quantity: 1, unitCents: 500, totalCents: 500, ratePct: 10 },
      ],
    };
    const rows = invoiceDocument(input(topUp)).table.rows;
    expect(rows.map((row) => [row.description, row.unitPrice, row.amount])).toEqual([
      ['Boat tickets', '', '€10.01'],
      ['Difference for a change of departure', '€5.00', '€5.00'],
    ]);
  });

  it('gives a full invoice each line’s unit price without VAT and its taxable base (RD 1619/2012 art. 6.1.f)', () => {
    const full: StoredInvoice = {
      ...sale,
      type: 'F1',
      locale: 'es',
      recipient: { name: 'Escola Mar SL', nif: 'B12345674' },
    };
    const doc = invoiceDocument(input(full));
    expect(doc.table.full).toBe(true);
    expect(doc.table.headings).toEqual({
      description: 'Concepto',
      quantity: 'Cant.',
      unitPrice: 'Precio unitario sin IVA',
      base: 'Base imponible',
      vatRate: 'IVA',
      amount: 'Importe',
    });
    // 15.00 € with 10 % VAT is 13.64 € without; the 10 % group's base (39.55 €) is the lines'
    // 27.27 + 12.27 plus the cent the per-line rounding lost, given to the largest line.
    expect(doc.table.rows).toEqual([
      {
        description: 'Billete de adulto',
        quantity: '2',
        unitPrice: '13,64\u00a0€',
        base: '27,28\u00a0€',
        vatRate: '10\u00a0%',
        amount: '30,00\u00a0€',
      },
      {
        description: 'Billete de estudiante / jubilado',
        quantity: '1',
        unitPrice: '12,27\u00a0€',
        base: '12,27\u00a0€',
        vatRate: '10\u00a0%',
        amount: '13,50\u00a0€',
      },
      {
        description: 'Audioguía',
        quantity: '2',
        unitPrice: '2,48\u00a0€',
        base: '4,96\u00a0€',
        vatRate: '21\u00a0%',
        amount: '6,00\u00a0€',
      },
    ]);
    expect(doc.breakdown.rows.map((row) => row.base)).toEqual(['39,55\u00a0€', '4,96\u00a0€']);
    // F3 and R1 are full invoices too; a simplified one keeps VAT-included unit prices and no base.
    for (const type of ['F3', 'R1'] as const) {
      expect(invoiceDocument(input({ ...full, type })).table.headings.unitPrice).toBe('Precio unitario sin IVA');
    }
    const simplified = invoiceDocument(input({ ...sale, locale: 'es' }));
    expect(simplified.table.full).toBe(false);
    expect(simplified.table.headings.unitPrice).toBe('Precio unitario');
    expect(simplified.table.rows.every((row) => row.base === undefined)).toBe(true);
  });

  it('writes a full rectifying invoice’s (R1) line bases negative, the exact negation of the sale’s', () => {
    const r1: StoredInvoice = {
      ...sale,
      type: 'R1',
      locale: 'en',
      totalCents: -4_950,
      vat: sale.vat.map((group) => ({
        ratePct: group.ratePct,
        grossCents: -group.grossCents,
        baseCents: -group.baseCents,
        vatCents: -group.vatCents,
      })),
      lines: sale.lines.map((line) => ({ ...line, unitCents: -line.unitCents, totalCents: -line.totalCents })),
    };
    expect(invoiceDocument(input(r1)).table.rows.map((row) => [row.unitPrice, row.base])).toEqual([
      ['-€13.64', '-€27.28'],
      ['-€12.27', '-€12.27'],
      ['-€2.48', '-€4.96'],
    ]);
  });

  it('makes the lines’ bases add up exactly to each rate’s base, for any lines', () => {
    // A seeded generator: the same thousand invoices on every run.
    let seed = 41;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let run = 0; run < 1_000; run++) {
      const sign = run % 5 === 0 ? -1 : 1;
      const lines = Array.from({ length: 1 + random(7) }, () => {
        const quantity = 1 + random(9);
        const unitCents = sign * (1 + random(9_999));
        const ratePct = [0, 4, 10, 21][random(4)]!;
        return { item: 'adult' as const, quantity, unitCents, totalCents: quantity * unitCents, ratePct };
      });
      const vat = vatBreakdown(lines.map((line) => ({ grossCents: line.totalCents, ratePct: line.ratePct }))).groups;
      const bases = lineBasesCents({ lines, vat });
      for (const group of vat) {
        const sum = lines.reduce(
          (total, line, index) => total + (line.ratePct === group.ratePct ? bases[index]! : 0),
          0,
        );
        expect(sum).toBe(group.baseCents);
      }
      // No line's base moves more than a cent from its own gross less its own VAT.
      lines.forEach((line, index) => {
        const own = line.totalCents - vatInGross(line.totalCents, line.ratePct);
        expect(Math.abs(bases[index]! - own)).toBeLessThanOrEqual(1);
      });
    }
  });
});
