import type {
  BillingSystem,
  CancellationRecord,
  ChainLink,
  InvoiceId,
  InvoiceRecord,
  Issuer,
  IssueRecord,
  Recipient,
  VatBreakdownLine,
} from './types';

/**
 * The XML the AEAT's VERI*FACTU service takes: a SOAP 1.1 envelope around RegFactuSistemaFacturacion
 * (SuministroLR.xsd), whose Cabecera names the obligated issuer and whose RegistroFactura each hold one
 * RegistroAlta or RegistroAnulacion (SuministroInformacion.xsd). Element order is the schemas'
 * xs:sequence order: the AEAT validates against them and answers a fault (Codigo[4102]) for the whole
 * batch when one element is missing or out of place. The schemas are in ./schemas.
 */

const AEAT_WS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws';

export const NAMESPACES = {
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
  /** SuministroLR.xsd: the request element, Cabecera, RegistroFactura. */
  lr: `${AEAT_WS}/SuministroLR.xsd`,
  /** SuministroInformacion.xsd: everything inside Cabecera and RegistroFactura. */
  info: `${AEAT_WS}/SuministroInformacion.xsd`,
  /** RespuestaSuministro.xsd: the answer. */
  answer: `${AEAT_WS}/RespuestaSuministro.xsd`,
} as const;

/** RegistroFactura maxOccurs in SuministroLR.xsd; the AEAT refuses a bigger batch as a whole. */
export const MAX_RECORDS_PER_BATCH = 1000;

/** IDVersion: the only version SuministroInformacion.xsd (tikeV1.0) admits. */
const RECORD_VERSION = '1.0';
/** TipoHuella 01: SHA-256, the only one defined. */
const HASH_TYPE_SHA256 = '01';
/**
 * Every line we issue is Spanish VAT (Impuesto 01) under the general regime (ClaveRegimen 01), subject
 * and not exempt, without reverse charge (CalificacionOperacion S1): boat tours sold to the public.
 */
const TAX_IVA = '01';
const REGIME_GENERAL = '01';
const SUBJECT_NOT_EXEMPT = 'S1';

// Characters XML 1.0 cannot carry at all, even escaped (C0 controls but tab/LF/CR, lone surrogates,
// U+FFFE/U+FFFF). Dropping them silently would send the AEAT something other than what was invoiced.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Text content or attribute value, escaped; throws on a character XML cannot carry. */
export function escapeXml(text: string): string {
  const bad = NOT_XML_CHAR.exec(text);
  if (bad) {
    const code = bad[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0');
    throw new RangeError(`U+${code} cannot be written in XML (in ${JSON.stringify(text.slice(0, 40))})`);
  }
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** One sf: element with escaped text. */
function el(name: string, text: string): string {
  return `<sf:${name}>${escapeXml(text)}</sf:${name}>`;
}

/** One sf: element around already-built children. */
function wrap(name: string, children: string): string {
  return `<sf:${name}>${children}</sf:${name}>`;
}

const yesNo = (value: boolean): string => (value ? 'S' : 'N');

function invoiceId(id: InvoiceId): string {
  return (
    el('IDEmisorFactura', id.issuerNif) +
    el('NumSerieFactura', id.seriesNumber) +
    el('FechaExpedicionFactura', id.issueDate)
  );
}

function recipient(r: Recipient): string {
  const id =
    'nif' in r
      ? el('NIF', r.nif)
      : wrap('IDOtro', el('CodigoPais', r.countryCode) + el('IDType', r.idType) + el('ID', r.id));
  return wrap('IDDestinatario', el('NombreRazon', r.name) + id);
}

function breakdownLine(line: VatBreakdownLine): string {
  return wrap(
    'DetalleDesglose',
    el('Impuesto', TAX_IVA) +
      el('ClaveRegimen', REGIME_GENERAL) +
      el('CalificacionOperacion', SUBJECT_NOT_EXEMPT) +
      el('TipoImpositivo', line.ratePct) +
      el('BaseImponibleOimporteNoSujeto', line.base) +
      el('CuotaRepercutida', line.vat),
  );
}

function chain(previous: ChainLink | null): string {
  const link = previous
    ? wrap(
        'RegistroAnterior',
        el('IDEmisorFactura', previous.issuerNif) +
          el('NumSerieFactura', previous.seriesNumber) +
          el('FechaExpedicionFactura', previous.issueDate) +
          el('Huella', previous.huella),
      )
    : el('PrimerRegistro', 'S');
  return wrap('Encadenamiento', link);
}

function billingSystem(s: BillingSystem): string {
  return wrap(
    'SistemaInformatico',
    el('NombreRazon', s.producerName) +
      el('NIF', s.producerNif) +
      el('NombreSistemaInformatico', s.systemName) +
      el('IdSistemaInformatico', s.systemId) +
      el('Version', s.version) +
      el('NumeroInstalacion', s.installationNumber) +
      el('TipoUsoPosibleSoloVerifactu', yesNo(s.onlyVerifactu)) +
      el('TipoUsoPosibleMultiOT', yesNo(s.multipleTaxpayers)) +
      el('IndicadorMultiplesOT', yesNo(s.severalTaxpayersNow)),
  );
}

function issueRecordBody(r: IssueRecord): string {
  const ids = (container: string, item: string, list: InvoiceId[] | undefined): string =>
    list && list.length > 0 ? wrap(container, list.map((id) => wrap(item, invoiceId(id))).join('')) : '';
  return (
    el('IDVersion', RECORD_VERSION) +
    wrap('IDFactura', invoiceId(r.invoice)) +
    el('NombreRazonEmisor', r.issuerName) +
    (r.correction ? el('Subsanacion', 'S') : '') +
    (r.previousRejection ? el('RechazoPrevio', r.previousRejection) : '') +
    el('TipoFactura', r.type) +
    (r.rectificationKind ? el('TipoRectificativa', r.rectificationKind) : '') +
    ids('FacturasRectificadas', 'IDFacturaRectificada', r.corrects) +
    ids('FacturasSustituidas', 'IDFacturaSustituida', r.replaces) +
    el('DescripcionOperacion', r.description) +
    (r.recipients && r.recipients.length > 0 ? wrap('Destinatarios', r.recipients.map(recipient).join('')) : '') +
    wrap('Desglose', r.breakdown.map(breakdownLine).join('')) +
    el('CuotaTotal', r.vatTotal) +
    el('ImporteTotal', r.total) +
    chain(r.previous) +
    billingSystem(r.system) +
    el('FechaHoraHusoGenRegistro', r.generatedAt) +
    el('TipoHuella', HASH_TYPE_SHA256) +
    el('Huella', r.huella)
  );
}

function cancellationRecordBody(r: CancellationRecord): string {
  return (
    el('IDVersion', RECORD_VERSION) +
    wrap(
      'IDFactura',
      el('IDEmisorFacturaAnulada', r.invoice.issuerNif) +
        el('NumSerieFacturaAnulada', r.invoice.seriesNumber) +
        el('FechaExpedicionFacturaAnulada', r.invoice.issueDate),
    ) +
    chain(r.previous) +
    billingSystem(r.system) +
    el('FechaHoraHusoGenRegistro', r.generatedAt) +
    el('TipoHuella', HASH_TYPE_SHA256) +
    el('Huella', r.huella)
  );
}

/**
 * One record's XML exactly as it sits inside RegistroFactura in a submission. It declares its own
 * namespace, so the same bytes are also a well-formed document on their own (what the staff API serves
 * as "what we sent").
 */
export function recordXml(record: InvoiceRecord): string {
  const name = record.kind === 'alta' ? 'RegistroAlta' : 'RegistroAnulacion';
  const body = record.kind === 'alta' ? issueRecordBody(record) : cancellationRecordBody(record);
  return `<sf:${name} xmlns:sf="${NAMESPACES.info}">${body}</sf:${name}>`;
}

/**
 * The SOAP request of RegFactuSistemaFacturacion for one issuer's records, in the order given (the
 * chain's order). Throws on an empty batch or one over MAX_RECORDS_PER_BATCH: the sender splits.
 *
 * `incident`: the Cabecera says RemisionVoluntaria/Incidencia = S, records sent late because of a
 * technical problem. The AEAT answers 2004 (accepted with errors) to a record that reaches it more
 * than 240 s after its FechaHoraHusoGenRegistro, unless the batch says so.
 */
export function submissionXml(
  issuer: Issuer,
  records: readonly InvoiceRecord[],
  options: { incident?: boolean } = {},
): string {
  if (records.length === 0) throw new RangeError('A submission needs at least one record');
  if (records.length > MAX_RECORDS_PER_BATCH) {
    throw new RangeError(`A submission carries at most ${MAX_RECORDS_PER_BATCH} records, not ${records.length}`);
  }
  const header =
    '<sfLR:Cabecera>' +
    wrap('ObligadoEmision', el('NombreRazon', issuer.name) + el('NIF', issuer.nif)) +
    (options.incident ? wrap('RemisionVoluntaria', el('Incidencia', 'S')) : '') +
    '</sfLR:Cabecera>';
  const body = records.map((r) => `<sfLR:RegistroFactura>${recordXml(r)}</sfLR:RegistroFactura>`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="${NAMESPACES.soap}" xmlns:sfLR="${NAMESPACES.lr}" xmlns:sf="${NAMESPACES.info}">` +
    '<soapenv:Header/>' +
    '<soapenv:Body>' +
    `<sfLR:RegFactuSistemaFacturacion>${header}${body}</sfLR:RegFactuSistemaFacturacion>` +
    '</soapenv:Body>' +
    '</soapenv:Envelope>'
  );
}
