import { matchAcceptLanguage } from '@/i18n/locales';
import { payloadClient } from '@/lib/payload';
import { domainRefusal } from '@/security/domain-errors';

import { authenticate, capabilitiesOf, errorResponse, headers, OctoError, type OctoContext } from './http';

/**
 * The OCTO API's Next routes: they start from the app's Payload. Apart from http.ts, which the
 * OCTO modules run by Payload's own jobs (webhooks.ts) also use, so that nothing the Payload
 * config loads imports the module that loads the config (src/lib/payload.ts).
 */

/** Authenticates, reads language and capabilities, runs `handle` and answers JSON or an OCTO error. */
export async function octoRoute(request: Request, handle: (ctx: OctoContext) => Promise<unknown>): Promise<Response> {
  const locale = matchAcceptLanguage(request.headers.get('accept-language')) ?? 'ca';
  const capabilities = capabilitiesOf(request);
  try {
    const payload = await payloadClient();
    const reseller = await authenticate(payload, request);
    const body = await handle({ payload, reseller, locale, pricing: capabilities.includes('octo/pricing'), request });
    return new Response(JSON.stringify(body), { status: 200, headers: headers(locale, capabilities) });
  } catch (error) {
    if (error instanceof OctoError) return errorResponse(error, locale, capabilities);
    // Another request changed the booking first (ten PATCHes of one booking at once): a 409 in
    // OCTO's error body, as the office's move answers it; OCTO has no code of its own for it.
    const refusal = domainRefusal(error, locale);
    if (refusal) {
      return errorResponse(new OctoError('BAD_REQUEST', refusal.message, {}, refusal.status), locale, capabilities);
    }
    throw error;
  }
}

/** The request's JSON body, or BAD_REQUEST. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const raw = await request.text();
    // cancel and extend may be sent without a body
    if (raw.trim() === '') return {};
    const body: unknown = JSON.parse(raw);
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new OctoError('BAD_REQUEST', 'The body must be a JSON object');
}
