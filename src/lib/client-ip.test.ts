import { describe, expect, it } from 'vitest';

import { clientIpFrom } from './client-ip';

const SOCKET = 'x-client-address-0123456789abcdef';
const config = (hops: number, header: string | undefined = SOCKET) => ({
  ENABLE_TEST_ROUTES: false,
  TRUSTED_PROXY_HOPS: hops,
  CLIENT_ADDRESS_HEADER: header,
});

describe('client IP', () => {
  it('with no trusted proxy, takes the socket address and ignores a forged X-Forwarded-For', () => {
    for (const forged of ['198.51.100.1', '198.51.100.2, 198.51.100.3']) {
      const headers = new Headers({ 'x-forwarded-for': forged, 'x-real-ip': '198.51.100.9', [SOCKET]: '203.0.113.7' });
      expect(clientIpFrom(headers, config(0))).toBe('203.0.113.7');
    }
  });

  it('behind N proxies, takes the entry the outermost of them appended', () => {
    const headers = new Headers({ 'x-forwarded-for': 'forged, 203.0.113.7, 10.0.0.2', [SOCKET]: '10.0.0.3' });
    expect(clientIpFrom(headers, config(1))).toBe('10.0.0.2');
    expect(clientIpFrom(headers, config(2))).toBe('203.0.113.7');
    // More hops configured than entries: the socket, never the forged first entry.
    expect(clientIpFrom(new Headers({ [SOCKET]: '10.0.0.3' }), config(2))).toBe('10.0.0.3');
  });

  it('without the production server, nobody can choose their address', () => {
    const headers = new Headers({ 'x-forwarded-for': '198.51.100.1', [SOCKET]: '198.51.100.1' });
    expect(clientIpFrom(headers, { ...config(0), CLIENT_ADDRESS_HEADER: undefined })).toBe('unknown');
  });

  it('honours the test header only with test routes on', () => {
    const headers = new Headers({ 'x-test-client-ip': 'visitor-1', [SOCKET]: '203.0.113.7' });
    expect(clientIpFrom(headers, config(0))).toBe('203.0.113.7');
    expect(clientIpFrom(headers, { ...config(0), ENABLE_TEST_ROUTES: true })).toBe('visitor-1');
  });
});
