import { createHash } from 'node:crypto';

import { timestampInstant } from './amounts';
import type { CancellationRecord, ChainLink, InvoiceRecord, IssueRecord } from './types';

/**
 * The huella (fingerprint) of a VERI*FACTU record and the check of the chain it forms.
 *
 * Source: AEAT, "Detalle de las especificaciones técnicas para generación de la huella o hash de los
 * registros de facturación", v0.1.2 (27/08/2024), Veri-Factu_especificaciones_huella_hash_registros.pdf.
 * - The input is `name=value` pairs joined by `&`, in a fixed order, names exactly as in the XML.
 * - Each value is the XML field's content with leading and trailing blanks removed; an empty or
 *   absent value is still written as `name=` (the first record's `Huella=`).
 * - Values are NOT url-encoded: a "/" in NumSerieFactura stays "/".
 * - The string is encoded as UTF-8, hashed with SHA-256, and written as 64 upper-case hex digits.
 * - `Huella` inside the input is the PREVIOUS record's huella (RegistroAnterior/Huella).
 *
 * Amounts and dates are hashed exactly as the record carries them (types.ts keeps them as the XML's
 * strings), so the hash and the XML cannot disagree about "12.3" versus "12.30".
 */

// The AEAT's servers are Java; String.trim() drops every character up to U+0020 at either end.
// Trimming the same set here means a stray tab hashes the way the AEAT will hash it.
function trimBlanks(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  return value.slice(start, end);
}

function joinFields(fields: readonly (readonly [string, string | null | undefined])[]): string {
  return fields.map(([name, value]) => `${name}=${trimBlanks(value ?? '')}`).join('&');
}

/** The exact text hashed for a registro de alta (spec §3 a). */
export function issueRecordHashInput(
  record: Pick<IssueRecord, 'invoice' | 'type' | 'vatTotal' | 'total' | 'previous' | 'generatedAt'>,
): string {
  return joinFields([
    ['IDEmisorFactura', record.invoice.issuerNif],
    ['NumSerieFactura', record.invoice.seriesNumber],
    ['FechaExpedicionFactura', record.invoice.issueDate],
    ['TipoFactura', record.type],
    ['CuotaTotal', record.vatTotal],
    ['ImporteTotal', record.total],
    ['Huella', record.previous?.huella],
    ['FechaHoraHusoGenRegistro', record.generatedAt],
  ]);
}

/** The exact text hashed for a registro de anulación (spec §3 b): five fields, no amounts, "Anulada" names. */
export function cancellationRecordHashInput(
  record: Pick<CancellationRecord, 'invoice' | 'previous' | 'generatedAt'>,
): string {
  return joinFields([
    ['IDEmisorFacturaAnulada', record.invoice.issuerNif],
    ['NumSerieFacturaAnulada', record.invoice.seriesNumber],
    ['FechaExpedicionFacturaAnulada', record.invoice.issueDate],
    ['Huella', record.previous?.huella],
    ['FechaHoraHusoGenRegistro', record.generatedAt],
  ]);
}

/** SHA-256 of the UTF-8 text, as 64 upper-case hex digits. */
export function huella(hashInput: string): string {
  return createHash('sha256').update(hashInput, 'utf8').digest('hex').toUpperCase();
}

type HashableRecord =
  | ({ kind: 'alta' } & Parameters<typeof issueRecordHashInput>[0])
  | ({ kind: 'anulacion' } & Parameters<typeof cancellationRecordHashInput>[0]);

export function recordHashInput(record: HashableRecord): string {
  return record.kind === 'alta' ? issueRecordHashInput(record) : cancellationRecordHashInput(record);
}

/** The huella a record must carry, computed from its own fields and its previous link. */
export function recordHuella(record: HashableRecord): string {
  return huella(recordHashInput(record));
}

/** What the next record of the chain puts in its RegistroAnterior. */
export function chainLinkOf(record: InvoiceRecord): ChainLink {
  return {
    issuerNif: record.invoice.issuerNif,
    seriesNumber: record.invoice.seriesNumber,
    issueDate: record.invoice.issueDate,
    huella: record.huella,
  };
}

export type ChainBreakReason =
  /** RegistroAnterior does not name the record before it (a record deleted, inserted or reordered). */
  | 'link'
  /** The stored huella is not the one its fields give (a record altered after it was hashed). */
  | 'hash'
  /** FechaHoraHusoGenRegistro is unreadable or earlier than the previous record's. */
  | 'order'
  /** A record of another issuer inside this issuer's chain. */
  | 'issuer';

export type ChainVerdict =
  | { ok: true; count: number; last: ChainLink | null }
  | { ok: false; index: number; record: InvoiceRecord; reason: ChainBreakReason; detail: string };

function sameLink(a: ChainLink, b: ChainLink): boolean {
  return (
    a.issuerNif === b.issuerNif &&
    a.seriesNumber === b.seriesNumber &&
    a.issueDate === b.issueDate &&
    a.huella === b.huella
  );
}

function describeLink(link: ChainLink | null): string {
  return link ? `${link.issuerNif} ${link.seriesNumber} ${link.issueDate} ${link.huella}` : 'none (first record)';
}

/**
 * Walks one issuer's records in generation order and returns the first that breaks the chain.
 *
 * `from` is the link the first record must point to: null (the default) when the records start the
 * chain, or the last verified link when checking only what came after it.
 */
export function verifyChain(records: readonly InvoiceRecord[], from: ChainLink | null = null): ChainVerdict {
  let expected = from;
  let previousInstant = Number.NEGATIVE_INFINITY;
  const issuerNif = from?.issuerNif ?? records[0]?.invoice.issuerNif;

  for (const [index, record] of records.entries()) {
    const fail = (reason: ChainBreakReason, detail: string): ChainVerdict => ({
      ok: false,
      index,
      record,
      reason,
      detail,
    });

    if (record.invoice.issuerNif !== issuerNif) {
      return fail('issuer', `issuer ${record.invoice.issuerNif} in the chain of ${issuerNif}`);
    }
    const linked =
      record.previous === null ? expected === null : expected !== null && sameLink(record.previous, expected);
    if (!linked) {
      return fail('link', `points to ${describeLink(record.previous)}, expected ${describeLink(expected)}`);
    }
    const computed = recordHuella(record);
    if (record.huella !== computed) {
      return fail('hash', `stored ${record.huella}, computed ${computed}`);
    }
    const instant = timestampInstant(record.generatedAt);
    if (Number.isNaN(instant)) return fail('order', `unreadable FechaHoraHusoGenRegistro ${record.generatedAt}`);
    if (instant < previousInstant) {
      return fail('order', `generated at ${record.generatedAt}, before the record it follows`);
    }

    previousInstant = instant;
    expected = chainLinkOf(record);
  }
  return { ok: true, count: records.length, last: expected };
}
