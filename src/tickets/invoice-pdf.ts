import { localeInfo } from '@/i18n/locales';
import type { InvoiceDocument } from '@/invoicing/document';

import {
  A4,
  MARGIN,
  NAVY,
  TAX_QR_BLOCK_WIDTH,
  WHITE,
  drawInvoiceBody,
  drawInvoiceHeading,
  drawTaxQr,
  newPdf,
} from './pdf-layout';

/**
 * An invoice on its own, one A4 page: a rectifying invoice (a refund's), or any invoice for the
 * office (GET /api/ops/invoices/{id}.pdf). The same blocks as the ticket PDF's invoice section,
 * drawn by the same layout: the tax QR first, then the invoice.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument, brand: string): Promise<Uint8Array> {
  const pdf = newPdf({
    title: invoice.documentTitle,
    author: brand,
    language: localeInfo[invoice.locale].iso,
    keywords: [invoice.seriesNumber],
  });
  const qrBottom = drawTaxQr(pdf, invoice.taxQr, MARGIN - 12, A4.height - 30);
  const column = MARGIN + TAX_QR_BLOCK_WIDTH + 6;
  pdf.rectangle(column - 12, A4.height - 60, A4.width - column + 12, 60, NAVY);
  pdf.text(brand, column, A4.height - 38, { size: 18, bold: true, color: WHITE, tag: 'P' });
  const headingBottom = drawInvoiceHeading(pdf, invoice, column, A4.height - 70, A4.width - MARGIN - column);
  const top = Math.min(qrBottom, headingBottom) - 24;
  drawInvoiceBody(pdf, invoice, MARGIN, top, A4.width - MARGIN * 2);
  return pdf.save();
}
