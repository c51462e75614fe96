// A client-side navigation names the page it is on in `Next-Router-State-Tree`. Plain JS:
// scripts/server.mjs applies it before Next sees the request.
//
// Next parses that header while rendering and throws when it cannot (a malformed tree, one over
// its size limit): the answer was a 500 with an error logged, for a request anyone can make. Every
// existing page got its 307 to the right `_rsc` first, so it showed on the pages that do not
// exist: a navigation to a missing page answered 500, not the 404 page. A header Next would refuse
// is dropped instead; without it Next renders the whole page tree, which any router can use, and
// a real router never sends one Next cannot read. Next's own parser decides, so the two agree.
import { createRequire } from 'node:module';

const nextRequire = createRequire(createRequire(import.meta.url).resolve('next'));
const { parseAndValidateFlightRouterState } = nextRequire(
  'next/dist/server/app-render/parse-and-validate-flight-router-state',
);

export const ROUTER_STATE_HEADER = 'next-router-state-tree';

/**
 * Removes a router state header Next could not read. True when it did.
 * @param {{ headers: Record<string, string | string[] | undefined> }} req
 */
export function dropUnreadableRouterState(req) {
  const value = req.headers[ROUTER_STATE_HEADER];
  if (value === undefined) return false;
  try {
    parseAndValidateFlightRouterState(value);
    return false;
  } catch {
    delete req.headers[ROUTER_STATE_HEADER];
    return true;
  }
}
