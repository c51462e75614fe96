/**
 * Where a staff redirect may send visitors (issue 42, decision 169): a path of this site, or an
 * https address on a host an administrator named in the site settings (`allowedRedirectHosts`).
 * Office staff could otherwise turn any old address of ours into a link to a phishing site that
 * carries our domain in the e-mail or the search result.
 */

/** A host name as staff write it: `shop.example.com`, lower case, no scheme, port or path. */
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The allowed hosts, one a line (or separated by commas or spaces); `invalid` lists what is not a host name. */
export function parseAllowedHosts(text: string | null | undefined): { hosts: string[]; invalid: string[] } {
  const entries = (text ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return {
    hosts: entries.filter((entry) => HOST.test(entry)),
    invalid: entries.filter((entry) => !HOST.test(entry)),
  };
}

/**
 * A path of this site: one `/`, never `//` or `/\` (browsers read both as another host), no
 * backslash, space or control character anywhere (browsers turn `\` into `/`).
 */
export function isSitePath(to: string): boolean {
  return /^\/(?![/\\])/.test(to) && !/[\\\s\u0000-\u001f\u007f]/.test(to);
}

/** May a redirect send visitors to `to`, given the hosts the administrators allowed? */
export function redirectTargetAllowed(to: string | null | undefined, allowedHosts: readonly string[]): boolean {
  if (!to) return false;
  if (to.startsWith('/')) return isSitePath(to);
  if (!to.startsWith('https://') || /[\\\s\u0000-\u001f\u007f]/.test(to)) return false;
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    return false;
  }
  // `https://shop.example.com@evil.example/` names evil.example: refused, as is any user or port.
  if (url.username || url.password || url.port) return false;
  return allowedHosts.includes(url.hostname.toLowerCase());
}
