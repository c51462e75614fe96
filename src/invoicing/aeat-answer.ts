import { XMLParser } from 'fast-xml-parser';

import type { InvoiceId, RecordStatus, SubmissionAnswer } from './types';

/**
 * Reads what the AEAT's VERI*FACTU service answers to RegFactuSistemaFacturacion:
 * - RespuestaRegFactuSistemaFacturacion (RespuestaSuministro.xsd): EstadoEnvio for the batch, the CSV
 *   when anything was recorded, TiempoEsperaEnvio, and one RespuestaLinea per record with
 *   EstadoRegistro and, when not Correcto, CodigoErrorRegistro / DescripcionErrorRegistro;
 * - or a SOAP 1.1 Fault when the batch was refused as a whole before any record was looked at
 *   (schema, header, certificate: faultstring "Codigo[4102].El XML no cumple el esquema. …").
 *   Nothing of a faulted batch was recorded: the records go again once fixed, as they were.
 * Anything else (an HTML error page from a proxy, a truncated body) is an AeatAnswerError: the sender
 * cannot know what was recorded and must ask again rather than guess.
 */

export type AeatFault = {
  /** faultcode, e.g. "env:Client" or "env:Server". */
  faultCode: string;
  faultString: string;
  /** The AEAT's code from "Codigo[NNNN]" in faultstring, when there is one. */
  errorCode: string | null;
};

export type ParsedAeatAnswer = { kind: 'answer'; answer: SubmissionAnswer } | { kind: 'fault'; fault: AeatFault };

export class AeatAnswerError extends Error {
  override name = 'AeatAnswerError';
}

const BATCH_STATUSES = ['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'] as const;
const RECORD_STATUSES: readonly RecordStatus[] = ['Correcto', 'AceptadoConErrores', 'Incorrecto'];
const DUPLICATE_STATUSES = ['Correcta', 'AceptadaConErrores', 'Anulada'] as const;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  // Values stay text: "0012" is a CSV fragment, not twelve; amounts and codes are compared as written.
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'RespuestaLinea',
});

type Node = Record<string, unknown>;

function child(node: unknown, name: string): unknown {
  return node !== null && typeof node === 'object' ? (node as Node)[name] : undefined;
}

function text(node: unknown, name: string): string | null {
  const value = child(node, name);
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new AeatAnswerError(`${name} is not a text element`);
  return value;
}

function requiredText(node: unknown, name: string): string {
  const value = text(node, name);
  if (value === null) throw new AeatAnswerError(`The answer has no ${name}`);
  return value;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new AeatAnswerError(`Unknown ${name} "${value}"`);
  return value as T;
}

function parseFault(fault: unknown): AeatFault {
  const faultString = text(fault, 'faultstring') ?? '';
  return {
    faultCode: text(fault, 'faultcode') ?? '',
    faultString,
    errorCode: /Codigo\[(-?\d+)\]/.exec(faultString)?.[1] ?? null,
  };
}

function parseLine(line: unknown): SubmissionAnswer['records'][number] {
  const id = child(line, 'IDFactura');
  const invoice: InvoiceId = {
    issuerNif: requiredText(id, 'IDEmisorFactura'),
    seriesNumber: requiredText(id, 'NumSerieFactura'),
    issueDate: requiredText(id, 'FechaExpedicionFactura'),
  };
  const operation = requiredText(child(line, 'Operacion'), 'TipoOperacion');
  const duplicate = child(line, 'RegistroDuplicado');
  const duplicateStatus = duplicate
    ? oneOf(requiredText(duplicate, 'EstadoRegistroDuplicado'), DUPLICATE_STATUSES, 'EstadoRegistroDuplicado')
    : undefined;
  return {
    invoice,
    kind: oneOf(operation, ['Alta', 'Anulacion'], 'TipoOperacion') === 'Alta' ? 'alta' : 'anulacion',
    status: oneOf(requiredText(line, 'EstadoRegistro'), RECORD_STATUSES, 'EstadoRegistro'),
    errorCode: text(line, 'CodigoErrorRegistro'),
    errorText: text(line, 'DescripcionErrorRegistro'),
    ...(duplicateStatus ? { duplicateStatus } : {}),
  };
}

function parseAnswer(answer: unknown): SubmissionAnswer {
  const wait = requiredText(answer, 'TiempoEsperaEnvio');
  if (!/^\d{1,4}$/.test(wait)) throw new AeatAnswerError(`TiempoEsperaEnvio "${wait}" is not a number of seconds`);
  const lines = child(answer, 'RespuestaLinea');
  return {
    batchStatus: oneOf(requiredText(answer, 'EstadoEnvio'), BATCH_STATUSES, 'EstadoEnvio'),
    csv: text(answer, 'CSV'),
    waitSeconds: Number(wait),
    records: Array.isArray(lines) ? lines.map(parseLine) : [],
  };
}

/** Parses the AEAT's answer body. Throws AeatAnswerError when it is neither an answer nor a fault. */
export function parseAeatAnswer(xml: string): ParsedAeatAnswer {
  // The AEAT never sends a DTD; refusing one keeps entity expansion out of the parser.
  if (/<!DOCTYPE/i.test(xml)) throw new AeatAnswerError('The answer carries a DOCTYPE');
  let doc: Node;
  try {
    doc = parser.parse(xml, true) as Node;
  } catch (error) {
    throw new AeatAnswerError(`The answer is not XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = child(child(doc, 'Envelope'), 'Body') ?? doc;
  const fault = child(body, 'Fault');
  if (fault !== undefined) return { kind: 'fault', fault: parseFault(fault) };
  const answer = child(body, 'RespuestaRegFactuSistemaFacturacion');
  if (answer === undefined || answer === null || typeof answer !== 'object') {
    throw new AeatAnswerError('The answer holds neither RespuestaRegFactuSistemaFacturacion nor a SOAP Fault');
  }
  return { kind: 'answer', answer: parseAnswer(answer) };
}
