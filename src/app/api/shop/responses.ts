import 'server-only';

/** Live shop data: never cached by the browser, a CDN or Next. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** Errors are translation keys of the `shop` namespace, never prose. */
export function error(status: number, key: string, extra: Record<string, unknown> = {}): Response {
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
