import { env } from './env';

/** Test-only: lets e2e tests act as distinct visitors (honoured only with ENABLE_TEST_ROUTES). */
export const TEST_CLIENT_IP_HEADER = 'x-test-client-ip';

/**
 * The visitor's IP for rate limiting. Next copies the socket address into X-Forwarded-For only
 * when the request has none, so the trustworthy entry is the one appended by the last proxy we
 * run: TRUSTED_PROXY_HOPS counts them (0 or 1 both take the last entry). With no proxy in
 * front, a client can spoof the header: production runs behind one (see decision 020).
 */
export function clientIp(headers: Headers): string {
  const config = env();
  if (config.ENABLE_TEST_ROUTES) {
    const forced = headers.get(TEST_CLIENT_IP_HEADER);
    if (forced) return forced.slice(0, 64);
  }
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const index = chain.length - Math.max(config.TRUSTED_PROXY_HOPS, 1);
  return chain[Math.max(index, 0)] ?? headers.get('x-real-ip') ?? 'unknown';
}
