import { randomInt } from 'node:crypto';

import { XMLParser, XMLValidator } from 'fast-xml-parser';

import { madridTimestamp } from './amounts';
import { cancellationRecordHashInput, huella, issueRecordHashInput } from './huella';
import { escapeXml, MAX_RECORDS_PER_BATCH, NAMESPACES } from './record-xml';
import type { ChainLink, InvoiceId, InvoiceType, RecordStatus, SubmissionAnswer } from './types';
import { validateAgainstAeatSchema } from './xsd';

/**
 * A local AEAT for VERI*FACTU, as src/payments/sandbox.ts is a local Redsys: it takes the same SOAP
 * request the real service takes and answers the way the real service answers, so the sender, the
 * answer parser and the records' states run the real code path without a certificate or a network.
 *
 * What it checks, in the AEAT's order, with the AEAT's codes and texts (errores.properties):
 * - the whole batch: not XML (4103), empty (4138), over 1,000 records (4114), not the schema
 *   (4102, with the element the schema expected) — a SOAP fault, nothing recorded;
 * - each record: issuer other than the Cabecera's (1108), a series number the AEAT refuses (1104,
 *   1130, 1287), RechazoPrevio without Subsanacion
 *   (1153, 1161), FechaHoraHusoGenRegistro without its offset (1244), malformed huellas (1262, 1291,
 *   1292, 2002), a duplicate (3000, with RegistroDuplicado), a correction or an anulación of a record
 *   it does not hold (3002) or holds as cancelled (3001), PrimerRegistro when the chain has records
 *   (2007), and the huella recomputed from the record's own fields (2000).
 * One check is the sandbox's own: RegistroAnterior must name the record this issuer sent last
 * (1269, "El bloque Registro Anterior no esta informado correctamente"). The AEAT's answer to a link
 * that names another record is not documented; refusing it here makes a broken chain loud.
 *
 * The chain follows every record the issuer sent, accepted or not, as the issuer's own chain does (a
 * refused record stays in the SIF's chain; its correction comes after it). An exact re-send of a
 * record already held (same huella: a retry after a lost answer) is a duplicate and does not move it.
 */

/** The texts the AEAT answers with (errores.properties, tikeV1.0), for the codes the sandbox uses. */
export const AEAT_ERROR_TEXTS = {
  '1104': 'El valor del campo NumSerieFactura es incorrecto.',
  '1108': 'El NIF del IDEmisorFactura debe ser el mismo que el NIF del ObligadoEmision.',
  '1130': 'El campo NumSerieFactura contiene caracteres no permitidos.',
  '1153':
    'Valor del campo RechazoPrevio no válido, solo podrá incluirse el campo RechazoPrevio con valor X si se ha informado el campo Subsanacion y tiene el valor S.',
  '1161':
    'El valor del campo RechazoPrevio no es válido, no podrá incluirse el campo RechazoPrevio con valor S si no se ha informado del campo Subsanacion o tiene el valor N.',
  '1244': 'El campo FechaHoraHusoGenRegistro tiene un formato incorrecto.',
  '1262': 'La longitud de huella no cumple con las especificaciones.',
  '1269': 'El bloque Registro Anterior no esta informado correctamente.',
  '1287': 'El valor del campo NumSerieFactura contiene carácteres no validos (<, >, ", \', =).',
  '1291': 'El HASH del Registro anterior no es alfanumérico.',
  '1292': 'El HASH no es alfanumérico.',
  '2000': 'El cálculo de la huella suministrada es incorrecta.',
  '2002': 'La longitud de huella del registro anterior no cumple con las especificaciones.',
  '2007':
    'No debe informarse como primer registro, existen facturas emitidas con el obligado emisión y el sistema informático actual.',
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

/** The default TiempoEsperaEnvio, in seconds, as the AEAT answers it. */
export const DEFAULT_WAIT_SECONDS = 60;

type HeldStatus = 'Correcta' | 'AceptadaConErrores' | 'Anulada';

type HeldRecord = {
  status: HeldStatus;
  huella: string;
  /** IdPeticion of the submission that recorded it, answered in RegistroDuplicado. */
  requestId: string;
  errorCode: string | null;
};

type IssuerBook = {
  /** The last record this issuer sent (its chain), null before the first. */
  last: ChainLink | null;
  /** Altas held, by invoice id. */
  held: Map<string, HeldRecord>;
  lastSubmissionAt: number | null;
};

export type FlowControlViolation = { issuerNif: string; at: string; secondsEarly: number; records: number };

export type AeatSandboxState = {
  /** TiempoEsperaEnvio answered, in seconds. */
  waitSeconds: number;
  now: () => Date;
  newCsv: () => string;
  issuers: Map<string, IssuerBook>;
  submissions: number;
  /**
   * Submissions that came before TiempoEsperaEnvio had passed with fewer than 1,000 records pending.
   * The AEAT does not refuse them in what is documented; the sandbox notes them so tests of the sender
   * can check it keeps the rule.
   */
  flowControlViolations: FlowControlViolation[];
};

const CSV_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A CSV shaped like the AEAT's (e.g. "A-YDSW8NLFLANWPM"). */
function randomCsv(): string {
  let csv = 'A-';
  for (let i = 0; i < 14; i++) csv += CSV_ALPHABET[randomInt(CSV_ALPHABET.length)];
  return csv;
}

export function createAeatSandboxState(
  options: { waitSeconds?: number; now?: () => Date; newCsv?: () => string } = {},
): AeatSandboxState {
  return {
    waitSeconds: options.waitSeconds ?? DEFAULT_WAIT_SECONDS,
    now: options.now ?? (() => new Date()),
    newCsv: options.newCsv ?? randomCsv,
    issuers: new Map(),
    submissions: 0,
    flowControlViolations: [],
  };
}

export type SandboxReply = {
  /** 200 for an answer, 500 for a SOAP fault (SOAP 1.1 over HTTP), 405 for a GET. */
  httpStatus: number;
  xml: string;
  /** What the answer says, for tests and logs; absent for a fault. */
  answer?: SubmissionAnswer;
};

// ---------------------------------------------------------------------------------------------------
// The answer's XML

const SOAP_OPEN = `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${NAMESPACES.soap}"><env:Header/><env:Body Id="Body">`;
const SOAP_CLOSE = '</env:Body></env:Envelope>';

function faultXml(code: AeatErrorCode, suffix = ''): string {
  return (
    SOAP_OPEN +
    '<env:Fault><faultcode>env:Client</faultcode>' +
    `<faultstring>${escapeXml(`Codigo[${code}].${AEAT_ERROR_TEXTS[code]}${suffix}`)}</faultstring>` +
    '</env:Fault>' +
    SOAP_CLOSE
  );
}

function fault(code: AeatErrorCode, suffix = '', httpStatus = 500): SandboxReply {
  return { httpStatus, xml: faultXml(code, suffix) };
}

const t = (name: string, value: string): string => `<tik:${name}>${escapeXml(value)}</tik:${name}>`;
const r = (name: string, inner: string): string => `<tikR:${name}>${inner}</tikR:${name}>`;

type Line = {
  invoice: InvoiceId;
  kind: 'alta' | 'anulacion';
  operation: { correction?: string; previousRejection?: string; withoutPreviousRecord?: string };
  status: RecordStatus;
  errorCode: string | null;
  duplicate?: HeldRecord;
};

function lineXml(line: Line): string {
  const op = line.operation;
  const operation =
    t('TipoOperacion', line.kind === 'alta' ? 'Alta' : 'Anulacion') +
    (op.correction ? t('Subsanacion', op.correction) : '') +
    (op.previousRejection ? t('RechazoPrevio', op.previousRejection) : '') +
    (op.withoutPreviousRecord ? t('SinRegistroPrevio', op.withoutPreviousRecord) : '');
  const error = line.errorCode
    ? r('CodigoErrorRegistro', line.errorCode) +
      r('DescripcionErrorRegistro', escapeXml(AEAT_ERROR_TEXTS[line.errorCode as AeatErrorCode]))
    : '';
  const duplicate = line.duplicate
    ? r(
        'RegistroDuplicado',
        t('IdPeticionRegistroDuplicado', line.duplicate.requestId) +
          t('EstadoRegistroDuplicado', line.duplicate.status) +
          (line.duplicate.errorCode
            ? t('CodigoErrorRegistro', line.duplicate.errorCode) +
              t('DescripcionErrorRegistro', AEAT_ERROR_TEXTS[line.duplicate.errorCode as AeatErrorCode])
            : ''),
      )
    : '';
  return r(
    'RespuestaLinea',
    r(
      'IDFactura',
      t('IDEmisorFactura', line.invoice.issuerNif) +
        t('NumSerieFactura', line.invoice.seriesNumber) +
        t('FechaExpedicionFactura', line.invoice.issueDate),
    ) +
      r('Operacion', operation) +
      r('EstadoRegistro', line.status) +
      error +
      duplicate,
  );
}

function answerXml(a: SubmissionAnswer, lines: Line[], issuer: { name: string; nif: string }, at: Date): string {
  return (
    SOAP_OPEN +
    `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${NAMESPACES.answer}" xmlns:tik="${NAMESPACES.info}">` +
    (a.csv ? r('CSV', a.csv) : '') +
    r('DatosPresentacion', t('NIFPresentador', issuer.nif) + t('TimestampPresentacion', madridTimestamp(at))) +
    r(
      'Cabecera',
      `<tik:ObligadoEmision>${t('NombreRazon', issuer.name)}${t('NIF', issuer.nif)}</tik:ObligadoEmision>`,
    ) +
    r('TiempoEsperaEnvio', String(a.waitSeconds)) +
    r('EstadoEnvio', a.batchStatus) +
    lines.map(lineXml).join('') +
    '</tikR:RespuestaRegFactuSistemaFacturacion>' +
    SOAP_CLOSE
  );
}

// ---------------------------------------------------------------------------------------------------
// Reading the request (already valid against the schema when these run)

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  // Values as sent: a blank at either end of NumSerieFactura is an error of its own (1104); the hash
  // input trims as the AEAT's spec says.
  trimValues: false,
  isArray: (name) => name === 'RegistroFactura',
});

type Node = Record<string, unknown>;
const node = (parent: unknown, name: string): Node | undefined =>
  parent && typeof parent === 'object' ? ((parent as Node)[name] as Node | undefined) : undefined;
function str(parent: unknown, name: string): string | undefined {
  const value = node(parent, name) as unknown;
  return value === undefined ? undefined : typeof value === 'string' ? value : '';
}

const idKey = (id: InvoiceId): string => `${id.issuerNif}\u0000${id.seriesNumber}\u0000${id.issueDate}`;
const sameLink = (a: ChainLink, b: ChainLink): boolean => idKey(a) === idKey(b) && a.huella === b.huella;
const HUSO = /(Z|[+-]\d{2}:\d{2})$/;
const ALPHANUMERIC = /^[0-9A-Za-z]*$/;

type ParsedRecord = {
  kind: 'alta' | 'anulacion';
  invoice: InvoiceId;
  type?: InvoiceType;
  vatTotal?: string;
  total?: string;
  previous: ChainLink | null;
  generatedAt: string;
  huella: string;
  correction?: string;
  previousRejection?: string;
  withoutPreviousRecord?: string;
};

function readRecord(registroFactura: unknown): ParsedRecord {
  const altaNode = node(registroFactura, 'RegistroAlta');
  const rec = altaNode ?? node(registroFactura, 'RegistroAnulacion')!;
  const id = node(rec, 'IDFactura');
  const anterior = node(node(rec, 'Encadenamiento'), 'RegistroAnterior');
  const previous: ChainLink | null = anterior
    ? {
        issuerNif: str(anterior, 'IDEmisorFactura') ?? '',
        seriesNumber: str(anterior, 'NumSerieFactura') ?? '',
        issueDate: str(anterior, 'FechaExpedicionFactura') ?? '',
        huella: str(anterior, 'Huella') ?? '',
      }
    : null;
  const common = {
    previous,
    generatedAt: str(rec, 'FechaHoraHusoGenRegistro') ?? '',
    huella: str(rec, 'Huella') ?? '',
    previousRejection: str(rec, 'RechazoPrevio'),
  };
  if (altaNode) {
    return {
      kind: 'alta',
      invoice: {
        issuerNif: str(id, 'IDEmisorFactura') ?? '',
        seriesNumber: str(id, 'NumSerieFactura') ?? '',
        issueDate: str(id, 'FechaExpedicionFactura') ?? '',
      },
      type: str(rec, 'TipoFactura') as InvoiceType,
      vatTotal: str(rec, 'CuotaTotal') ?? '',
      total: str(rec, 'ImporteTotal') ?? '',
      correction: str(rec, 'Subsanacion'),
      ...common,
    };
  }
  return {
    kind: 'anulacion',
    invoice: {
      issuerNif: str(id, 'IDEmisorFacturaAnulada') ?? '',
      seriesNumber: str(id, 'NumSerieFacturaAnulada') ?? '',
      issueDate: str(id, 'FechaExpedicionFacturaAnulada') ?? '',
    },
    withoutPreviousRecord: str(rec, 'SinRegistroPrevio'),
    ...common,
  };
}

function expectedHuella(p: ParsedRecord): string {
  return huella(
    p.kind === 'alta'
      ? issueRecordHashInput({
          invoice: p.invoice,
          type: p.type!,
          vatTotal: p.vatTotal!,
          total: p.total!,
          previous: p.previous,
          generatedAt: p.generatedAt,
        })
      : cancellationRecordHashInput({ invoice: p.invoice, previous: p.previous, generatedAt: p.generatedAt }),
  );
}

/** The first rule a record breaks, in the AEAT's order: refusals first, then what is accepted with errors. */
function judge(
  p: ParsedRecord,
  book: IssuerBook,
  headerNif: string,
): { code: AeatErrorCode | null; held?: HeldRecord } {
  if (p.invoice.issuerNif !== headerNif) return { code: '1108' };
  if (p.kind === 'alta') {
    if (p.previousRejection === 'X' && p.correction !== 'S') return { code: '1153' };
    if (p.previousRejection === 'S' && p.correction !== 'S') return { code: '1161' };
  }
  // The AEAT's texts for 1104, 1130 and 1287 do not say which characters each covers; these are the
  // readings others report from the test service (blanks at the ends, non-printable-ASCII, markup).
  const number = p.invoice.seriesNumber;
  if (number !== number.trim()) return { code: '1104' };
  if (/[<>"'=]/.test(number)) return { code: '1287' };
  if (!/^[\x20-\x7E]+$/.test(number)) return { code: '1130' };
  if (!HUSO.test(p.generatedAt)) return { code: '1244' };
  if (p.huella.length !== 64) return { code: '1262' };
  if (!ALPHANUMERIC.test(p.huella)) return { code: '1292' };
  if (p.previous && !ALPHANUMERIC.test(p.previous.huella)) return { code: '1291' };

  const held = book.held.get(idKey(p.invoice));
  if (p.kind === 'alta') {
    // The AEAT's "operativa" (SuministroInformacion.xsd, RechazoPrevioType): a plain alta and an
    // "alta por rechazo" (Subsanacion S, RechazoPrevio X: the AEAT never recorded it) must be new to
    // the AEAT; a subsanación (S, with RechazoPrevio N or S after a refused subsanación) must correct
    // a record the AEAT holds.
    const mustBeNew = p.correction !== 'S' || p.previousRejection === 'X';
    if (mustBeNew) {
      if (held) return { code: '3000', held };
    } else {
      if (!held) return { code: '3002' };
      if (held.status === 'Anulada') return { code: '3001' };
    }
  } else if (!held) {
    if (p.withoutPreviousRecord !== 'S') return { code: '3002' };
  } else if (held.status === 'Anulada') {
    return { code: '3001' };
  }

  if (p.previous && book.last && !sameLink(p.previous, book.last)) return { code: '1269' };
  if (p.previous && p.previous.huella.length !== 64) return { code: '2002' };
  if (!p.previous && book.last) return { code: '2007' };
  // The spec writes the huella in upper-case hex; the AEAT compares the text, so case counts.
  if (p.huella !== expectedHuella(p)) return { code: '2000' };
  return { code: null };
}

const ACCEPTED_WITH_ERRORS: ReadonlySet<string> = new Set(['2000', '2002', '2007']);

function elementTheSchemaWanted(errors: string[]): string {
  const first = errors[0] ?? '';
  const expected = /Expected is (?:one of )?\( ?(?:\{[^}]*\})?(\w+)/.exec(first);
  if (expected) return expected[1]!;
  const element = /Element '(?:\{[^}]*\})?(\w+)'/.exec(first);
  // Otherwise the document is valid but is not the request itself (a lone RegistroAlta, say).
  return element ? element[1]! : 'RegFactuSistemaFacturacion';
}

/**
 * Answers one RegFactuSistemaFacturacion request as the AEAT would, updating `state` with what it
 * recorded. Pure but for `state` (and its clock and CSV source, both injectable).
 */
export async function handleAeatSubmission(xml: string, state: AeatSandboxState): Promise<SandboxReply> {
  if (xml.trim() === '') return fault('4138');
  if (/<!DOCTYPE/i.test(xml) || XMLValidator.validate(xml) !== true) return fault('4103');
  const count = xml.match(/<(?:[\w.-]+:)?RegistroFactura[\s>]/g)?.length ?? 0;
  if (count > MAX_RECORDS_PER_BATCH) return fault('4114');

  const validation = await validateAgainstAeatSchema(xml);
  if (!validation.valid) return fault('4102', `: ${elementTheSchemaWanted(validation.errors)}`);
  const doc = parser.parse(xml) as Node;
  const request = node(node(node(doc, 'Envelope'), 'Body'), 'RegFactuSistemaFacturacion');
  if (!request) return fault('4102', ': RegFactuSistemaFacturacion');

  const obligado = node(node(request, 'Cabecera'), 'ObligadoEmision');
  const issuer = { name: str(obligado, 'NombreRazon') ?? '', nif: str(obligado, 'NIF') ?? '' };
  const now = state.now();
  const book: IssuerBook = state.issuers.get(issuer.nif) ?? { last: null, held: new Map(), lastSubmissionAt: null };
  state.issuers.set(issuer.nif, book);

  const records = (request['RegistroFactura'] as unknown[]).map(readRecord);
  if (book.lastSubmissionAt !== null && records.length < MAX_RECORDS_PER_BATCH) {
    const secondsEarly = state.waitSeconds - (now.getTime() - book.lastSubmissionAt) / 1000;
    if (secondsEarly > 0) {
      state.flowControlViolations.push({
        issuerNif: issuer.nif,
        at: now.toISOString(),
        secondsEarly,
        records: records.length,
      });
    }
  }
  book.lastSubmissionAt = now.getTime();
  state.submissions += 1;
  const requestId = `${now.getTime()}${String(state.submissions).padStart(6, '0')}`.slice(-20);

  const lines: Line[] = records.map((p) => {
    const { code, held } = judge(p, book, issuer.nif);
    const status: RecordStatus =
      code === null ? 'Correcto' : ACCEPTED_WITH_ERRORS.has(code) ? 'AceptadoConErrores' : 'Incorrecto';
    if (status !== 'Incorrecto') {
      if (p.kind === 'alta') {
        book.held.set(idKey(p.invoice), {
          status: status === 'Correcto' ? 'Correcta' : 'AceptadaConErrores',
          huella: p.huella,
          requestId,
          errorCode: code,
        });
      } else {
        const cancelled = book.held.get(idKey(p.invoice));
        book.held.set(idKey(p.invoice), {
          status: 'Anulada',
          huella: cancelled?.huella ?? p.huella,
          requestId: cancelled?.requestId ?? requestId,
          errorCode: cancelled?.errorCode ?? null,
        });
      }
    }
    const exactResend = code === '3000' && held?.huella === p.huella;
    if (code !== '1108' && !exactResend) book.last = { ...p.invoice, huella: p.huella };
    return {
      invoice: p.invoice,
      kind: p.kind,
      operation: {
        correction: p.correction,
        previousRejection: p.previousRejection,
        withoutPreviousRecord: p.withoutPreviousRecord,
      },
      status,
      errorCode: code,
      ...(code === '3000' ? { duplicate: held } : {}),
    };
  });

  const statuses = new Set(lines.map((l) => l.status));
  const batchStatus =
    statuses.size === 1 && statuses.has('Correcto')
      ? 'Correcto'
      : statuses.size === 1 && statuses.has('Incorrecto')
        ? 'Incorrecto'
        : 'ParcialmenteCorrecto';
  const answer: SubmissionAnswer = {
    batchStatus,
    csv: batchStatus === 'Incorrecto' ? null : state.newCsv(),
    waitSeconds: state.waitSeconds,
    records: lines.map((l) => ({
      invoice: l.invoice,
      kind: l.kind,
      status: l.status,
      errorCode: l.errorCode,
      errorText: l.errorCode ? AEAT_ERROR_TEXTS[l.errorCode as AeatErrorCode] : null,
      ...(l.duplicate ? { duplicateStatus: l.duplicate.status } : {}),
    })),
  };
  return { httpStatus: 200, xml: answerXml(answer, lines, issuer, now), answer };
}

// ---------------------------------------------------------------------------------------------------
// HTTP

let sharedState: AeatSandboxState | undefined;

/** The sandbox's memory for the running server: lost on restart, as a test AEAT's would be on a reset. */
export function aeatSandboxState(): AeatSandboxState {
  sharedState ??= createAeatSandboxState();
  return sharedState;
}

const XML_HEADERS = { 'content-type': 'text/xml; charset=utf-8' };

/**
 * The sandbox behind an HTTP endpoint, for a route handler to mount (POST with the SOAP body, like
 * the AEAT's VerifactuSOAP endpoint). Not for production: anyone reaching it could fill its memory.
 */
export async function aeatSandboxResponse(
  request: Request,
  state: AeatSandboxState = aeatSandboxState(),
): Promise<Response> {
  if (request.method !== 'POST') {
    const reply = fault('4135', '', 405);
    return new Response(reply.xml, { status: reply.httpStatus, headers: { ...XML_HEADERS, allow: 'POST' } });
  }
  const reply = await handleAeatSubmission(await request.text(), state);
  return new Response(reply.xml, { status: reply.httpStatus, headers: XML_HEADERS });
}
