import { logger } from '../lib/logger';
import { withTimeout } from '../lib/retry';
import { billingSystem, issuer } from './config';
import { huella, issueRecordHashInput } from './huella';
import { submissionXml } from './record-xml';
import type { IssueRecord } from './types';
import { SchemaValidatorUnavailable, validateAgainstAeatSchema, validatorStatus } from './xsd';

/**
 * The AEAT schema validator's start-up check: each server validates one known-good submission,
 * built by the same code as every real one, and says in the log and on /healthz when it cannot.
 * The production build once shipped a validator that never ran, and the local AEAT turned that into
 * a schema fault for every record (docs/decisions/160-schema-validator-in-the-build.md).
 */

/** A fixed simplified invoice of this deployment's issuer and billing system, first of its chain. */
export function sampleSubmission(): string {
  const record: Omit<IssueRecord, 'huella'> = {
    kind: 'alta',
    invoice: { issuerNif: issuer().nif, seriesNumber: 'W2027-000001', issueDate: '01-01-2027' },
    issuerName: issuer().name,
    type: 'F2',
    description: 'Paseo en golondrina por el puerto de Barcelona',
    breakdown: [{ ratePct: '10.00', base: '36.36', vat: '3.64' }],
    vatTotal: '3.64',
    total: '40.00',
    previous: null,
    system: billingSystem(),
    generatedAt: '2027-01-01T10:00:00+01:00',
  };
  return submissionXml(issuer(), [{ ...record, huella: huella(issueRecordHashInput(record)) }]);
}

/** 'ok', or what is wrong, as /healthz reports it. */
export type InvoicingHealth = string;

// One check per process, whichever bundle asks first (see validatorStatus in xsd.ts).
const CHECK = Symbol.for('golondrinas.invoicing.validator-check');
type CheckHolder = { [CHECK]?: Promise<InvoicingHealth> };

async function runCheck(): Promise<InvoicingHealth> {
  const started = performance.now();
  try {
    const result = await validateAgainstAeatSchema(sampleSubmission());
    if (result.valid) {
      logger.info({ ms: Math.round(performance.now() - started) }, 'the AEAT schema validator is ready');
      return 'ok';
    }
    // The validator ran and refused what this deployment would send (its issuer or software name
    // breaking the schema, say): every real record would be refused the same way.
    const problem = `the sample record does not pass the AEAT schema: ${result.errors[0] ?? 'no detail'}`;
    logger.error({ errors: result.errors.slice(0, 5) }, problem);
    return problem;
  } catch (error) {
    // SchemaValidatorUnavailable was logged where it was raised; anything else (a configuration the
    // sample cannot be built from) is logged here.
    if (!(error instanceof SchemaValidatorUnavailable)) {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'the AEAT schema check failed');
    }
    return `validator unavailable: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Starts this process's check (once) and returns its outcome. */
export function checkInvoicingValidator(): Promise<InvoicingHealth> {
  const holder = globalThis as CheckHolder;
  holder[CHECK] ??= runCheck();
  return holder[CHECK];
}

/**
 * The validator's state for /healthz: the start-up check's outcome, overridden by what the latest
 * validation found about the validator since (a failure after a good start, or a recovery).
 * 'checking' while the start-up check has not finished within `waitMs`.
 */
export async function invoicingHealth(waitMs = 2000): Promise<InvoicingHealth> {
  const check = await withTimeout(checkInvoicingValidator(), waitMs).catch(() => 'checking');
  if (check === 'checking') return check;
  const latest = validatorStatus();
  if (latest && !latest.available) return `validator unavailable: ${latest.error}`;
  // A validator that ran since the check, after the check had found it unavailable: it recovered.
  if (latest?.available && check.startsWith('validator unavailable')) return 'ok';
  return check;
}
