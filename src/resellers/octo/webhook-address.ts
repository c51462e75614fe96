import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

import { formatAddress, inRange, parseAddress, parseRange, type Address } from '@/security/ip-ranges';

/**
 * Where a reseller's webhook may point (issue 42, decision 169): an https address of a public
 * server. An admin (or whoever holds an admin's password) could otherwise make the shop post, from
 * inside our network, to the cloud's metadata service (169.254.169.254), the database's host or
 * anything else only the instance reaches. Checked when the URL is saved and again when posting:
 * the name may resolve elsewhere by then, so the post connects only to an address checked at that
 * moment (the lookup below is the connection's own).
 */

/** Never a webhook's: private, shared, loopback, link-local (the metadata service), unspecified, multicast. */
const NOT_PUBLIC = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/3',
  // IPv6: unspecified, loopback and the old IPv4-compatible form (`::127.0.0.1`), unique local,
  // link-local, multicast. IPv4-mapped forms (`::ffff:10.0.0.1`) are IPv4 addresses in ip-ranges.
  '::/96',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
].map((range) => parseRange(range)!);
/** NAT64 (`64:ff9b::10.0.0.1`) reaches the IPv4 address it embeds: that one is checked. */
const NAT64 = parseRange('64:ff9b::/96')!;
const LOOPBACK = ['127.0.0.0/8', '::1/128'].map((range) => parseRange(range)!);

export type WebhookAddressOptions = {
  /** A real deployment: https only, and no loopback either. */
  production: boolean;
};

function embeddedV4(address: Address): Address {
  return Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...address.subarray(12)]);
}

/**
 * May a webhook connect to this address? Outside production a developer's own receiver on
 * loopback (127.0.0.1, ::1) is allowed; private networks and the metadata service never are.
 */
export function isPublicAddress(text: string, { production }: WebhookAddressOptions): boolean {
  const parsed = parseAddress(text);
  if (!parsed) return false;
  const address = inRange(parsed, NAT64) ? embeddedV4(parsed) : parsed;
  if (!production && LOOPBACK.some((range) => inRange(address, range))) return true;
  return !NOT_PUBLIC.some((range) => inRange(address, range));
}

/** The resolver, one object so tests stub it instead of asking the internet. */
export const webhookDns = {
  resolve: async (hostname: string): Promise<{ address: string; family: number }[]> =>
    lookup(hostname, { all: true, verbatim: true }),
};

/** `[::1]` as a URL writes it, `::1` as an address. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** The URL's shape alone: https (http outside production), no user or password. Null when fine. */
function shapeProblem(url: URL, { production }: WebhookAddressOptions): string | null {
  if (url.protocol !== 'https:' && (production || url.protocol !== 'http:')) return 'not https';
  if (url.username || url.password) return 'credentials in the URL';
  if (!url.hostname) return 'no host';
  return null;
}

/**
 * Why this URL may not be a webhook's (null: it may): its shape, a literal address that is not
 * public, or a name that does not resolve, or resolves to any address that is not public.
 */
export async function webhookUrlProblem(
  raw: string,
  { resolve = true, ...options }: WebhookAddressOptions & { resolve?: boolean },
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'not a URL';
  }
  const shape = shapeProblem(url, options);
  if (shape) return shape;
  const host = bare(url.hostname);
  if (parseAddress(host)) return isPublicAddress(host, options) ? null : `${host} is not a public address`;
  if (!resolve) return null;
  let addresses: { address: string }[];
  try {
    addresses = await webhookDns.resolve(host);
  } catch {
    return `${host} does not resolve`;
  }
  const refused = addresses.find((entry) => !isPublicAddress(entry.address, options));
  if (addresses.length === 0) return `${host} does not resolve`;
  return refused ? `${host} resolves to ${formatAddress(parseAddress(refused.address)!)}` : null;
}

/**
 * The connection's own name lookup: resolves now, refuses the connection if any address is not
 * public, and hands the socket only checked addresses (a name rebound since the check cannot slip
 * in between). Answers both forms Node asks in (`all` for its happy-eyeballs connect).
 */
function checkedLookup(options: WebhookAddressOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    webhookDns.resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((entry) => !isPublicAddress(entry.address, options));
        if (addresses.length === 0 || refused) {
          const error = Object.assign(new Error(`${hostname} resolves to an address that is not public`), {
            code: 'EWEBHOOKADDRESS',
          });
          callback(error, '', 4);
          return;
        }
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

/**
 * POSTs `body` to a webhook URL, connecting only to a checked address, following no redirect
 * (a 3xx is an answer like any other). Resolves with the HTTP status; rejects when the URL or its
 * address is refused, on a network error or after `timeoutMs`.
 */
export async function postToWebhook(
  raw: string,
  {
    headers,
    body,
    timeoutMs,
    ...options
  }: { headers: Record<string, string>; body: string; timeoutMs: number } & WebhookAddressOptions,
): Promise<number> {
  const url = new URL(raw.trim());
  const shape = shapeProblem(url, options);
  if (shape) throw new Error(`webhook URL refused: ${shape}`);
  const host = bare(url.hostname);
  // A literal address is connected to without any lookup: checked here.
  if (parseAddress(host) && !isPublicAddress(host, options)) {
    throw new Error(`webhook URL refused: ${host} is not a public address`);
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: checkedLookup(options),
        // A pooled socket would skip the lookup: every post connects afresh.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
