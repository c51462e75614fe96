import { randomInt } from 'node:crypto';

import { XMLValidator } from 'fast-xml-parser';

import {
  ACCEPTED_WITH_ERRORS,
  AEAT_ERROR_TEXTS,
  judgeRecord,
  submissionFacts,
  type AeatErrorCode,
  type HeldRecord,
  type RecordFacts,
} from './aeat-rules';
import { madridTimestamp } from './amounts';
import { escapeXml, MAX_RECORDS_PER_BATCH, NAMESPACES } from './record-xml';
import type { ChainLink, InvoiceId, RecordStatus, SubmissionAnswer } from './types';
import { validateAgainstAeatSchema } from './xsd';

export { AEAT_ERROR_TEXTS, type AeatErrorCode } from './aeat-rules';

/**
 * A local AEAT for VERI*FACTU, as src/payments/sandbox.ts is a local Redsys: it takes the same SOAP
 * request the real service takes and answers the way the real service answers, so the sender, the
 * answer parser and the records' states run the real code path without a certificate or a network.
 *
 * What it checks, with the AEAT's codes and texts (errores.properties, tikeV1.0):
 * - the whole batch: not XML (4103), empty (4138), over 1,000 records (4114), not the schema
 *   (4102, with the element the schema expected) — a SOAP fault, nothing recorded;
 * - each record, by the AEAT's business rules ("Validaciones y errores"), one table in aeat-rules.ts
 *   (AEAT_RULES), answered Incorrecto with the first rejection it breaks, else AceptadoConErrores
 *   with the first warning:
 *   - the invoice's id: issuer other than the Cabecera's (1108), FechaExpedicionFactura not a date
 *     (1105), after today (1112), before 28-10-2024 (1152), over twenty years old (1133), a series
 *     number the AEAT refuses (1104, 1287, 1130);
 *   - the kind of invoice: RechazoPrevio without Subsanacion (1153, 1161), TipoRectificativa missing on
 *     R1–R5 (1114) or present elsewhere (1115), FacturasRectificadas off a rectifying invoice (1117),
 *     FacturasSustituidas off an F3 (1116), ImporteRectificacion missing with TipoRectificativa S (1118)
 *     or present without it (1119), FacturaSinIdentifDestinatarioArt61d off an F2/R5 (1185);
 *   - the recipients: none on an F1, F3, R1–R4 (1189), some on an F2 or R5 (1190), IDOtro without
 *     CodigoPais (1111) or with ES for an IDType other than 03/07 (1126), a malformed NIF (1123), a NIF
 *     with a wrong check character (2001, warning: no census holds it);
 *   - the breakdown, per line: ClaveRegimen missing on IVA (1245), S1 without rate or VAT (1208), a
 *     rate IVA does not have (1124) or has only in other years (1194 for 5 %, 1235 for 2 and 7.5 %),
 *     S2 on a simplified invoice (1197) or with VAT (1198), N1/N2 (1237) or exempt (1238) lines with a
 *     rate, VAT off S1 (1207), VAT of another sign than the base (1143) or off base × rate by more
 *     than 10.00 € (1142; neither on rectifying invoices by differences, R2, R3), an F2 over
 *     3,000.00 € + 10.00 € (1150);
 *   - the totals (warnings): CuotaTotal (2006) or ImporteTotal (2005) off the lines' sum by more than
 *     10.00 €;
 *   - the system: its NIF (1176), IdSistemaInformatico (1177), NombreSistemaInformatico (1220);
 *   - time and huellas: FechaHoraHusoGenRegistro without its offset (1244) or more than 240 s from the
 *     AEAT's clock (2004, warning; a late record is excused by Incidencia S in the Cabecera), huellas
 *     malformed (1262, 1292, 1291, 2002, 2003), the previous one equal to the record's own (2008),
 *     RegistroAnterior's date (1174), and the huella recomputed from the record's own fields (2000);
 *   - what the AEAT holds: a duplicate (3000, with RegistroDuplicado), a correction or an anulación of
 *     a record it does not hold (3002) or holds as cancelled (3001), PrimerRegistro when the chain has
 *     records (2007).
 * One check is the sandbox's own: RegistroAnterior must name the record this issuer sent last
 * (1269, "El bloque Registro Anterior no esta informado correctamente"). The AEAT's answer to a link
 * that names another record is not documented; refusing it here makes a broken chain loud.
 *
 * The chain follows every record the issuer sent, accepted or not, as the issuer's own chain does (a
 * refused record stays in the SIF's chain; its correction comes after it). An exact re-send of a
 * record already held (same huella: a retry after a lost answer) is a duplicate and does not move it.
 */

/** The default TiempoEsperaEnvio, in seconds, as the AEAT answers it. */
export const DEFAULT_WAIT_SECONDS = 60;

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
// Judging the request (already valid against the schema)

const idKey = (id: InvoiceId): string => `${id.issuerNif}\u0000${id.seriesNumber}\u0000${id.issueDate}`;

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
  const request = submissionFacts(xml);
  if (!request) return fault('4102', ': RegFactuSistemaFacturacion');

  const { issuer, records } = request;
  const now = state.now();
  const book: IssuerBook = state.issuers.get(issuer.nif) ?? { last: null, held: new Map(), lastSubmissionAt: null };
  state.issuers.set(issuer.nif, book);

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

  const lines: Line[] = records.map((p: RecordFacts) => {
    const held = book.held.get(idKey(p.invoice));
    const code = judgeRecord(p, { now, headerNif: issuer.nif, incident: request.incident, last: book.last, held });
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
        correction: p.kind === 'alta' ? p.correction : undefined,
        previousRejection: p.previousRejection,
        withoutPreviousRecord: p.kind === 'anulacion' ? p.withoutPreviousRecord : undefined,
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
