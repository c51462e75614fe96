import 'server-only';

import type { z } from 'zod';

import { validate, valuesFromFormData, type ActionState, type FormValues } from '@/forms/form-core';

import { clientIp } from './client-ip';
import { env } from './env';
import { checkStamp, issueStamp } from './form-stamp';
import { logger } from './logger';
import type { RateLimiter } from './rate-limit';

export const HONEYPOT_FIELD = 'website';
/** Fields the form layer adds that are not the visitor's data. */
const controlFields = new Set(['stamp', HONEYPOT_FIELD]);

const rejectedTotals = new Map<string, number>();

/** Abuse is refused visibly and counted: one log line per refusal, with a running total per form and reason. */
function countRejection(form: string, reason: string) {
  const key = `${form}:${reason}`;
  const total = (rejectedTotals.get(key) ?? 0) + 1;
  rejectedTotals.set(key, total);
  logger.warn({ event: 'form.rejected', form, reason, total }, 'form submission refused');
}

export function rejectionTotals(): Record<string, number> {
  return Object.fromEntries(rejectedTotals);
}

export function freshStamp(): string {
  return issueStamp(env().PAYLOAD_SECRET);
}

/**
 * The server half of every public form, in order: the honeypot, the shared schema, the
 * signed minimum fill time, the per-IP rate limit, and only then `store`. Whatever goes
 * wrong, the answer carries back what the visitor typed.
 */
export async function processSubmission<S extends z.ZodType>({
  form,
  schema,
  previous,
  formData,
  headers,
  limiter,
  check,
  store,
}: {
  form: string;
  schema: S;
  previous: ActionState;
  formData: FormData;
  headers: Headers;
  limiter: RateLimiter;
  /** Checks the schema cannot make (e.g. the chosen tour exists); returns field errors. */
  check?: (data: z.output<S>) => Promise<ActionState['errors'] | undefined>;
  store: (data: z.output<S>, values: FormValues) => Promise<void>;
}): Promise<ActionState> {
  const posted = valuesFromFormData(formData);
  const values: FormValues = {};
  for (const [key, value] of Object.entries(posted)) if (!controlFields.has(key)) values[key] = value;
  const answer = (status: ActionState['status'], httpStatus: number, errors: ActionState['errors'] = {}) => ({
    status,
    httpStatus,
    errors,
    // After a send the form starts over; otherwise it keeps what was typed.
    values: status === 'sent' ? {} : values,
    stamp: freshStamp(),
    seq: previous.seq + 1,
  });

  if (posted[HONEYPOT_FIELD]) {
    countRejection(form, 'honeypot');
    return answer('rejected', 400);
  }
  const result = validate(schema, values);
  if (!result.ok) {
    logger.info({ event: 'form.invalid', form, fields: Object.keys(result.errors) }, 'form submission incomplete');
    return answer('invalid', 422, result.errors);
  }
  const extra = check ? await check(result.data) : undefined;
  if (extra && Object.keys(extra).length > 0) {
    logger.info({ event: 'form.invalid', form, fields: Object.keys(extra) }, 'form submission incomplete');
    return answer('invalid', 422, extra);
  }
  const config = env();
  const stamp = checkStamp(posted.stamp, config.PAYLOAD_SECRET, { minAgeMs: config.FORM_MIN_FILL_MS });
  if (!stamp.ok) {
    countRejection(form, stamp.reason === 'tooFast' ? 'too_fast' : 'bad_stamp');
    return answer(stamp.reason === 'tooFast' ? 'tooFast' : 'rejected', 400);
  }
  if (!(await limiter.hit(`${form}:${clientIp(headers)}`)).ok) {
    countRejection(form, 'rate_limit');
    return answer('rateLimited', 429);
  }
  try {
    await store(result.data, values);
  } catch (error) {
    logger.error(
      { event: 'form.store_failed', form, error: error instanceof Error ? error.name : 'unknown' },
      'form submission not stored',
    );
    return answer('failed', 500);
  }
  return answer('sent', 201);
}
