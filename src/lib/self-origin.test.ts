import { describe, expect, it } from 'vitest';

import { selfOrigin } from './self-origin.mjs';

describe('selfOrigin', () => {
  it('reaches a wildcard listener on loopback, and a specific address at that address', () => {
    expect(selfOrigin(undefined, 3000)).toBe('http://127.0.0.1:3000');
    expect(selfOrigin('0.0.0.0', 3000)).toBe('http://127.0.0.1:3000');
    expect(selfOrigin('::', 3000)).toBe('http://[::1]:3000');
    expect(selfOrigin('127.0.0.1', '3100')).toBe('http://127.0.0.1:3100');
    expect(selfOrigin('::1', 3000)).toBe('http://[::1]:3000');
    expect(selfOrigin('[::1]', 3000)).toBe('http://[::1]:3000');
    expect(selfOrigin('192.0.2.2', 3000)).toBe('http://192.0.2.2:3000');
    expect(selfOrigin('fd00::2', 3000)).toBe('http://[fd00::2]:3000');
    expect(selfOrigin('localhost', 3000)).toBe('http://localhost:3000');
  });

  it('always names a URL that parses', () => {
    for (const host of [undefined, '0.0.0.0', '::', '::1', '127.0.0.1', 'fd00::2', 'app.internal']) {
      expect(() => new URL(selfOrigin(host, 3000))).not.toThrow();
    }
  });
});
