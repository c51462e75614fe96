import { formatAddress, inRange, parseAddress, type Address, type AddressRange } from '../security/ip-ranges';

import { env, type Env } from './env';

/** Test-only: lets e2e tests act as distinct visitors (honoured only with ENABLE_TEST_ROUTES). */
export const TEST_CLIENT_IP_HEADER = 'x-test-client-ip';

type IpConfig = Pick<Env, 'ENABLE_TEST_ROUTES' | 'TRUSTED_PROXIES' | 'CLIENT_ADDRESS_HEADER'>;

/** Longer than any address: a value past this is not one, and never becomes a limiter's key whole. */
const MAX_KEY = 64;

function trusted(address: Address, proxies: readonly AddressRange[]): boolean {
  return proxies.some((range) => inRange(address, range));
}

/**
 * The visitor's IP for rate limits and hold limits (docs/decisions/166-trusted-proxies.md, which
 * replaces 041's hop count). The one place a client address is derived.
 *
 * Route handlers cannot see the socket, so scripts/server.mjs copies the socket address into a
 * header whose name is random per process (CLIENT_ADDRESS_HEADER): a client cannot guess it,
 * let alone forge it. X-Forwarded-For is anyone's to write, so it is read only when the socket is
 * one of our proxies (TRUSTED_PROXIES), and then from the right: each of our proxies appended the
 * address it was reached from, so the first entry that is not one of ours is the client; whatever
 * lies left of it the client wrote itself. A client that reaches the instance directly is its
 * socket address, whatever it sends. Without the server (next dev) every visitor is `unknown`:
 * one shared bucket, never a spoofable one.
 */
export function clientIpFrom(headers: Headers, config: IpConfig): string {
  if (config.ENABLE_TEST_ROUTES) {
    const forced = headers.get(TEST_CLIENT_IP_HEADER);
    if (forced) return forced.slice(0, MAX_KEY);
  }
  const socketText = config.CLIENT_ADDRESS_HEADER ? headers.get(config.CLIENT_ADDRESS_HEADER) : null;
  if (!socketText) return 'unknown';
  let hop = parseAddress(socketText);
  // Node always reports a parsable address; anything else is kept as it is, but never trusted.
  if (!hop) return socketText.slice(0, MAX_KEY);
  const chain = (headers.get('x-forwarded-for') ?? '').split(',');
  for (let i = chain.length - 1; i >= 0 && trusted(hop, config.TRUSTED_PROXIES); i--) {
    const entry = chain[i]!.trim();
    if (!entry) continue;
    const appended = parseAddress(entry);
    // Our proxies append addresses; a non-address means the hop that passed it on is not
    // appending as ours do. Its own address is the last one known for sure.
    if (!appended) break;
    hop = appended;
  }
  // Every entry one of ours too (the chain ran out): the left-most, the furthest hop known.
  return formatAddress(hop);
}

export function clientIp(headers: Headers): string {
  return clientIpFrom(headers, env());
}
