import { taxQrSvgPath, VERIFACTU_LEGEND_SHORT } from '@/invoicing/tax-qr';
import type { InvoiceDocument, InvoiceTableRow } from '@/invoicing/document';

/**
 * The invoice the printed tickets are, at the top of the box-office receipt: for a customer who
 * paid cash and left no e-mail address, this paper is the only invoice they get, so it carries
 * everything a simplified invoice must (Real Decreto 1619/2012 art. 7) and, for a buyer who gave
 * a tax id, a full one (art. 6):
 * - the tax QR first (RD 1007/2023 and Orden HAC/1177/2024: "QR tributario:" above it,
 *   "VERI*FACTU" below it when the records go to the AEAT as they are issued, printed 30–40 mm
 *   wide with white around it), a vector path that prints sharp at any size;
 * - the kind of invoice, its number and series, the date of issue; no operation date, as every
 *   invoice is issued in the transaction that moves the money it documents (decision 131), so the
 *   two dates are the same and art. 7.1.c asks for the operation's only when they differ;
 * - the issuer's name, NIF and address; the recipient of a full invoice; what a rectifying
 *   invoice corrects, and the simplified invoices an F3 replaces;
 * - each line: description, quantity, unit price, VAT rate and amount (a full invoice's unit
 *   price without VAT and the line's taxable base, document.ts), "IVA incluido";
 * - the VAT breakdown by rate (rate, base, VAT) and the total.
 *
 * Every text comes from the invoice document (src/invoicing/document.ts), the same as the PDF
 * and the e-mail: the customer's language, with the captions the law fixes in Spanish beside it.
 * It prints on an 80 mm receipt roll and on A4 (print-tickets.css).
 */
export function ReceiptInvoice({ invoice }: { invoice: InvoiceDocument }) {
  const qr = taxQrSvgPath(invoice.taxQr.url);
  const { headings, rows, full } = invoice.table;
  const lineColumns: (keyof InvoiceTableRow)[] = full
    ? ['description', 'quantity', 'unitPrice', 'base', 'vatRate', 'amount']
    : ['description', 'quantity', 'unitPrice', 'vatRate', 'amount'];
  const vatColumns = ['rate', 'base', 'vat', 'total'] as const;
  return (
    <section className="print-invoice" data-testid="receipt-invoice">
      <div className="print-invoice__qr-block">
        <p className="print-invoice__caption" lang="es">
          {invoice.taxQr.above}
        </p>
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
        {invoice.taxQr.below ? (
          <p className="print-invoice__caption" lang="es">
            {VERIFACTU_LEGEND_SHORT}
          </p>
        ) : null}
      </div>
      <div className="print-invoice__head">
        <p className="print-invoice__title">{invoice.title}</p>
        <dl className="print-invoice__facts">
          {invoice.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
        <Party heading={invoice.issuer.heading} lines={invoice.issuer.lines} testId="receipt-issuer" />
        {invoice.recipient ? (
          <Party heading={invoice.recipient.heading} lines={invoice.recipient.lines} testId="receipt-recipient" />
        ) : null}
        {invoice.rectifies ? (
          <p className="print-invoice__rectifies" data-testid="receipt-rectifies">
            <strong>{invoice.rectifies.heading}</strong>
            <br />
            {invoice.rectifies.text}
          </p>
        ) : null}
        {invoice.replaces ? <p className="print-invoice__rectifies">{invoice.replaces}</p> : null}
      </div>
      <div className="print-invoice__body">
        <table className={`print-invoice__lines${full ? ' print-invoice__lines--full' : ''}`}>
          <thead>
            <tr>
              {lineColumns.map((column) => (
                <th key={column} scope="col">
                  {headings[column]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {lineColumns.map((column) =>
                  column === 'description' ? (
                    <th key={column} scope="row">
                      {row.description}
                    </th>
                  ) : (
                    <td key={column}>{row[column]}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="print-invoice__note">{invoice.vatIncluded}</p>
        <table className="print-invoice__vat">
          <caption>{invoice.breakdown.heading}</caption>
          <thead>
            <tr>
              {vatColumns.map((column) => (
                <th key={column} scope="col">
                  {invoice.breakdown.headings[column]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {invoice.breakdown.rows.map((row) => (
              <tr key={row.rate}>
                {vatColumns.map((column) => (
                  <td key={column}>{row[column]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="print-invoice__total">
          <span>{invoice.total.label}</span> <strong>{invoice.total.value}</strong>
        </p>
      </div>
    </section>
  );
}

function Party({ heading, lines, testId }: { heading: string; lines: string[]; testId: string }) {
  return (
    <p className="print-invoice__party" data-testid={testId}>
      <span className="print-invoice__label">{heading}</span>
      {lines.map((line) => (
        <span key={line}>
          <br />
          {line}
        </span>
      ))}
    </p>
  );
}
