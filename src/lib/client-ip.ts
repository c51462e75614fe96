import { env, type Env } from './env';

/** Test-only: lets e2e tests act as distinct visitors (honoured only with ENABLE_TEST_ROUTES). */
export const TEST_CLIENT_IP_HEADER = 'x-test-client-ip';

type IpConfig = Pick<Env, 'ENABLE_TEST_ROUTES' | 'TRUSTED_PROXY_HOPS' | 'CLIENT_ADDRESS_HEADER'>;

/**
 * The visitor's IP for rate limits and hold limits (docs/decisions/041-client-ip.md).
 *
 * Route handlers cannot see the socket, so scripts/server.mjs copies the socket address into a
 * header whose name is random per process (CLIENT_ADDRESS_HEADER): a client cannot guess it,
 * let alone forge it. X-Forwarded-For is anyone's to write, so it counts only when
 * TRUSTED_PROXY_HOPS says proxies of ours append to it: then the entry the outermost of them
 * appended is the client. Without the server (next dev) every visitor is `unknown`: one shared
 * bucket, never a spoofable one.
 */
export function clientIpFrom(headers: Headers, config: IpConfig): string {
  if (config.ENABLE_TEST_ROUTES) {
    const forced = headers.get(TEST_CLIENT_IP_HEADER);
    if (forced) return forced.slice(0, 64);
  }
  const socket = config.CLIENT_ADDRESS_HEADER ? headers.get(config.CLIENT_ADDRESS_HEADER) : null;
  if (config.TRUSTED_PROXY_HOPS > 0) {
    const chain = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const fromProxy = chain[chain.length - config.TRUSTED_PROXY_HOPS];
    if (fromProxy) return fromProxy.slice(0, 64);
  }
  return socket?.slice(0, 64) || 'unknown';
}

export function clientIp(headers: Headers): string {
  return clientIpFrom(headers, env());
}
