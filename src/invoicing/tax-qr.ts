import QRCode from 'qrcode';

/**
 * The "QR tributario" every invoice carries from 2027 (RD 1007/2023; Orden HAC/1177/2024 arts. 20–21),
 * per the AEAT's "Detalle de las especificaciones técnicas del código «QR» de la factura y de la «URL»
 * del servicio de cotejo o remisión de información por parte del receptor de la factura"
 * (DetalleEspecificacTecnCodigoQRfactura.pdf):
 * - content: the cotejo URL with exactly four parameters, in this order: nif, numserie, fecha
 *   (dd-mm-yyyy), importe (ImporteTotal, dot decimal); each value URL-encoded as UTF-8, so that an "&"
 *   in a series number travels as %26 (the spec's own example: numserie=12345678%26G33);
 * - VERI*FACTU invoices point at ValidarQR, invoices of a non-VERI*FACTU system at
 *   ValidarQRNoVerifactu; www2.agenciatributaria.gob.es in production, prewww2.aeat.es in tests;
 * - ISO/IEC 18004 symbol, error correction level M, printed 30×30 to 40×40 mm, with at least 2 mm
 *   (6 mm recommended) of white around it, near the top of the first page;
 * - "QR tributario:" printed above it; below it, in VERI*FACTU mode only, "Factura verificable en la
 *   sede electrónica de la AEAT" or "VERI*FACTU". A non-VERI*FACTU invoice carries the QR and no legend.
 */

export const TAX_QR_HEADING = 'QR tributario:';
/** The legend of a VERI*FACTU invoice (RD 1619/2012 arts. 6.5 and 7.5); either form is allowed. */
export const VERIFACTU_LEGEND = 'Factura verificable en la sede electrónica de la AEAT';
export const VERIFACTU_LEGEND_SHORT = 'VERI*FACTU';

export const TAX_QR_MIN_SIZE_MM = 30;
export const TAX_QR_MAX_SIZE_MM = 40;
/** White space the layout must leave around the symbol (the images below have none of their own). */
export const TAX_QR_MIN_MARGIN_MM = 2;
export const TAX_QR_RECOMMENDED_MARGIN_MM = 6;
export const TAX_QR_ERROR_CORRECTION = 'M';

export type TaxQrInvoice = {
  /** IDEmisorFactura. */
  nif: string;
  /** NumSerieFactura, as sent to the AEAT. */
  seriesNumber: string;
  /** FechaExpedicionFactura, dd-mm-yyyy. */
  issueDate: string;
  /** ImporteTotal as the record carries it, e.g. "123.45". */
  total: string;
};

export type TaxQrMode = { verifactu: boolean; environment: 'production' | 'test' };

const HOSTS = {
  production: 'https://www2.agenciatributaria.gob.es',
  test: 'https://prewww2.aeat.es',
} as const;

/** The cotejo service the QR points at. */
export function taxQrBaseUrl(mode: TaxQrMode): string {
  return `${HOSTS[mode.environment]}/wlpl/TIKE-CONT/${mode.verifactu ? 'ValidarQR' : 'ValidarQRNoVerifactu'}`;
}

/**
 * Percent-encodes everything but RFC 3986's unreserved characters, as UTF-8. encodeURIComponent
 * leaves ! ' ( ) * alone; they are encoded too, so no character of a series number can be read as
 * anything but data. A space is %20 and a "+" is %2B: a literal "+" would be read back as a space.
 */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function requireField(name: string, value: string, pattern: RegExp): string {
  if (!pattern.test(value)) throw new RangeError(`Not a valid ${name} for the tax QR: ${JSON.stringify(value)}`);
  return value;
}

// NumSerieFactura: 1 to 60 printable ASCII characters (what the AEAT's record accepts). A blank at
// either end would make another invoice of it when the AEAT compares the QR with the record it holds.
const SERIES_NUMBER = /^[!-~](?:[ -~]{0,58}[!-~])?$/;

/** The URL the QR encodes. Values are taken exactly as sent in the record, so that the cotejo finds it. */
export function taxQrUrl(invoice: TaxQrInvoice, mode: TaxQrMode): string {
  const params: [string, string][] = [
    ['nif', requireField('nif', invoice.nif, /^[0-9A-Z]{9}$/)],
    ['numserie', requireField('series number', invoice.seriesNumber, SERIES_NUMBER)],
    ['fecha', requireField('issue date', invoice.issueDate, /^\d{2}-\d{2}-\d{4}$/)],
    ['importe', requireField('total', invoice.total, /^-?\d{1,12}(\.\d{1,2})?$/)],
  ];
  return `${taxQrBaseUrl(mode)}?${params.map(([name, value]) => `${name}=${encodeValue(value)}`).join('&')}`;
}

/** What to print above and below the QR. */
export function taxQrCaptions(mode: Pick<TaxQrMode, 'verifactu'>): { above: string; below: string | null } {
  return { above: TAX_QR_HEADING, below: mode.verifactu ? VERIFACTU_LEGEND : null };
}

function requireSize(sizeMm: number): void {
  if (!(sizeMm >= TAX_QR_MIN_SIZE_MM && sizeMm <= TAX_QR_MAX_SIZE_MM)) {
    throw new RangeError(`The tax QR must be printed 30 to 40 mm wide, not ${sizeMm} mm`);
  }
}

/** The pixel width of a QR printed sizeMm wide at dpi. */
export function taxQrPixels(sizeMm: number, dpi: number): number {
  requireSize(sizeMm);
  if (!(Number.isFinite(dpi) && dpi >= 72 && dpi <= 2400)) throw new RangeError(`Not a print resolution: ${dpi} dpi`);
  return Math.round((sizeMm / 25.4) * dpi);
}

/**
 * A PNG of the QR, sizeMm wide at dpi (to be placed at exactly sizeMm), without a quiet zone: the
 * layout leaves TAX_QR_MIN_MARGIN_MM of white around it.
 */
export function taxQrPng(url: string, sizeMm: number, dpi: number): Promise<Buffer> {
  return QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: TAX_QR_ERROR_CORRECTION,
    margin: 0,
    width: taxQrPixels(sizeMm, dpi),
  });
}

/**
 * The QR as one SVG path of its dark modules, in module units (a viewBox of 0 0 modules modules),
 * for vector output at any size: runs of dark modules on a row become one rectangle each.
 */
export function taxQrSvgPath(url: string): { d: string; modules: number } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: TAX_QR_ERROR_CORRECTION });
  const size = modules.size;
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && modules.get(row, col)) col++;
      parts.push(`M${start} ${row}h${col - start}v1h-${col - start}z`);
    }
  }
  return { d: parts.join(''), modules: size };
}
