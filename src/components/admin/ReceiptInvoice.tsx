import { taxQrSvgPath, VERIFACTU_LEGEND_SHORT } from '@/invoicing/tax-qr';
import type { InvoiceDocument } from '@/invoicing/document';

/**
 * The invoice the printed tickets are, at the top of the box-office receipt: the tax QR first
 * (RD 1007/2023 and Order HAC/1177/2024: "QR tributario:" above it, "VERI*FACTU" below it when the
 * records go to the AEAT as they are issued, printed 30–40 mm wide with white around it), then the
 * invoice's kind, number, date and total. The QR is a vector path, so it prints sharp at any size.
 */
export function ReceiptInvoice({ invoice }: { invoice: InvoiceDocument }) {
  const qr = taxQrSvgPath(invoice.taxQr.url);
  const [number, date] = invoice.facts;
  return (
    <section className="print-invoice" data-testid="receipt-invoice">
      <p className="print-invoice__caption">{invoice.taxQr.above}</p>
      <svg
        className="print-invoice__qr"
        viewBox={`0 0 ${qr.modules} ${qr.modules}`}
        shapeRendering="crispEdges"
        role="img"
        aria-label={invoice.taxQr.alt}
        data-tax-qr={invoice.taxQr.url}
      >
        <path d={qr.d} />
      </svg>
      {invoice.taxQr.below ? <p className="print-invoice__caption">{VERIFACTU_LEGEND_SHORT}</p> : null}
      <p className="print-invoice__title">{invoice.title}</p>
      {[number, date].map((fact) =>
        fact ? (
          <p key={fact.label}>
            {fact.label}: <strong>{fact.value}</strong>
          </p>
        ) : null,
      )}
      <p>
        {invoice.total.label}: <strong>{invoice.total.value}</strong>
      </p>
    </section>
  );
}
