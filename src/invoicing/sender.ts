import { readFileSync } from 'node:fs';

import type { Payload } from 'payload';

import { date, iso, num, shopDb, str, type ShopDb } from '../booking/db';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { parseAeatAnswer } from './aeat-answer';
import { submitBatch } from './aeat-client';
import { createAeatSandboxState, handleAeatSubmission, type AeatSandboxState } from './aeat-sandbox';
import { timestampInstant } from './amounts';
import { issuer, verifactuMode } from './config';
import { chainLinkOf } from './huella';
import { MAX_RECORDS_PER_BATCH, submissionXml } from './record-xml';
import type { InvoiceRecord, SubmissionAnswer } from './types';

/**
 * Sends the VERI*FACTU records to the AEAT (or the local sandbox), in the chain's order, at most
 * 1,000 at a time, waiting as long as the AEAT's last answer said (TiempoEsperaEnvio) unless
 * 1,000 are waiting. One sender at a time across instances: the `invoice_sender` row is a lease.
 * A record is marked with the AEAT's answer only after it came back; if the process dies between
 * sending and storing, the record goes again and the AEAT answers "duplicate" (3000) with the
 * state it holds, which is stored as its answer: nothing is recorded twice at the AEAT.
 */

const LEASE_MS = 5 * 60_000;
/** How long after its generation the AEAT takes a record as sent in time (error 2004 past it). */
const LATE_AFTER_MS = 240_000;
/** After a failed send (network, certificate, a fault for the whole batch): 1, 2, 4… minutes, at most an hour. */
const backoffMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

export type SendOutcome =
  | { sent: 0; skipped: 'mode' | 'locked' | 'waiting' | 'backingOff' | 'nothing' }
  | { sent: number; accepted: number; withErrors: number; rejected: number; waitSeconds: number }
  | { sent: number; failed: string };

// The local AEAT lives as long as the process; what it had accepted before a restart is what
// our own database says it accepted, so it is rebuilt from there (one per database: tests run
// many databases in one process).
const sandboxes = new WeakMap<ShopDb, AeatSandboxState>();

async function sandboxFor(db: ShopDb): Promise<AeatSandboxState> {
  let state = sandboxes.get(db);
  if (state) return state;
  state = createAeatSandboxState();
  const { rows } = await db.query(
    `SELECT r.record FROM invoice_records r JOIN invoice_record_status s ON s.record_id = r.id
     WHERE s.status IN ('Correcto', 'AceptadoConErrores') ORDER BY r.position DESC LIMIT 1`,
  );
  if (rows[0]) {
    const last = JSON.parse(str(rows[0].record)) as InvoiceRecord;
    state.issuers.set(last.invoice.issuerNif, { last: chainLinkOf(last), held: new Map(), lastSubmissionAt: null });
  }
  sandboxes.set(db, state);
  return state;
}

async function post(db: ShopDb, xml: string, now: Date): Promise<string> {
  const config = env();
  if (config.VERIFACTU_ENDPOINT === 'sandbox') {
    // The local AEAT reads the sender's clock, so a test that sends "ten minutes later" is judged
    // ten minutes later, late records (error 2004) included.
    const sandbox = await sandboxFor(db);
    sandbox.now = () => now;
    return (await handleAeatSubmission(xml, sandbox)).xml;
  }
  if (!config.VERIFACTU_CERT_PATH) throw new Error('VERIFACTU_CERT_PATH is not set');
  const answer = await submitBatch(xml, {
    endpoint: config.VERIFACTU_ENDPOINT,
    pfx: readFileSync(config.VERIFACTU_CERT_PATH),
    passphrase: config.VERIFACTU_CERT_PASSWORD ?? '',
  });
  return answer.body;
}

type Pending = {
  recordId: number;
  position: number;
  attempts: number;
  record: InvoiceRecord;
  nextAttemptAt: Date | null;
};

/**
 * The records waiting for the AEAT, in the chain's order, from the first one on. The AEAT takes a
 * record only after the one it names as previous, so a record is never sent before every record
 * before it was: when the first waiting record is backing off (a fault, a network error), the ones
 * after it wait with it, however many arrive meanwhile, across restarts and instances (the order
 * and the back-off live in the database). Before, a back-off on records 1–4 let records 5–25 go
 * first.
 */
async function pendingRecords(db: ShopDb): Promise<Pending[]> {
  const { rows } = await db.query(
    `SELECT r.id, r.position, r.record, s.attempts, s.next_attempt_at FROM invoice_records r
     JOIN invoice_record_status s ON s.record_id = r.id
     WHERE s.status = 'pending' ORDER BY r.position LIMIT ?`,
    [MAX_RECORDS_PER_BATCH],
  );
  return rows.map((row) => ({
    recordId: num(row.id),
    position: num(row.position),
    attempts: num(row.attempts),
    record: JSON.parse(str(row.record)) as InvoiceRecord,
    nextAttemptAt: row.next_attempt_at ? date(row.next_attempt_at) : null,
  }));
}

function lineFor(answer: SubmissionAnswer, record: InvoiceRecord) {
  return answer.records.find(
    (line) =>
      line.kind === record.kind &&
      line.invoice.seriesNumber === record.invoice.seriesNumber &&
      line.invoice.issueDate === record.invoice.issueDate,
  );
}

export async function sendPendingRecords(payload: Payload, now = new Date()): Promise<SendOutcome> {
  if (verifactuMode() !== 'verifactu') return { sent: 0, skipped: 'mode' };
  const db = shopDb(payload);
  const claimed = await db.query(
    'UPDATE invoice_sender SET locked_until = ? WHERE id = 1 AND (locked_until IS NULL OR locked_until < ?)',
    [iso(new Date(now.getTime() + LEASE_MS)), iso(now)],
  );
  if (claimed.rowsAffected !== 1) return { sent: 0, skipped: 'locked' };
  try {
    const pending = await pendingRecords(db);
    if (pending.length === 0) return { sent: 0, skipped: 'nothing' };
    // The first record in the chain's order decides: while it backs off, nothing after it goes.
    const first = pending[0]!;
    if (first.nextAttemptAt && first.nextAttemptAt > now) return { sent: 0, skipped: 'backingOff' };
    const { rows } = await db.query('SELECT next_send_at FROM invoice_sender WHERE id = 1');
    const nextSendAt = rows[0]?.next_send_at ? date(rows[0].next_send_at) : null;
    if (nextSendAt && nextSendAt > now && pending.length < MAX_RECORDS_PER_BATCH)
      return { sent: 0, skipped: 'waiting' };

    // A record sent more than the AEAT's 240 s after it was generated (a back-off, downtime, a
    // restart) goes with Incidencia = S, as the AEAT asks of records sent late because of an
    // incident; without it the AEAT accepts them with error 2004 (decision 161).
    const late = pending.some((p) => now.getTime() - timestampInstant(p.record.generatedAt) > LATE_AFTER_MS);
    const xml = submissionXml(
      issuer(),
      pending.map((p) => p.record),
      { incident: late },
    );
    let parsed: ReturnType<typeof parseAeatAnswer>;
    try {
      parsed = parseAeatAnswer(await post(db, xml, now));
    } catch (error) {
      const failed = error instanceof Error ? error.message : String(error);
      await retryLater(db, pending, now, 'transport', failed);
      logger.warn({ records: pending.length, err: failed }, 'VERI*FACTU records not sent; retrying later');
      return { sent: pending.length, failed };
    }
    if (parsed.kind === 'fault') {
      // The whole batch was refused before any record was looked at: nothing was recorded.
      const { errorCode: code, faultString } = parsed.fault;
      await retryLater(db, pending, now, code ?? 'fault', faultString);
      logger.error(
        { records: pending.length, code, fault: faultString.slice(0, 300) },
        'the AEAT refused a VERI*FACTU batch',
      );
      return { sent: pending.length, failed: `${code ?? ''} ${faultString}`.trim() };
    }
    const answer = parsed.answer;
    let accepted = 0;
    let withErrors = 0;
    let rejected = 0;
    let acknowledged: Pending | null = null;
    for (const item of pending) {
      const line = lineFor(answer, item.record);
      // A duplicate the AEAT already holds is that record, answered again: store what it holds.
      const duplicateHeld = line?.errorCode === '3000' && line.duplicateStatus !== undefined;
      const status = !line
        ? 'pending'
        : duplicateHeld
          ? line.duplicateStatus === 'AceptadaConErrores'
            ? 'AceptadoConErrores'
            : 'Correcto'
          : line.status;
      if (status === 'Correcto') accepted++;
      else if (status === 'AceptadoConErrores') withErrors++;
      if (status === 'Correcto' || status === 'AceptadoConErrores') acknowledged = item;
      else if (status === 'Incorrecto') rejected++;
      await db.query(
        `UPDATE invoice_record_status SET status = ?, csv = ?, error_code = ?, error_text = ?, attempts = attempts + 1,
           next_attempt_at = ?, updated_at = ? WHERE record_id = ?`,
        [
          status,
          answer.csv,
          line?.errorCode ?? null,
          line?.errorText ?? (line ? null : 'not in the answer'),
          status === 'pending' ? iso(new Date(now.getTime() + backoffMs(item.attempts + 1))) : null,
          iso(now),
          item.recordId,
        ],
      );
    }
    await db.query('UPDATE invoice_sender SET next_send_at = ? WHERE id = 1', [
      iso(new Date(now.getTime() + answer.waitSeconds * 1000)),
    ]);
    // The last record the AEAT holds, kept apart from the invoice tables: invoices:verify checks the
    // chain still has it, with this huella (a witness nobody can rewrite at the AEAT; decision 167).
    if (acknowledged)
      await db.query(
        `UPDATE invoice_sender SET acknowledged_position = ?, acknowledged_huella = ?
         WHERE id = 1 AND (acknowledged_position IS NULL OR acknowledged_position < ?)`,
        [acknowledged.position, acknowledged.record.huella, acknowledged.position],
      );
    if (rejected > 0) logger.error({ rejected }, 'the AEAT rejected VERI*FACTU records');
    return { sent: pending.length, accepted, withErrors, rejected, waitSeconds: answer.waitSeconds };
  } finally {
    await db.query('UPDATE invoice_sender SET locked_until = NULL WHERE id = 1');
  }
}

async function retryLater(db: ShopDb, pending: Pending[], now: Date, code: string, text: string): Promise<void> {
  for (const item of pending) {
    await db.query(
      `UPDATE invoice_record_status SET attempts = attempts + 1, error_code = ?, error_text = ?, next_attempt_at = ?,
         updated_at = ? WHERE record_id = ?`,
      [
        code.slice(0, 50),
        text.slice(0, 500),
        iso(new Date(now.getTime() + backoffMs(item.attempts + 1))),
        iso(now),
        item.recordId,
      ],
    );
  }
}
