import { describe, expect, it } from 'vitest';

import { parseRangeList } from '../security/ip-ranges';

import { clientIpFrom } from './client-ip';

const SOCKET = 'x-client-address-0123456789abcdef';
const config = (proxies: string) => ({
  ENABLE_TEST_ROUTES: false,
  TRUSTED_PROXIES: parseRangeList(proxies).ranges,
  CLIENT_ADDRESS_HEADER: SOCKET as string | undefined,
});
const request = (socket: string, forwarded?: string) =>
  new Headers({ [SOCKET]: socket, ...(forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }) });

describe('client IP', () => {
  it('with no trusted proxy, takes the socket address and ignores a forged X-Forwarded-For', () => {
    for (const forged of ['198.51.100.1', '198.51.100.2, 198.51.100.3']) {
      const headers = new Headers({ 'x-forwarded-for': forged, 'x-real-ip': '198.51.100.9', [SOCKET]: '203.0.113.7' });
      expect(clientIpFrom(headers, config(''))).toBe('203.0.113.7');
    }
  });

  it('a client reaching the instance directly is its socket, whatever X-Forwarded-For says (issue 42)', () => {
    // The proxy is 10.0.0.2; this client connected from elsewhere and rotates the header.
    for (let i = 0; i < 30; i++) {
      expect(clientIpFrom(request('203.0.113.7', `198.51.100.${i}`), config('10.0.0.2'))).toBe('203.0.113.7');
    }
  });

  it('from a trusted proxy, reads from the right and skips our proxies; spoofed left entries are ignored', () => {
    const proxies = config('10.0.0.0/24, 192.168.1.1');
    // The client wrote "forged"; the outer proxy (10.0.0.9) appended the real client; the inner
    // one (192.168.1.1) appended 10.0.0.9 and connected to us.
    expect(clientIpFrom(request('192.168.1.1', 'forged, 198.51.100.1, 203.0.113.7, 10.0.0.9'), proxies)).toBe(
      '203.0.113.7',
    );
    expect(clientIpFrom(request('10.0.0.3', '203.0.113.7'), proxies)).toBe('203.0.113.7');
    // A trusted socket without the header: the proxy itself (a health check).
    expect(clientIpFrom(request('10.0.0.3'), proxies)).toBe('10.0.0.3');
  });

  it('a chain made only of our proxies gives its left-most entry', () => {
    expect(clientIpFrom(request('10.0.0.3', '10.0.0.1, 10.0.0.2'), config('10.0.0.0/8'))).toBe('10.0.0.1');
  });

  it('an entry that is not an address stops the walk at the proxy that passed it on', () => {
    expect(clientIpFrom(request('10.0.0.3', '198.51.100.1, unknown'), config('10.0.0.0/8'))).toBe('10.0.0.3');
    expect(clientIpFrom(request('10.0.0.3', '198.51.100.1, , 203.0.113.7'), config('10.0.0.0/8'))).toBe('203.0.113.7');
  });

  it('IPv4-mapped IPv6 sockets (a server listening on ::) match IPv4 ranges and count as IPv4', () => {
    expect(clientIpFrom(request('::ffff:127.0.0.1', '203.0.113.7'), config('127.0.0.1'))).toBe('203.0.113.7');
    expect(clientIpFrom(request('::ffff:203.0.113.7', '198.51.100.1'), config('127.0.0.1'))).toBe('203.0.113.7');
  });

  it('IPv6 proxies and clients, one spelling per address', () => {
    const proxies = config('fd00::/8, ::1');
    expect(clientIpFrom(request('::1', '2001:DB8:0:0::1, fd00::2'), proxies)).toBe('2001:db8::1');
    expect(clientIpFrom(request('2001:db8::7', '198.51.100.1'), proxies)).toBe('2001:db8::7');
    expect(clientIpFrom(request('::1', '[2001:db8::1]:4711'), proxies)).toBe('2001:db8::1');
  });

  it('without the production server, nobody can choose their address', () => {
    const headers = new Headers({ 'x-forwarded-for': '198.51.100.1', [SOCKET]: '198.51.100.1' });
    expect(clientIpFrom(headers, { ...config('0.0.0.0/0'), CLIENT_ADDRESS_HEADER: undefined })).toBe('unknown');
  });

  it('honours the test header only with test routes on', () => {
    const headers = new Headers({ 'x-test-client-ip': 'visitor-1', [SOCKET]: '203.0.113.7' });
    expect(clientIpFrom(headers, config(''))).toBe('203.0.113.7');
    expect(clientIpFrom(headers, { ...config(''), ENABLE_TEST_ROUTES: true })).toBe('visitor-1');
  });
});
