import { XMLParser } from 'fast-xml-parser';

import { aeatDate } from './amounts';
import { cancellationRecordHashInput, huella, issueRecordHashInput } from './huella';
import { validateTaxId } from './tax-id';
import type { ChainLink, InvoiceId, InvoiceType } from './types';

/**
 * The AEAT's business rules for one VERI*FACTU record, with its codes and texts, for the local AEAT
 * (aeat-sandbox.ts). The schema says what a record may look like; these say what the AEAT accepts.
 *
 * Sources, read through public transcriptions (the AEAT's PDFs cannot be fetched from here):
 * - the codes and texts: `errores.properties` of tikeV1.0, as downloaded from the AEAT's test
 *   service on 2026-08-18 (247 codes, transcribed in a public TypeScript port), checked against
 *   OCA l10n_es_verifactu's copy of the older list;
 * - what each rule checks, and whether it refuses the record or only warns ("aviso de error, no
 *   generará rechazo"): "Validaciones y errores" v1.2.2 (08/04/2026), §1–§23 of the registro de
 *   alta, as quoted by implementations that follow it section by section;
 * - 2004's margin and its wording: the answers of the AEAT's test service quoted in
 *   mdiago/VeriFactu issue 152 and OCA l10n-spain PR 4429 ("…margen de error de: 240 segundos",
 *   also for a record sent late; Incidencia = S in the Cabecera excuses the lateness).
 *
 * Each rule is one row: the code the AEAT answers, the records it applies to and the check. A record
 * is answered with the first rejection it breaks, in the order of the table; when it breaks none, with
 * the first warning (the AEAT then records it, AceptadoConErrores); otherwise Correcto.
 */

/** The texts the AEAT answers with (errores.properties, tikeV1.0), for the codes the local AEAT uses. */
export const AEAT_ERROR_TEXTS = {
  '1104': 'El valor del campo NumSerieFactura es incorrecto.',
  '1105': 'El valor del campo FechaExpedicionFactura es incorrecto.',
  '1108': 'El NIF del IDEmisorFactura debe ser el mismo que el NIF del ObligadoEmision.',
  '1111': 'El campo CodigoPais es obligatorio cuando IDType es distinto de NIF-IVA (02).',
  '1112': 'El campo FechaExpedicionFactura es superior a la fecha actual.',
  '1114': 'Si la factura es de tipo rectificativa, el campo TipoRectificativa debe tener valor.',
  '1115': 'Si la factura no es de tipo rectificativa, el campo TipoRectificativa no debe tener valor.',
  '1116': 'Debe informarse el campo FacturasSustituidas sólo si la factura es de tipo F3.',
  '1117': 'Si la factura no es de tipo rectificativa, el bloque FacturasRectificadas no podrá venir informado.',
  '1118': 'Si la factura es de tipo rectificativa por sustitución el bloque ImporteRectificacion es obligatorio.',
  '1119':
    'Si la factura no es de tipo rectificativa por sustitución el bloque ImporteRectificacion no debe tener valor.',
  '1123': 'El formato del NIF es incorrecto.',
  '1124': 'El valor del campo TipoImpositivo no está incluido en la lista de valores permitidos.',
  '1126':
    'El valor del CodigoPais solo puede ser ES cuando el IDType sea Pasaporte (03) o No Censado (07). Si IDType es No Censado (07) el CodigoPais debe ser ES (España).',
  '1130': 'El campo NumSerieFactura contiene caracteres no permitidos.',
  '1133': 'El valor del campo FechaExpedicionFactura no debe ser inferior a la fecha actual menos veinte años.',
  '1142':
    'El campo CuotaRepercutida tiene un valor incorrecto para el valor de los campos BaseImponibleOimporteNoSujeto y TipoImpositivo suministrados.',
  '1143': 'Los campos CuotaRepercutida y BaseImponibleOimporteNoSujeto deben tener el mismo signo.',
  '1146':
    'Sólo se permite que la fecha de expedicion de la factura sea anterior a la fecha operación si los detalles del desglose son ClaveRegimen 14 o 15 e Impuesto 01, 03 o vacío.',
  '1147': 'Si ClaveRegimen es 14, FechaOperacion es obligatoria y debe ser posterior a la FechaExpedicionFactura.',
  '1148': 'Si la ClaveRegimen es 14, el campo TipoFactura debe ser F1, R1, R2, R3 o R4.',
  '1149':
    'Si ClaveRegimen es 14, el NIF de Destinatarios debe estar identificado en el censo de la AEAT y comenzar por P, Q, S o V.',
  '1150':
    'Cuando TipoFactura sea F2 y no este informado NumRegistroAcuerdoFacturacion o FacturaSinIdentifDestinatarioArt61d no sea S el sumatorio de BaseImponibleOimporteNoSujeto y CuotaRepercutida de todas las líneas de detalle no podrá ser superior a 3.000.',
  '1152': 'La fecha de expedición no puede ser inferior al 28 de octubre de 2024.',
  '1153':
    'Valor del campo RechazoPrevio no válido, solo podrá incluirse el campo RechazoPrevio con valor X si se ha informado el campo Subsanacion y tiene el valor S.',
  '1161':
    'El valor del campo RechazoPrevio no es válido, no podrá incluirse el campo RechazoPrevio con valor S si no se ha informado del campo Subsanacion o tiene el valor N.',
  '1173':
    'Sólo se permite que la fecha de operación sea superior a la fecha actual si los detalles del desglose son ClaveRegimen 14 o 15 e Impuesto IVA(01) o IGIC(03) o vacío.',
  '1174': 'El valor del campo FechaExpedicionFactura del bloque RegistroAnteriores incorrecto.',
  '1176': 'El valor de campo NIF del bloque SistemaInformatico es incorrecto.',
  '1177': 'El valor de campo IdSistemaInformatico del bloque SistemaInformatico es incorrecto.',
  '1185':
    'El campo FacturaSinIdentifDestinatarioArt61d solo se podrá rellenar con S si TipoFactura es de tipo F2 o R5.',
  '1189': 'Si TipoFactura es F1 o F3 o R1 o R2 o R3 o R4 el bloque Destinatarios tiene que estar cumplimentado.',
  '1190': 'Si TipoFactura es F2 o R5 el bloque Destinatarios no puede estar cumplimentado.',
  '1194':
    'El valor del campo TipoImpositivo es incorrecto, el valor informado solo es permitido para FechaOperacion o FechaExpedicionFactura posterior o igual a 1 de julio de 2022 e inferior o igual a 30 de septiembre de 2024.',
  '1197':
    'Si CalificacionOperacion tiene valor Operación Sujeta y No exenta - Con inversión del sujeto pasivo (S2) TipoFactura solo puede ser F1, F3, R1, R2, R3 y R4.',
  '1198':
    'Si CalificacionOperacion tiene valor Operación Sujeta y No exenta - Con inversión del sujeto pasivo (S2) TipoImpositivo y CuotaRepercutida deberan tener valor 0.',
  '1199':
    "Si Impuesto es '01' (IVA), '03' (IGIC) o no se cumplimenta y ClaveRegimen es 01 no pueden marcarse la OperacionExenta E2, E3.",
  '1200':
    'Si ClaveRegimen es 03 CalificacionOperacion sólo puede ser Operación Sujeta y No exenta - Sin inversión del sujeto pasivo (S1).',
  '1201':
    'Si ClaveRegimen es 04 CalificacionOperacion sólo puede ser Operación Sujeta y No exenta - Con inversión del sujeto pasivo (S2) o bien OperacionExenta.',
  '1202': 'Si ClaveRegimen es 06 TipoFactura no puede ser F2, F3, R5 y BaseImponibleACoste debe estar cumplimentado.',
  '1203':
    'Si ClaveRegimen es 07 OperacionExenta no puede ser E2, E3, E4 y E5 o CalificacionOperacion no puede ser S2, N1, N2.',
  '1205':
    'Si ClaveRegimen es 10 CalificacionOperacion tiene que ser N1, TipoFactura F1 y Destinatarios estar identificada mediante NIF.',
  '1206': 'Si ClaveRegimen es 11 TipoImpositivo ha de ser 21%.',
  '1207':
    'La CuotaRepercutida solo podrá ser distinta de 0 si CalificacionOperacion es Operación Sujeta y No exenta - Sin inversión del sujeto pasivo (S1).',
  '1208':
    'Si CalificacionOperacion es Operación Sujeta y No exenta - Sin inversión del sujeto pasivo (S1) y BaseImponibleACoste no está cumplimentada, TipoImpositivo y CuotaRepercutida son obligatorios.',
  '1220': 'El valor del campo NombreSistemaInformatico es incorrecto.',
  '1235':
    'El valor del campo TipoImpositivo es incorrecto, el valor informado sólo es permitido para FechaOperacion o FechaExpedicionFactura posterior o igual a 1 de octubre de 2024 e inferior o igual a 31 de diciembre de 2024.',
  '1237':
    'El valor del campo CalificacionOperacion está informado como Operación No sujeta (N1 o N2) y el impuesto es IVA. No se puede informar de los campos TipoImpositivo, CuotaRepercutida, TipoRecargoEquivalencia y CuotaRecargoEquivalencia.',
  '1238':
    'Si la operacion es exenta no se puede informar ninguno de los campos TipoImpositivo, CuotaRepercutida, TipoRecargoEquivalencia y CuotaRecargoEquivalencia.',
  '1244': 'El campo FechaHoraHusoGenRegistro tiene un formato incorrecto.',
  '1245':
    'Si el campo Impuesto está vacío o tiene valor IVA(01) o IPSI(02) o IGIC(03) el campo ClaveRegimen debe de estar cumplimentado.',
  '1252':
    'Si ClaveRegimen es 08 el campo CalificacionOperacion tiene que tener el valor Operación No sujeta por reglas de localización (N2) e ir siempre informado.',
  '1257':
    "El campo BaseImponibleACoste solo puede estar cumplimentado si la ClaveRegimen es = '06' o Impuesto = '02' (IPSI) o Impuesto = '05' (Otros).",
  '1262': 'La longitud de huella no cumple con las especificaciones.',
  '1269': 'El bloque Registro Anterior no esta informado correctamente.',
  '1286': 'Si el impuesto es IVA(01), IGIC(03) o vacio, si ClaveRegimen es 02 solo se podrá informar OperacionExenta.',
  '1287': 'El valor del campo NumSerieFactura contiene carácteres no validos (<, >, ", \', =).',
  '1291': 'El HASH del Registro anterior no es alfanumérico.',
  '1292': 'El HASH no es alfanumérico.',
  '2000': 'El cálculo de la huella suministrada es incorrecta.',
  '2001': 'El NIF del bloque Destinatarios no está identificado en el censo de la AEAT.',
  '2002': 'La longitud de huella del registro anterior no cumple con las especificaciones.',
  '2003': 'El contenido de la huella del registro anterior no cumple con las especificaciones.',
  // The list's text ends at "de:"; the service fills in its margin (quoted answers of the test service).
  '2004':
    'El valor del campo FechaHoraHusoGenRegistro debe ser la fecha actual del sistema de la AEAT, admitiéndose un margen de error de: 240 segundos.',
  '2005':
    'El campo ImporteTotal tiene un valor incorrecto para el valor de los campos BaseImponibleOimporteNoSujeto, CuotaRepercutida y CuotaRecargoEquivalencia suministrados.',
  '2006':
    'El campo CuotaTotal tiene un valor incorrecto para el valor de los campos CuotaRepercutida y CuotaRecargoEquivalencia suministrados.',
  '2007':
    'No debe informarse como primer registro, existen facturas emitidas con el obligado emisión y el sistema informático actual.',
  '2008': 'El valor de la huella del registro anterior debe ser diferente a la huella del registro actual.',
  '3000': 'Registro de facturación duplicado.',
  '3001': 'El registro de facturación ya ha sido dado de baja.',
  '3002': 'No existe el registro de facturación.',
  '4102': 'El XML no cumple el esquema. Falta informar campo obligatorio.',
  '4103': 'Se ha producido un error inesperado al parsear el XML.',
  '4114': 'El XML no cumple con el esquema: se ha superado el límite máximo permitido de facturas a registrar.',
  '4135': 'Esta URL no puede ser utilizada mediante GET.',
  '4138': 'Petición vacía en el XML o encoding incorrecto.',
} as const;

export type AeatErrorCode = keyof typeof AEAT_ERROR_TEXTS;

/**
 * The codes of errores.properties' third list: the AEAT records the registro and answers
 * AceptadoConErrores ("posteriormente deben ser subsanados"). Every other record code refuses it.
 */
export const ACCEPTED_WITH_ERRORS: ReadonlySet<AeatErrorCode> = new Set<AeatErrorCode>([
  '2000',
  '2001',
  '2002',
  '2003',
  '2004',
  '2005',
  '2006',
  '2007',
  '2008',
]);

/** 2004's margin: the AEAT's clock against FechaHoraHusoGenRegistro, either way. */
export const GENERATION_TIME_MARGIN_MS = 240_000;
/** §15.7, §15.8, §16, §17: amounts may be off by ±10.00 € (in cents). */
export const AMOUNT_MARGIN_CENTS = 1000n;
/** §15.8: a simplified invoice (F2) adds up to at most 3,000.00 € (in cents), plus the margin. */
export const SIMPLIFIED_LIMIT_CENTS = 300_000n;

// ---------------------------------------------------------------------------------------------------
// What the AEAT reads from one RegistroFactura

export type RecipientFacts = {
  name: string;
  nif?: string;
  other?: { countryCode?: string; idType: string; id: string };
};

export type BreakdownFacts = {
  /** Impuesto: absent is read as 01 (IVA). */
  tax?: string;
  regime?: string;
  qualification?: string;
  exemption?: string;
  rate?: string;
  base: string;
  vat?: string;
  /** BaseImponibleACoste. */
  costBase?: string;
  surchargeRate?: string;
  surchargeVat?: string;
};

type CommonFacts = {
  invoice: InvoiceId;
  previous: ChainLink | null;
  system: { nif?: string; systemId: string; systemName: string };
  generatedAt: string;
  huella: string;
  previousRejection?: string;
};

export type AltaFacts = CommonFacts & {
  kind: 'alta';
  type: string;
  correction?: string;
  rectificationKind?: string;
  corrects: InvoiceId[];
  replaces: InvoiceId[];
  /** ImporteRectificacion was sent. */
  rectificationAmount: boolean;
  operationDate?: string;
  withoutRecipientArt61d?: string;
  agreementNumber?: string;
  /** Destinatarios/IDDestinatario, none when the block is absent. */
  recipients: RecipientFacts[];
  breakdown: BreakdownFacts[];
  vatTotal: string;
  total: string;
};

export type AnulacionFacts = CommonFacts & { kind: 'anulacion'; withoutPreviousRecord?: string };

export type RecordFacts = AltaFacts | AnulacionFacts;

export type SubmissionFacts = {
  issuer: { name: string; nif: string };
  /** Cabecera/RemisionVoluntaria/Incidencia = S: records sent late for a technical problem. */
  incident: boolean;
  records: RecordFacts[];
};

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  // Values as sent: a blank at either end of NumSerieFactura is an error of its own (1104); the hash
  // input trims as the AEAT's spec says.
  trimValues: false,
  isArray: (name) =>
    ['RegistroFactura', 'IDFacturaRectificada', 'IDFacturaSustituida', 'IDDestinatario', 'DetalleDesglose'].includes(
      name,
    ),
});

type Node = Record<string, unknown>;
const node = (parent: unknown, name: string): Node | undefined =>
  parent && typeof parent === 'object' ? ((parent as Node)[name] as Node | undefined) : undefined;
const list = (parent: unknown, name: string): Node[] => (node(parent, name) as unknown as Node[] | undefined) ?? [];
function str(parent: unknown, name: string): string | undefined {
  const value = node(parent, name) as unknown;
  return value === undefined ? undefined : typeof value === 'string' ? value : '';
}

function invoiceIdOf(parent: unknown, suffix = ''): InvoiceId {
  return {
    issuerNif: str(parent, `IDEmisorFactura${suffix}`) ?? '',
    seriesNumber: str(parent, `NumSerieFactura${suffix}`) ?? '',
    issueDate: str(parent, `FechaExpedicionFactura${suffix}`) ?? '',
  };
}

function recipientOf(n: Node): RecipientFacts {
  const other = node(n, 'IDOtro');
  const countryCode = str(other, 'CodigoPais');
  return {
    name: str(n, 'NombreRazon') ?? '',
    ...(str(n, 'NIF') !== undefined ? { nif: str(n, 'NIF') } : {}),
    ...(other
      ? {
          other: {
            ...(countryCode !== undefined ? { countryCode } : {}),
            idType: str(other, 'IDType') ?? '',
            id: str(other, 'ID') ?? '',
          },
        }
      : {}),
  };
}

function breakdownOf(n: Node): BreakdownFacts {
  const optional = (key: keyof BreakdownFacts, name: string) => {
    const value = str(n, name);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    base: str(n, 'BaseImponibleOimporteNoSujeto') ?? '',
    ...optional('tax', 'Impuesto'),
    ...optional('regime', 'ClaveRegimen'),
    ...optional('qualification', 'CalificacionOperacion'),
    ...optional('exemption', 'OperacionExenta'),
    ...optional('rate', 'TipoImpositivo'),
    ...optional('vat', 'CuotaRepercutida'),
    ...optional('costBase', 'BaseImponibleACoste'),
    ...optional('surchargeRate', 'TipoRecargoEquivalencia'),
    ...optional('surchargeVat', 'CuotaRecargoEquivalencia'),
  };
}

function recordFacts(registroFactura: unknown): RecordFacts {
  const altaNode = node(registroFactura, 'RegistroAlta');
  const rec = altaNode ?? node(registroFactura, 'RegistroAnulacion')!;
  const anterior = node(node(rec, 'Encadenamiento'), 'RegistroAnterior');
  const system = node(rec, 'SistemaInformatico');
  const common: CommonFacts = {
    invoice: altaNode ? invoiceIdOf(node(rec, 'IDFactura')) : invoiceIdOf(node(rec, 'IDFactura'), 'Anulada'),
    previous: anterior ? { ...invoiceIdOf(anterior), huella: str(anterior, 'Huella') ?? '' } : null,
    system: {
      ...(str(system, 'NIF') !== undefined ? { nif: str(system, 'NIF') } : {}),
      systemId: str(system, 'IdSistemaInformatico') ?? '',
      systemName: str(system, 'NombreSistemaInformatico') ?? '',
    },
    generatedAt: str(rec, 'FechaHoraHusoGenRegistro') ?? '',
    huella: str(rec, 'Huella') ?? '',
    ...(str(rec, 'RechazoPrevio') !== undefined ? { previousRejection: str(rec, 'RechazoPrevio') } : {}),
  };
  if (!altaNode) {
    const without = str(rec, 'SinRegistroPrevio');
    return { kind: 'anulacion', ...common, ...(without !== undefined ? { withoutPreviousRecord: without } : {}) };
  }
  const optional = (key: keyof AltaFacts, name: string) => {
    const value = str(rec, name);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    kind: 'alta',
    ...common,
    type: str(rec, 'TipoFactura') ?? '',
    ...optional('correction', 'Subsanacion'),
    ...optional('rectificationKind', 'TipoRectificativa'),
    ...optional('operationDate', 'FechaOperacion'),
    ...optional('withoutRecipientArt61d', 'FacturaSinIdentifDestinatarioArt61d'),
    ...optional('agreementNumber', 'NumRegistroAcuerdoFacturacion'),
    corrects: list(node(rec, 'FacturasRectificadas'), 'IDFacturaRectificada').map((n) => invoiceIdOf(n)),
    replaces: list(node(rec, 'FacturasSustituidas'), 'IDFacturaSustituida').map((n) => invoiceIdOf(n)),
    rectificationAmount: node(rec, 'ImporteRectificacion') !== undefined,
    recipients: list(node(rec, 'Destinatarios'), 'IDDestinatario').map(recipientOf),
    breakdown: list(node(rec, 'Desglose'), 'DetalleDesglose').map(breakdownOf),
    vatTotal: str(rec, 'CuotaTotal') ?? '',
    total: str(rec, 'ImporteTotal') ?? '',
  } as AltaFacts;
}

/**
 * What the AEAT reads from a RegFactuSistemaFacturacion request already valid against the schema:
 * the Cabecera and each record's facts. Null when the document is not that request.
 */
export function submissionFacts(xml: string): SubmissionFacts | null {
  const doc = parser.parse(xml) as Node;
  const request = node(node(node(doc, 'Envelope'), 'Body'), 'RegFactuSistemaFacturacion');
  if (!request) return null;
  const cabecera = node(request, 'Cabecera');
  const obligado = node(cabecera, 'ObligadoEmision');
  return {
    issuer: { name: str(obligado, 'NombreRazon') ?? '', nif: str(obligado, 'NIF') ?? '' },
    incident: str(node(cabecera, 'RemisionVoluntaria'), 'Incidencia') === 'S',
    records: list(request, 'RegistroFactura').map(recordFacts),
  };
}

// ---------------------------------------------------------------------------------------------------
// What the AEAT knows when it judges a record

/** A registro de alta the AEAT holds, by invoice. */
export type HeldRecord = {
  status: 'Correcta' | 'AceptadaConErrores' | 'Anulada';
  huella: string;
  /** IdPeticion of the submission that recorded it, answered in RegistroDuplicado. */
  requestId: string;
  errorCode: string | null;
};

export type RuleContext = {
  /** The AEAT's clock. */
  now: Date;
  /** Cabecera/ObligadoEmision/NIF. */
  headerNif: string;
  /** Cabecera/RemisionVoluntaria/Incidencia = S. */
  incident: boolean;
  /** The last record the AEAT received from this issuer (its chain), null before the first. */
  last: ChainLink | null;
  /** What the AEAT holds for the record's invoice, if anything. */
  held: HeldRecord | undefined;
};

// ---------------------------------------------------------------------------------------------------
// Reading values as the AEAT does

const RECTIFYING = new Set(['R1', 'R2', 'R3', 'R4', 'R5']);
const NEEDS_RECIPIENT = new Set(['F1', 'F3', 'R1', 'R2', 'R3', 'R4']);
const NO_RECIPIENT = new Set(['F2', 'R5']);
/** TipoImpositivo values admitted for IVA (§15.1), in hundredths of a percent. */
const IVA_RATES = new Set([0n, 200n, 400n, 500n, 750n, 1000n, 2100n]);
const HUSO = /(Z|[+-]\d{2}:\d{2})$/;
const ALPHANUMERIC = /^[0-9A-Za-z]*$/;
const UPPER_HEX = /^[0-9A-F]*$/;

/** An amount or a rate as the schema writes it ("12.3", "-0.50", "+7.") in hundredths; null if not one. */
export function hundredths(value: string | undefined): bigint | null {
  const match = value === undefined ? null : /^([+-])?(\d+)(?:\.(\d{0,2}))?$/.exec(value.trim());
  if (!match) return null;
  const amount = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -amount : amount;
}

const abs = (n: bigint) => (n < 0n ? -n : n);
const sum = (values: (bigint | null)[]) => values.reduce<bigint>((total, v) => total + (v ?? 0n), 0n);

/** A dd-mm-yyyy date as yyyymmdd, null when it is not a calendar date. */
function dayNumber(date: string): number | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(date);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return year * 10_000 + month * 100 + day;
}

const today = (ctx: RuleContext) => dayNumber(aeatDate(ctx.now))!;
/** FechaOperacion, or FechaExpedicionFactura when there is none: the date a rate is judged by. */
const operationDay = (r: AltaFacts) => dayNumber(r.operationDate ?? r.invoice.issueDate);
const isIva = (line: BreakdownFacts) => line.tax === undefined || line.tax === '' || line.tax === '01';
const isIvaOrIgic = (line: BreakdownFacts) => isIva(line) || line.tax === '03';
/** A line under ClaveRegimen `regime` of IVA or IGIC, the taxes the regime rules (§15.6) speak of. */
const under = (line: BreakdownFacts, regime: string) => isIvaOrIgic(line) && line.regime === regime;
/** §7: an operation after the invoice (or in the future) only under ClaveRegimen 14 or 15. */
const deferredOperation = (r: AltaFacts) => r.breakdown.some((l) => under(l, '14') || under(l, '15'));
/** §15.7: CuotaRepercutida is not checked against the base on rectifying invoices by differences, R2, R3. */
const vatCheckedAgainstBase = (r: AltaFacts) => r.rectificationKind !== 'I' && r.type !== 'R2' && r.type !== 'R3';

function expectedHuella(r: RecordFacts): string {
  return huella(
    r.kind === 'alta'
      ? issueRecordHashInput({
          invoice: r.invoice,
          type: r.type as InvoiceType,
          vatTotal: r.vatTotal,
          total: r.total,
          previous: r.previous,
          generatedAt: r.generatedAt,
        })
      : cancellationRecordHashInput({ invoice: r.invoice, previous: r.previous, generatedAt: r.generatedAt }),
  );
}

const idKey = (id: InvoiceId): string => `${id.issuerNif}\u0000${id.seriesNumber}\u0000${id.issueDate}`;
const sameLink = (a: ChainLink, b: ChainLink): boolean => idKey(a) === idKey(b) && a.huella === b.huella;

/** An alta that must be new to the AEAT: a plain alta, or an "alta por rechazo" (Subsanacion S, RechazoPrevio X). */
const mustBeNew = (r: AltaFacts) => r.correction !== 'S' || r.previousRejection === 'X';

/** A Spanish NIF our checker cannot read at all (1123) or whose check character is wrong (no census holds it). */
function nifProblem(nif: string): 'format' | 'checkDigit' | null {
  const checked = validateTaxId(nif);
  if (checked.ok) return checked.countryCode === 'ES' && checked.normalised === nif ? null : 'format';
  return checked.reason;
}

// ---------------------------------------------------------------------------------------------------
// The rules

export type AeatRule = {
  code: AeatErrorCode;
  /** The records it applies to. */
  applies: 'alta' | 'anulacion' | 'both';
  /** What it checks, in a line ("Validaciones y errores" section where there is one). */
  what: string;
  /** True when the record breaks it. */
  broken: (record: never, ctx: RuleContext) => boolean;
};

function alta(code: AeatErrorCode, what: string, broken: (r: AltaFacts, ctx: RuleContext) => boolean): AeatRule {
  return { code, applies: 'alta', what, broken: broken as AeatRule['broken'] };
}
function anulacion(
  code: AeatErrorCode,
  what: string,
  broken: (r: AnulacionFacts, ctx: RuleContext) => boolean,
): AeatRule {
  return { code, applies: 'anulacion', what, broken: broken as AeatRule['broken'] };
}
function both(code: AeatErrorCode, what: string, broken: (r: RecordFacts, ctx: RuleContext) => boolean): AeatRule {
  return { code, applies: 'both', what, broken: broken as AeatRule['broken'] };
}
const lines = (r: AltaFacts, broken: (line: BreakdownFacts) => boolean) => r.breakdown.some(broken);

/**
 * The rules, in the order the AEAT's document lists them: what identifies the invoice, the kind of
 * invoice, its recipients, its breakdown, the system, the chain and the records the AEAT holds.
 * Rejections and warnings share the table; a record's answer is its first rejection, else its first
 * warning (judgeRecord).
 */
export const AEAT_RULES: readonly AeatRule[] = [
  both(
    '1108',
    '§1 IDEmisorFactura is the Cabecera’s ObligadoEmision',
    (r, ctx) => r.invoice.issuerNif !== ctx.headerNif,
  ),
  both('1105', '§1 FechaExpedicionFactura is a calendar date', (r) => dayNumber(r.invoice.issueDate) === null),
  alta(
    '1112',
    '§1 FechaExpedicionFactura is not after today (Madrid)',
    (r, ctx) => dayNumber(r.invoice.issueDate)! > today(ctx),
  ),
  alta('1152', '§1 FechaExpedicionFactura is not before 28-10-2024', (r) => dayNumber(r.invoice.issueDate)! < 20241028),
  alta(
    '1133',
    '§1 FechaExpedicionFactura is not older than twenty years',
    (r, ctx) => dayNumber(r.invoice.issueDate)! < today(ctx) - 200_000,
  ),
  // The AEAT's texts for 1104, 1130 and 1287 do not say which characters each covers; these are the
  // readings others report from the test service (blanks at the ends, non-printable-ASCII, markup).
  both(
    '1104',
    '§1 NumSerieFactura has no blanks at its ends',
    (r) => r.invoice.seriesNumber !== r.invoice.seriesNumber.trim(),
  ),
  both('1287', '§1 NumSerieFactura has none of < > " \' =', (r) => /[<>"'=]/.test(r.invoice.seriesNumber)),
  both('1130', '§1 NumSerieFactura is printable ASCII (32–126)', (r) => !/^[\x20-\x7E]+$/.test(r.invoice.seriesNumber)),
  alta(
    '1153',
    '§2 RechazoPrevio X only with Subsanacion S',
    (r) => r.previousRejection === 'X' && r.correction !== 'S',
  ),
  alta(
    '1161',
    '§2 RechazoPrevio S only with Subsanacion S',
    (r) => r.previousRejection === 'S' && r.correction !== 'S',
  ),
  alta(
    '1114',
    '§3 a rectifying invoice (R1–R5) has TipoRectificativa',
    (r) => RECTIFYING.has(r.type) && !r.rectificationKind,
  ),
  alta(
    '1115',
    '§3 only a rectifying invoice has TipoRectificativa',
    (r) => !RECTIFYING.has(r.type) && !!r.rectificationKind,
  ),
  alta(
    '1117',
    '§4 only a rectifying invoice has FacturasRectificadas',
    (r) => !RECTIFYING.has(r.type) && r.corrects.length > 0,
  ),
  alta('1116', '§5 only an F3 has FacturasSustituidas', (r) => r.type !== 'F3' && r.replaces.length > 0),
  alta(
    '1118',
    '§6 TipoRectificativa S has ImporteRectificacion',
    (r) => r.rectificationKind === 'S' && !r.rectificationAmount,
  ),
  alta(
    '1119',
    '§6 only TipoRectificativa S has ImporteRectificacion',
    (r) => r.rectificationKind !== 'S' && r.rectificationAmount,
  ),
  alta('1173', '§7 FechaOperacion after today only under ClaveRegimen 14 or 15', (r, ctx) => {
    const day = r.operationDate === undefined ? null : dayNumber(r.operationDate);
    return day !== null && day > today(ctx) && !deferredOperation(r);
  }),
  alta('1146', '§7 FechaOperacion after FechaExpedicionFactura only under ClaveRegimen 14 or 15', (r) => {
    const day = r.operationDate === undefined ? null : dayNumber(r.operationDate);
    return day !== null && day > dayNumber(r.invoice.issueDate)! && !deferredOperation(r);
  }),
  alta(
    '1185',
    '§9 FacturaSinIdentifDestinatarioArt61d S only on an F2 or R5',
    (r) => r.withoutRecipientArt61d === 'S' && !NO_RECIPIENT.has(r.type),
  ),
  alta(
    '1189',
    '§13 F1, F3, R1–R4 name their recipients',
    (r) => NEEDS_RECIPIENT.has(r.type) && r.recipients.length === 0,
  ),
  alta('1190', '§13 F2 and R5 name no recipient', (r) => NO_RECIPIENT.has(r.type) && r.recipients.length > 0),
  alta('1111', '§13 IDOtro has CodigoPais unless IDType is 02', (r) =>
    r.recipients.some((p) => p.other && p.other.idType !== '02' && !p.other.countryCode),
  ),
  alta('1126', '§13 IDOtro with CodigoPais ES only for IDType 03 or 07', (r) =>
    r.recipients.some((p) => p.other?.countryCode === 'ES' && !['03', '07'].includes(p.other.idType)),
  ),
  alta('1123', '§13 a recipient’s NIF is well formed', (r) =>
    r.recipients.some((p) => p.nif !== undefined && nifProblem(p.nif) === 'format'),
  ),
  alta('1245', '§15.6 an IVA line has ClaveRegimen', (r) => lines(r, (l) => isIva(l) && !l.regime)),
  alta('1257', '§15.2 BaseImponibleACoste only under ClaveRegimen 06 or for IPSI (02) and other taxes (05)', (r) =>
    lines(r, (l) => l.costBase !== undefined && l.regime !== '06' && l.tax !== '02' && l.tax !== '05'),
  ),
  alta('1199', '§15.5 no exemption E2 or E3 under ClaveRegimen 01', (r) =>
    lines(r, (l) => under(l, '01') && (l.exemption === 'E2' || l.exemption === 'E3')),
  ),
  alta('1286', '§15.6.1 under ClaveRegimen 02 (exports) only exempt lines', (r) =>
    lines(r, (l) => under(l, '02') && !l.exemption),
  ),
  alta('1200', '§15.6.2 under ClaveRegimen 03 (REBU) only S1', (r) =>
    lines(r, (l) => under(l, '03') && l.qualification !== undefined && l.qualification !== 'S1'),
  ),
  alta('1201', '§15.6.3 under ClaveRegimen 04 (investment gold) only S2 or exempt', (r) =>
    lines(r, (l) => under(l, '04') && l.qualification !== undefined && l.qualification !== 'S2'),
  ),
  alta('1202', '§15.6.4 ClaveRegimen 06 not on F2, F3, R5, and with BaseImponibleACoste', (r) =>
    lines(r, (l) => under(l, '06') && (['F2', 'F3', 'R5'].includes(r.type) || l.costBase === undefined)),
  ),
  alta('1203', '§15.6.5 under ClaveRegimen 07 (cash basis) no S2, N1, N2, E2–E5', (r) =>
    lines(
      r,
      (l) =>
        under(l, '07') &&
        (['S2', 'N1', 'N2'].includes(l.qualification ?? '') || ['E2', 'E3', 'E4', 'E5'].includes(l.exemption ?? '')),
    ),
  ),
  alta('1252', '§15.6.6 under ClaveRegimen 08 only N2', (r) =>
    lines(r, (l) => under(l, '08') && l.qualification !== 'N2'),
  ),
  alta('1205', '§15.6.7 ClaveRegimen 10: N1, an F1, recipients by NIF', (r) =>
    lines(
      r,
      (l) =>
        under(l, '10') &&
        (l.qualification !== 'N1' ||
          r.type !== 'F1' ||
          r.recipients.length === 0 ||
          r.recipients.some((p) => p.nif === undefined)),
    ),
  ),
  alta('1206', '§15.6.8 under ClaveRegimen 11 (business premises rental) only 21 %', (r) =>
    lines(r, (l) => isIva(l) && l.regime === '11' && hundredths(l.rate) !== 2100n),
  ),
  alta('1147', '§15.6.9 ClaveRegimen 14: FechaOperacion, after FechaExpedicionFactura', (r) =>
    lines(r, (l) => {
      const day = r.operationDate === undefined ? null : dayNumber(r.operationDate);
      return under(l, '14') && (day === null || day <= dayNumber(r.invoice.issueDate)!);
    }),
  ),
  alta('1148', '§15.6.9 ClaveRegimen 14 only on F1, R1–R4', (r) =>
    lines(r, (l) => under(l, '14') && !['F1', 'R1', 'R2', 'R3', 'R4'].includes(r.type)),
  ),
  alta('1149', '§15.6.9 ClaveRegimen 14: recipients by a NIF starting P, Q, S or V', (r) =>
    lines(r, (l) => under(l, '14') && r.recipients.some((p) => !/^[PQSV]/.test(p.nif ?? ''))),
  ),
  alta('1208', '§15.1 an S1 line has TipoImpositivo and CuotaRepercutida', (r) =>
    lines(r, (l) => l.qualification === 'S1' && (l.rate === undefined || l.vat === undefined)),
  ),
  alta('1124', '§15.1 an IVA S1 line’s TipoImpositivo is 0, 2, 4, 5, 7.5, 10 or 21', (r) =>
    lines(
      r,
      (l) => isIva(l) && l.qualification === 'S1' && l.rate !== undefined && !IVA_RATES.has(hundredths(l.rate) ?? -1n),
    ),
  ),
  alta('1194', '§15.1 5 % only from 01-07-2022 to 30-09-2024', (r) =>
    lines(r, (l) => {
      const day = operationDay(r);
      const outside = day === null || day < 20220701 || day > 20240930;
      return isIva(l) && l.qualification === 'S1' && hundredths(l.rate) === 500n && outside;
    }),
  ),
  alta('1235', '§15.1 2 % and 7.5 % only from 01-10-2024 to 31-12-2024', (r) =>
    lines(r, (l) => {
      const day = operationDay(r);
      const rate = hundredths(l.rate);
      const outside = day === null || day < 20241001 || day > 20241231;
      return isIva(l) && l.qualification === 'S1' && (rate === 200n || rate === 750n) && outside;
    }),
  ),
  alta('1197', '§15.4 S2 (reverse charge) only on F1, F3, R1–R4', (r) =>
    lines(r, (l) => l.qualification === 'S2' && !NEEDS_RECIPIENT.has(r.type)),
  ),
  alta('1198', '§15.4 an S2 line has TipoImpositivo and CuotaRepercutida 0', (r) =>
    lines(r, (l) => l.qualification === 'S2' && (hundredths(l.rate) !== 0n || hundredths(l.vat) !== 0n)),
  ),
  alta('1237', '§15.4 an N1/N2 IVA line has no rate or VAT', (r) =>
    lines(
      r,
      (l) =>
        isIva(l) &&
        (l.qualification === 'N1' || l.qualification === 'N2') &&
        [l.rate, l.vat, l.surchargeRate, l.surchargeVat].some((v) => v !== undefined),
    ),
  ),
  alta('1238', '§15.5 an exempt line has no rate or VAT', (r) =>
    lines(r, (l) => !!l.exemption && [l.rate, l.vat, l.surchargeRate, l.surchargeVat].some((v) => v !== undefined)),
  ),
  alta('1207', '§15.7 CuotaRepercutida other than 0 only on S1 lines', (r) =>
    lines(r, (l) => l.qualification !== 'S1' && l.vat !== undefined && hundredths(l.vat) !== 0n),
  ),
  alta(
    '1143',
    '§15.7 CuotaRepercutida has the sign of the base',
    (r) =>
      vatCheckedAgainstBase(r) &&
      lines(r, (l) => {
        const [vat, base] = [hundredths(l.vat) ?? 0n, hundredths(l.base) ?? 0n];
        return l.qualification === 'S1' && vat !== 0n && base !== 0n && vat < 0n !== base < 0n;
      }),
  ),
  alta(
    '1142',
    '§15.7 CuotaRepercutida = base × TipoImpositivo / 100, ±10.00 €',
    (r) =>
      vatCheckedAgainstBase(r) &&
      lines(r, (l) => {
        if (l.qualification !== 'S1' || l.rate === undefined || l.vat === undefined) return false;
        const [vat, base, rate] = [hundredths(l.vat) ?? 0n, hundredths(l.base) ?? 0n, hundredths(l.rate) ?? 0n];
        // In cents × 10,000: vat × 100 × 100 against base × rate (rate in hundredths of a percent).
        return abs(vat * 10_000n - base * rate) > AMOUNT_MARGIN_CENTS * 10_000n;
      }),
  ),
  alta(
    '1150',
    '§15.8 an F2 adds up to at most 3,000.00 € (+10.00 €)',
    (r) =>
      r.type === 'F2' &&
      r.agreementNumber === undefined &&
      r.withoutRecipientArt61d !== 'S' &&
      sum(r.breakdown.flatMap((l) => [hundredths(l.base), hundredths(l.vat)])) >
        SIMPLIFIED_LIMIT_CENTS + AMOUNT_MARGIN_CENTS,
  ),
  both(
    '1176',
    '§19 SistemaInformatico’s NIF is a NIF',
    (r) => r.system.nif !== undefined && nifProblem(r.system.nif) !== null,
  ),
  both(
    '1177',
    '§19 IdSistemaInformatico is two capital letters (no Ñ) or digits',
    (r) => !/^[A-Z0-9]{2}$/.test(r.system.systemId),
  ),
  both('1220', '§19 NombreSistemaInformatico has content', (r) => r.system.systemName.trim() === ''),
  both('1244', '§20 FechaHoraHusoGenRegistro carries its offset', (r) => !HUSO.test(r.generatedAt)),
  both('1262', '§23 the huella is 64 characters', (r) => r.huella.length !== 64),
  both('1292', '§23 the huella is alphanumeric', (r) => !ALPHANUMERIC.test(r.huella)),
  both('1291', '§18 the previous huella is alphanumeric', (r) => !!r.previous && !ALPHANUMERIC.test(r.previous.huella)),
  both(
    '1174',
    'RegistroAnterior’s FechaExpedicionFactura is a calendar date',
    (r) => !!r.previous && dayNumber(r.previous.issueDate) === null,
  ),
  // The AEAT's "operativa" (SuministroInformacion.xsd, RechazoPrevioType): a plain alta and an "alta
  // por rechazo" must be new to the AEAT; a subsanación must correct a record the AEAT holds.
  alta('3000', 'a new alta is not one the AEAT holds', (r, ctx) => mustBeNew(r) && ctx.held !== undefined),
  alta('3002', 'a subsanación corrects a record the AEAT holds', (r, ctx) => !mustBeNew(r) && ctx.held === undefined),
  alta(
    '3001',
    'a subsanación corrects a record not cancelled',
    (r, ctx) => !mustBeNew(r) && ctx.held?.status === 'Anulada',
  ),
  anulacion(
    '3002',
    'an anulación cancels a record the AEAT holds (unless SinRegistroPrevio S)',
    (r, ctx) => ctx.held === undefined && r.withoutPreviousRecord !== 'S',
  ),
  anulacion('3001', 'an anulación cancels a record not cancelled yet', (r, ctx) => ctx.held?.status === 'Anulada'),
  // The sandbox's own: the AEAT does not document its answer to a link that names another record than
  // the issuer's last; refusing it (with the code of a badly filled RegistroAnterior) makes a fork loud.
  both(
    '1269',
    'RegistroAnterior names the record the issuer sent last (sandbox)',
    (r, ctx) => !!r.previous && !!ctx.last && !sameLink(r.previous, ctx.last),
  ),

  // Warnings: the AEAT records the registro and answers AceptadoConErrores.
  alta('2001', '§13 a recipient’s NIF is in the census (one with a wrong check character cannot be)', (r) =>
    r.recipients.some((p) => p.nif !== undefined && nifProblem(p.nif) === 'checkDigit'),
  ),
  alta(
    '2006',
    '§16 CuotaTotal = Σ CuotaRepercutida + CuotaRecargoEquivalencia, ±10.00 €',
    (r) =>
      abs(
        (hundredths(r.vatTotal) ?? 0n) -
          sum(r.breakdown.flatMap((l) => [hundredths(l.vat), hundredths(l.surchargeVat)])),
      ) > AMOUNT_MARGIN_CENTS,
  ),
  alta(
    '2005',
    '§17 ImporteTotal = Σ base + cuotas, ±10.00 € (not for ClaveRegimen 03, 05, 06, 08, 09)',
    (r) =>
      !r.breakdown.some((l) => ['03', '05', '06', '08', '09'].includes(l.regime ?? '')) &&
      abs(
        (hundredths(r.total) ?? 0n) -
          sum(r.breakdown.flatMap((l) => [hundredths(l.base), hundredths(l.vat), hundredths(l.surchargeVat)])),
      ) > AMOUNT_MARGIN_CENTS,
  ),
  both('2002', '§18 the previous huella is 64 characters', (r) => !!r.previous && r.previous.huella.length !== 64),
  both(
    '2003',
    '§18 the previous huella is upper-case hexadecimal',
    (r) => !!r.previous && !UPPER_HEX.test(r.previous.huella),
  ),
  both('2008', 'the previous huella is not the record’s own', (r) => !!r.previous && r.previous.huella === r.huella),
  both('2007', 'PrimerRegistro only on the issuer’s first record', (r, ctx) => !r.previous && ctx.last !== null),
  both('2004', '§20 FechaHoraHusoGenRegistro is the AEAT’s now ±240 s (late is excused by Incidencia S)', (r, ctx) => {
    const generated = Date.parse(r.generatedAt);
    const drift = generated - ctx.now.getTime();
    return drift > GENERATION_TIME_MARGIN_MS || (drift < -GENERATION_TIME_MARGIN_MS && !ctx.incident);
  }),
  // The spec writes the huella in upper-case hex; the AEAT compares the text, so case counts.
  both('2000', '§23 the huella is the one the record’s own fields give', (r) => r.huella !== expectedHuella(r)),
];

/** The code the AEAT answers a record with: its first rejection, else its first warning; null when Correcto. */
export function judgeRecord(record: RecordFacts, ctx: RuleContext): AeatErrorCode | null {
  let warning: AeatErrorCode | null = null;
  for (const rule of AEAT_RULES) {
    if (rule.applies !== 'both' && rule.applies !== record.kind) continue;
    if (ACCEPTED_WITH_ERRORS.has(rule.code) && warning !== null) continue;
    if (!(rule.broken as (r: RecordFacts, c: RuleContext) => boolean)(record, ctx)) continue;
    if (!ACCEPTED_WITH_ERRORS.has(rule.code)) return rule.code;
    warning = rule.code;
  }
  return warning;
}
