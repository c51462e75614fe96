import { describe, expect, it } from 'vitest';

import { retryWithBackoff, withTimeout } from './retry';

describe('retryWithBackoff', () => {
  it('keeps trying with doubling waits, capped, until the database answers', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryWithBackoff(
      async () => {
        calls += 1;
        if (calls < 8) throw new Error('ECONNREFUSED');
        return 'connected';
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('connected');
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('withTimeout', () => {
  it('answers within the limit even when the work hangs', async () => {
    await expect(withTimeout(new Promise(() => undefined), 20)).rejects.toThrow(/timed out/);
    await expect(withTimeout(Promise.resolve(1), 1000)).resolves.toBe(1);
  });
});
