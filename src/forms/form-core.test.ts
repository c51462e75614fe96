import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import {
  createDebouncer,
  formFlags,
  lazySchema,
  validate,
  valuesFromFormData,
  visibleError,
  type FieldErrors,
} from './form-core';
import { rules } from './rules';

const schema = z.object({ email: rules.email(), name: rules.requiredText(10) });

describe('form layer', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the first error of each field, as a code', () => {
    expect(validate(schema, { email: '', name: 'far too long a name' }).errors).toEqual({
      email: 'required',
      name: 'tooLong',
    });
  });

  it('shows a field error only after the field was left, and every error after a submit', () => {
    const errors: FieldErrors = { email: 'email', name: 'required' };
    const touched = new Set(['email']);
    expect(visibleError('email', errors, { touched, submitted: false })).toBe('email');
    expect(visibleError('name', errors, { touched, submitted: false })).toBeUndefined();
    expect(visibleError('name', errors, { touched, submitted: true })).toBe('required');
    expect(visibleError('name', {}, { touched, submitted: true })).toBeUndefined();
  });

  it('derives the spec states: submitted, loading, incomplete, valid', () => {
    expect(formFlags({ errors: { name: 'required' }, submitted: true, pending: false })).toEqual({
      submitted: true,
      loading: false,
      incomplete: true,
      valid: false,
    });
    expect(formFlags({ errors: {}, submitted: false, pending: true })).toEqual({
      submitted: false,
      loading: true,
      incomplete: false,
      valid: true,
    });
  });

  it('delays input validation by 20 ms and only runs the last one', () => {
    vi.useFakeTimers();
    const debouncer = createDebouncer();
    const calls: string[] = [];
    debouncer.run('validate', () => calls.push('a'));
    vi.advanceTimersByTime(10);
    debouncer.run('validate', () => calls.push('ab'));
    vi.advanceTimersByTime(19);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['ab']);
  });

  it('reads only string fields from a post, without React internals, capped in length', () => {
    const data = new FormData();
    data.set('name', 'Ana');
    data.set('$ACTION_ID_abc', '');
    data.set('file', new Blob(['x']));
    data.set('long', 'y'.repeat(20));
    expect(valuesFromFormData(data, 5)).toEqual({ name: 'Ana', long: 'yyyyy' });
  });
});

describe('lazySchema', () => {
  it('downloads the schema once, on first use, and hands it out synchronously after', async () => {
    let downloads = 0;
    const schema = z.object({ name: z.string().min(1, 'required') });
    const lazy = lazySchema(async () => {
      downloads += 1;
      return schema;
    });
    expect(downloads).toBe(0);
    expect(lazy.current()).toBeNull();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(schema);
    expect(b).toBe(schema);
    expect(lazy.current()).toBe(schema);
    expect(downloads).toBe(1);
  });

  it('tries again after a failed download', async () => {
    let attempts = 0;
    const schema = z.object({});
    const lazy = lazySchema(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return schema;
    });
    await expect(lazy.load()).rejects.toThrow('offline');
    expect(lazy.current()).toBeNull();
    await expect(lazy.load()).resolves.toBe(schema);
    expect(attempts).toBe(2);
  });
});
