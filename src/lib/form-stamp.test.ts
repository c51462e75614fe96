import { describe, expect, it } from 'vitest';

import { checkStamp, issueStamp } from './form-stamp';

const secret = 'test-secret';

describe('form stamp', () => {
  it('accepts its own stamp once the minimum time has passed', () => {
    const stamp = issueStamp(secret, 1_700_000_000_000);
    expect(checkStamp(stamp, secret, { minAgeMs: 3000, now: 1_700_000_003_000 })).toEqual({ ok: true, ageMs: 3000 });
  });

  it('refuses a form sent faster than the minimum time', () => {
    const stamp = issueStamp(secret, 1_700_000_000_000);
    expect(checkStamp(stamp, secret, { minAgeMs: 3000, now: 1_700_000_002_999 })).toEqual({
      ok: false,
      reason: 'tooFast',
    });
  });

  it('refuses forged, backdated, missing and foreign stamps', () => {
    const stamp = issueStamp(secret, 1_700_000_000_000);
    const [, signature] = stamp.split('.');
    const opts = { minAgeMs: 3000, now: 1_700_000_100_000 };
    expect(checkStamp(`1600000000000.${signature}`, secret, opts)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkStamp(stamp, 'other-secret', opts)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkStamp(undefined, secret, opts)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkStamp('garbage', secret, opts)).toEqual({ ok: false, reason: 'invalid' });
    const future = issueStamp(secret, 1_700_000_000_000 + 3_600_000);
    expect(checkStamp(future, secret, opts)).toEqual({ ok: false, reason: 'invalid' });
  });
});
