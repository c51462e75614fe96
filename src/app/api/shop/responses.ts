import 'server-only';

/** Live shop data: never cached by the browser, a CDN or Next. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/**
 * Every error the shop API answers with: a key of the `shop.errors` messages, never prose, so the
 * browser shows it in the visitor's language (a unit test checks each has a message in ca, es,
 * en and fr). The per-field keys of a 422 come from `bookingErrorKeys` (booking-schema.ts).
 */
export const shopApiErrorKeys = [
  'invalidRequest',
  'incompleteForm',
  'capacityExhausted',
  'bookingClosed',
  'departureUnavailable',
  'departureNotFound',
  'notBookableOnline',
  'bookingNotFound',
  'linkExpired',
  'holdExpired',
  'departureCancelled',
  'alreadyExtended',
  'alreadyPaid',
  'invalidMonth',
  'invalidLocale',
  'tourNotFound',
  'holdLimitReached',
  // Answered by lib/endpoint-limits.ts, which builds its own 429.
  'tooManyRequests',
] as const;
export type ShopApiErrorKey = (typeof shopApiErrorKeys)[number];

export function error(status: number, key: ShopApiErrorKey, extra: Record<string, unknown> = {}): Response {
  return json({ ok: false, error: key, ...extra }, status);
}

/** A JSON body or a form post, as a plain record of strings (what the booking schema expects). */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const body: unknown = await request.json();
      return typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : null;
    }
    const form = await request.formData();
    const out: Record<string, unknown> = {};
    for (const [key, value] of form) if (typeof value === 'string') out[key] = value;
    return out;
  } catch {
    return null;
  }
}
