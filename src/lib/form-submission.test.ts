import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { initialActionState } from '@/forms/form-core';
import { rules } from '@/forms/rules';

import { env } from './env';
import { issueStamp } from './form-stamp';
import { processSubmission, rejectionTotals } from './form-submission';
import { createRateLimiter } from './rate-limit';

const schema = z.object({ name: rules.requiredText(50), email: rules.email() });
const oldStamp = () => issueStamp(env().PAYLOAD_SECRET, Date.now() - 60_000);

function post(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

function run(fields: Record<string, string>, options: { store?: () => Promise<void>; ip?: string } = {}) {
  const store = vi.fn(options.store ?? (async () => {}));
  const limiter = createRateLimiter({ name: 'test', limit: 2, windowMs: 60_000, pool: null });
  const headers = new Headers({ 'x-forwarded-for': options.ip ?? '203.0.113.7' });
  const submit = (f = fields) =>
    processSubmission({
      form: 'test',
      schema,
      previous: initialActionState({}, ''),
      formData: post(f),
      headers,
      limiter,
      store,
    });
  return { submit, store };
}

const valid = { name: 'Ana', email: 'ana@example.com', website: '' };

describe('processSubmission', () => {
  it('stores a valid, unhurried submission and starts the form over', async () => {
    const { submit, store } = run({ ...valid, stamp: oldStamp() });
    const state = await submit();
    expect(state).toMatchObject({ status: 'sent', httpStatus: 201, values: {}, errors: {}, seq: 1 });
    expect(store).toHaveBeenCalledWith({ name: 'Ana', email: 'ana@example.com' }, expect.any(Object));
  });

  it('answers field errors and keeps what was typed, storing nothing', async () => {
    const { submit, store } = run({ name: 'Ana', email: 'nope', stamp: oldStamp() });
    const state = await submit();
    expect(state).toMatchObject({ status: 'invalid', httpStatus: 422, errors: { email: 'email' } });
    expect(state.values).toEqual({ name: 'Ana', email: 'nope' });
    expect(store).not.toHaveBeenCalled();
  });

  it('refuses a filled honeypot, a missing or fresh stamp, and counts each refusal', async () => {
    const before = rejectionTotals();
    const honeypot = run({ ...valid, website: 'http://spam.example', stamp: oldStamp() });
    expect(await honeypot.submit()).toMatchObject({ status: 'rejected', httpStatus: 400 });
    const noStamp = run({ ...valid });
    expect(await noStamp.submit()).toMatchObject({ status: 'rejected', httpStatus: 400 });
    const fast = run({ ...valid, stamp: issueStamp(env().PAYLOAD_SECRET) });
    const state = await fast.submit();
    expect(state).toMatchObject({ status: 'tooFast', httpStatus: 400, values: { name: 'Ana' } });
    expect(state.stamp).toMatch(/^\d{13}\./);
    for (const s of [honeypot, noStamp, fast]) expect(s.store).not.toHaveBeenCalled();
    const after = rejectionTotals();
    expect((after['test:honeypot'] ?? 0) - (before['test:honeypot'] ?? 0)).toBe(1);
    expect((after['test:too_fast'] ?? 0) - (before['test:too_fast'] ?? 0)).toBe(1);
  });

  it('answers 429 once an IP is past its limit', async () => {
    const { submit, store } = run({ ...valid, stamp: oldStamp() });
    expect((await submit()).status).toBe('sent');
    expect((await submit()).status).toBe('sent');
    expect(await submit()).toMatchObject({ status: 'rateLimited', httpStatus: 429 });
    expect(store).toHaveBeenCalledTimes(2);
  });

  it('says "failed" only when storing failed', async () => {
    const { submit } = run(
      { ...valid, stamp: oldStamp() },
      {
        store: async () => {
          throw new Error('database down');
        },
      },
    );
    expect(await submit()).toMatchObject({ status: 'failed', httpStatus: 500, values: { name: 'Ana' } });
  });
});
