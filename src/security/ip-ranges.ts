/**
 * IP addresses and CIDR ranges, IPv4 and IPv6, for TRUSTED_PROXIES (docs/decisions/166-trusted-proxies.md).
 *
 * Every address is held as 16 bytes: an IPv4 address as its IPv4-mapped IPv6 form
 * (`::ffff:a.b.c.d`), which is what Node reports for an IPv4 client of a server listening on `::`.
 * So `127.0.0.1` and `::ffff:127.0.0.1` are one address, and an IPv4 range `10.0.0.0/8` is the
 * IPv6 range `::ffff:10.0.0.0/104`. Written without Node's `net` module, so the parser runs
 * wherever the configuration is read.
 */

export type Address = Uint8Array;
export type AddressRange = { readonly base: Address; readonly bits: number };

const V4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function parseV4(text: string): number[] | null {
  const m = V4.exec(text);
  if (!m) return null;
  const bytes = m.slice(1).map((part) => (part.length > 1 && part.startsWith('0') ? NaN : Number(part)));
  return bytes.every((b) => Number.isInteger(b) && b <= 255) ? bytes : null;
}

function mapped(v4: number[]): Address {
  return Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4]);
}

function parseV6(text: string): Address | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string, last: boolean): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      // An embedded IPv4 address may end the address (`::ffff:10.0.0.1`, `64:ff9b::1.2.3.4`).
      if (last && i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseV4(piece);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        out.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groups(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? groups(halves[1]!, true) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<number>(missing).fill(0), ...tail];
  return Uint8Array.from(all.flatMap((g) => [g >> 8, g & 0xff]));
}

/**
 * An address as a socket or a proxy reports it: `203.0.113.7`, `2001:db8::1`, `::ffff:10.0.0.1`.
 * Tolerates what proxies sometimes add around it: brackets and a port (`[2001:db8::1]:443`,
 * `203.0.113.7:5123`) and an IPv6 zone (`fe80::1%eth0`). Anything else: null.
 */
export function parseAddress(raw: string): Address | null {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.indexOf(':'));
  text = text.replace(/%[\w.-]+$/, '');
  if (text.length > 45) return null;
  const v4 = parseV4(text);
  if (v4) return mapped(v4);
  return text.includes(':') ? parseV6(text) : null;
}

function isMappedV4(address: Address): boolean {
  return address.subarray(0, 10).every((b) => b === 0) && address[10] === 0xff && address[11] === 0xff;
}

/**
 * One spelling per address, so a visitor counts once however the address was written: IPv4
 * (mapped or not) as a dotted quad, IPv6 in RFC 5952's compressed lower-case form.
 */
export function formatAddress(address: Address): string {
  if (isMappedV4(address)) return Array.from(address.subarray(12)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => (address[2 * i]! << 8) | address[2 * i + 1]!);
  // The longest run of two or more zero groups (the first of equals) becomes `::`.
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/** `10.0.0.1`, `10.0.0.0/8`, `2001:db8::/32`, `::1`: one range, or null when it is not one. */
export function parseRange(raw: string): AddressRange | null {
  const text = raw.trim();
  const [addressText, prefix, extra] = text.split('/');
  if (extra !== undefined || !addressText) return null;
  const v4 = parseV4(addressText);
  const base = v4 ? mapped(v4) : addressText.includes(':') ? parseV6(addressText) : null;
  if (!base) return null;
  const max = v4 ? 32 : 128;
  let bits = max;
  if (prefix !== undefined) {
    if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) return null;
    bits = Number(prefix);
  }
  return { base, bits: v4 ? 96 + bits : bits };
}

export function inRange(address: Address, range: AddressRange): boolean {
  const whole = range.bits >> 3;
  for (let i = 0; i < whole; i++) if (address[i] !== range.base[i]) return false;
  const rest = range.bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (address[whole]! & mask) === (range.base[whole]! & mask);
}

/**
 * A comma-separated list of addresses and ranges (TRUSTED_PROXIES). Every entry must parse: a
 * typo must stop the instance at start-up, not quietly trust nobody or the wrong network.
 */
export function parseRangeList(text: string): { ranges: AddressRange[]; invalid: string[] } {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ranges: AddressRange[] = [];
  const invalid: string[] = [];
  for (const entry of entries) {
    const range = parseRange(entry);
    if (range) ranges.push(range);
    else invalid.push(entry);
  }
  return { ranges, invalid };
}
