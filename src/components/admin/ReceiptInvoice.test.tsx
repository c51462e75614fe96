import { readFileSync } from 'node:fs';
import path from 'node:path';

import QRCode from 'qrcode';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { invoiceDocument } from '@/invoicing/document';
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

const document = (verifactu: boolean) =>
  invoiceDocument({
    invoice: sale,
    issuer: { name: 'Las Golondrinas SA', nif: 'A08000000', address: 'Moll de les Drassanes, s/n, 08039 Barcelona' },
    booking: { reference: 'GOL-7K2M9Q', tourTitle: 'Port tour 60 min' },
    qrMode: { verifactu, environment: 'test' },
  });

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
});
