import { localeInfo } from '@/i18n/locales';
import type { InvoiceDocument } from '@/invoicing/document';

import {
  A4,
  MARGIN,
  NAVY,
  TAX_QR_BLOCK_WIDTH,
  WHITE,
  addA4Page,
  drawInvoiceBody,
  drawInvoiceHeading,
  drawTaxQr,
  drawText,
  newPdf,
} from './pdf-layout';

/**
 * An invoice on its own, one A4 page: a rectifying invoice (a refund's), or any invoice for the
 * office (GET /api/ops/invoices/{id}.pdf). The same blocks as the ticket PDF's invoice section,
 * drawn by the same layout: the tax QR first, then the invoice.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument, brand: string): Promise<Uint8Array> {
  const { doc, fonts } = await newPdf({
    title: invoice.documentTitle,
    author: brand,
    language: localeInfo[invoice.locale].iso,
    keywords: [invoice.seriesNumber],
  });
  const page = addA4Page(doc);
  const qrBottom = drawTaxQr(page, fonts, invoice.taxQr, MARGIN - 12, A4.height - 30);
  const column = MARGIN + TAX_QR_BLOCK_WIDTH + 6;
  page.drawRectangle({ x: column - 12, y: A4.height - 60, width: A4.width - column + 12, height: 60, color: NAVY });
  drawText(page, fonts, brand, column, A4.height - 38, { size: 18, bold: true, color: WHITE });
  const headingBottom = drawInvoiceHeading(page, fonts, invoice, column, A4.height - 70, A4.width - MARGIN - column);
  const top = Math.min(qrBottom, headingBottom) - 24;
  drawInvoiceBody(page, fonts, invoice, MARGIN, top, A4.width - MARGIN * 2);
  return doc.save();
}
