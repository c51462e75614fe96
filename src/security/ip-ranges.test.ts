import { describe, expect, it } from 'vitest';

import { formatAddress, inRange, parseAddress, parseRange, parseRangeList } from './ip-ranges';

const within = (address: string, range: string) => inRange(parseAddress(address)!, parseRange(range)!);

describe('IP addresses and ranges', () => {
  it('parses IPv4, IPv6 and IPv4-mapped IPv6 into one form', () => {
    expect(formatAddress(parseAddress('127.0.0.1')!)).toBe('127.0.0.1');
    expect(formatAddress(parseAddress('::ffff:127.0.0.1')!)).toBe('127.0.0.1');
    expect(formatAddress(parseAddress('::ffff:7f00:1')!)).toBe('127.0.0.1');
    expect(formatAddress(parseAddress('2001:0DB8:0000:0000:0000:0000:0000:0001')!)).toBe('2001:db8::1');
    expect(formatAddress(parseAddress('2001:db8:0:1:0:0:0:1')!)).toBe('2001:db8:0:1::1');
    expect(formatAddress(parseAddress('::')!)).toBe('::');
    expect(formatAddress(parseAddress('::1')!)).toBe('::1');
    expect(formatAddress(parseAddress('fe80::1%eth0')!)).toBe('fe80::1');
    expect(formatAddress(parseAddress('[fd00::2]:443')!)).toBe('fd00::2');
    expect(formatAddress(parseAddress('203.0.113.7:5123')!)).toBe('203.0.113.7');
  });

  it('refuses what is not an address', () => {
    for (const text of [
      '',
      'unknown',
      '256.0.0.1',
      '1.2.3',
      '01.2.3.4',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      ':1',
      '12345::',
      '1.2.3.4::',
      'evil.example',
      '_hidden',
    ]) {
      expect(parseAddress(text), text).toBeNull();
    }
  });

  it('matches IPv4 CIDR ranges', () => {
    expect(within('10.1.2.3', '10.0.0.0/8')).toBe(true);
    expect(within('11.0.0.1', '10.0.0.0/8')).toBe(false);
    expect(within('192.168.1.130', '192.168.1.128/25')).toBe(true);
    expect(within('192.168.1.127', '192.168.1.128/25')).toBe(false);
    expect(within('172.31.255.255', '172.16.0.0/12')).toBe(true);
    expect(within('172.32.0.0', '172.16.0.0/12')).toBe(false);
    expect(within('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(within('127.0.0.2', '127.0.0.1')).toBe(false);
    expect(within('8.8.8.8', '0.0.0.0/0')).toBe(true);
  });

  it('matches IPv6 CIDR ranges, and IPv4-mapped addresses against IPv4 ranges', () => {
    expect(within('fd00::2', 'fd00::/8')).toBe(true);
    expect(within('fe80::1', 'fd00::/8')).toBe(false);
    expect(within('2001:db8:abcd::1', '2001:db8::/32')).toBe(true);
    expect(within('2001:db9::1', '2001:db8::/32')).toBe(false);
    expect(within('::1', '::1')).toBe(true);
    expect(within('::ffff:10.0.0.5', '10.0.0.0/24')).toBe(true);
    expect(within('10.0.0.5', '::ffff:10.0.0.0/120')).toBe(true);
    // An IPv4 range never covers a native IPv6 address, and ::/0 covers everything.
    expect(within('2001:db8::1', '0.0.0.0/0')).toBe(false);
    expect(within('10.0.0.5', '::/0')).toBe(true);
  });

  it('a list names its invalid entries', () => {
    expect(parseRangeList('').ranges).toEqual([]);
    const { ranges, invalid } = parseRangeList(' 127.0.0.1, 10.0.0.0/8 ,fd00::/8,,::1 ');
    expect(ranges).toHaveLength(4);
    expect(invalid).toEqual([]);
    expect(parseRangeList('10.0.0.0/33, 2001:db8::/129, nginx, 10.0.0.1/8/1, 10.0.0.0/').invalid).toEqual([
      '10.0.0.0/33',
      '2001:db8::/129',
      'nginx',
      '10.0.0.1/8/1',
      '10.0.0.0/',
    ]);
  });
});
