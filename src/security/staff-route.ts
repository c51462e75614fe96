import 'server-only';

import type { Payload } from 'payload';
import { z } from 'zod';

import { isLocale, type Locale } from '@/i18n/locales';
import { payloadClient } from '@/lib/payload';
import type { User } from '@/payload-types';

import { domainRefusal } from './domain-errors';
import { securityMessages, staffLocale } from './messages';
import { can, type Action, type Resource, type Role } from './policy';

/**
 * The one way into a staff route handler (src/app/api/ops/**, src/app/api/boarding/**): the
 * session, the policy's verdict, the params, a size-limited JSON body checked by a schema, and
 * answers in one format (docs/decisions/129-one-staff-policy.md). src/security/policy.test.ts
 * fails the build for a handler that does not go through `staffRoute`.
 */

/** Staff data is live and personal: never cached anywhere (a CDN, the browser, Next). */
export const NO_STORE = { 'Cache-Control': 'no-store, private' } as const;

/** Every staff JSON answer. */
export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** `{ ok: false, error }`, with whatever else the route says (a localized `message`, numbers). */
export function refuse(status: number, error: string, extra: Record<string, unknown> = {}): Response {
  return json({ ok: false, error, ...extra }, status);
}

/**
 * The staff member's back-office language: the one they chose (Payload keeps it in the
 * `payload-lng` cookie), else their browser's, else Catalan. The same rule Payload's admin
 * follows, so an API answer and the page that asked for it speak the same language.
 */
export function staffLanguage(request: Request): Locale {
  return staffLocale(request.headers);
}

export type StaffUser = User & { role: Role };

/**
 * The signed-in staff member behind a request (Payload's session cookie or an
 * `Authorization: JWT …` header), or the answer to send instead: 401 when nobody is signed in.
 */
export async function staffSession(request: Request): Promise<{ payload: Payload; user: StaffUser } | Response> {
  const payload = await payloadClient();
  const { user } = await payload.auth({ headers: request.headers });
  if (!user || user.collection !== 'users') return refuse(401, 'signInRequired');
  return { payload, user: user as StaffUser };
}

/** A JSON object, for handlers that check its fields themselves (arrays and scalars are refused). */
export const jsonObject = z.record(z.string(), z.unknown());

/** Bodies are a few fields; the crew's offline queue of check-ins is the largest we take. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

type BodyRead = { ok: true; value: unknown } | { ok: false };

/**
 * The body parsed as JSON (null when empty or not JSON), or `ok: false` past `limit` bytes:
 * counted as it arrives, so no request makes the handler buffer more than the limit.
 */
async function readJsonBody(request: Request, limit: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return { ok: false };
  if (!request.body) return { ok: true, value: null };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return { ok: false };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: true, value: null };
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    // Like Request.json(): UTF-8, a leading BOM dropped.
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return { ok: true, value: null };
  }
}

/** What every handler gets once the session and the policy let the request through. */
export type StaffRequest = {
  request: Request;
  payload: Payload;
  user: StaffUser;
  /** How the audit log and payment events name this staff member. */
  by: string;
  language: Locale;
  /** The policy, for this user: a resource (today's departure only, for the crew) or another action. */
  can: (action: Action, resource?: Resource) => boolean;
};

type RouteContext<Raw> = { params: Promise<Raw> };

/** The URL param `name`, as it came: `params: param('reference')` makes the handler's `params` that string. */
export function param<Name extends string>(name: Name): (raw: Record<Name, string>) => string {
  return (raw) => raw[name];
}

type Options<Raw, Params, Schema extends z.ZodType | undefined> = {
  /** What the handler does: who may is the policy's business (src/security/policy.ts). */
  action: Action;
  /**
   * The URL's params (and query, where it names the thing) as the handler needs them, or the
   * answer to a malformed one. Checked after the session, before the body.
   */
  params?: (raw: Raw, staff: StaffRequest) => Params | Response;
  /** The JSON body's schema: its output is the handler's `body`. Empty or non-JSON bodies parse as null. */
  body?: Schema;
  /** The answer to a body the schema refuses (default 400 `invalidRequest`). */
  invalidBody?: (staff: StaffRequest) => Response;
  /** Largest body in bytes (default 64 kB); past it, 413 `bodyTooLarge`. */
  maxBodyBytes?: number;
};

type Handler<Params, Body> = (staff: StaffRequest & { params: Params; body: Body }) => Promise<Response>;

/**
 * A route handler for staff: 401 signed out, 403 `forbidden` when the policy refuses the action,
 * then the params, then the body (413 past its limit, the route's answer when the schema refuses
 * it), then `handler`. The context is optional so tests and param-less routes call it with the
 * request alone.
 */
export function staffRoute<
  Raw extends Record<string, string> = Record<string, string>,
  Params = Raw,
  Schema extends z.ZodType | undefined = undefined,
>(
  options: Options<Raw, Params, Schema>,
  handler: Handler<Params, Schema extends z.ZodType ? z.output<Schema> : undefined>,
): (request: Request, context?: RouteContext<Raw>) => Promise<Response> {
  return async (request, context) => {
    const session = await staffSession(request);
    if (session instanceof Response) return session;
    const { payload, user } = session;
    if (!can(user, options.action)) return refuse(403, 'forbidden');
    const staff: StaffRequest = {
      request,
      payload,
      user,
      by: `user:${user.id}`,
      language: isLocale(user.language) ? user.language : staffLanguage(request),
      can: (action, resource) => can(user, action, resource),
    };
    const raw = ((await context?.params) ?? {}) as Raw;
    const params = options.params ? options.params(raw, staff) : (raw as unknown as Params);
    if (params instanceof Response) return params;
    let body: unknown = undefined;
    if (options.body) {
      const read = await readJsonBody(request, options.maxBodyBytes ?? DEFAULT_BODY_LIMIT);
      if (!read.ok) {
        return refuse(413, 'bodyTooLarge', { message: securityMessages(staff.language).errors.bodyTooLarge });
      }
      const parsed = options.body.safeParse(read.value);
      if (!parsed.success) return options.invalidBody?.(staff) ?? refuse(400, 'invalidRequest');
      body = parsed.data;
    }
    try {
      return await handler({ ...staff, params, body: body as Schema extends z.ZodType ? z.output<Schema> : undefined });
    } catch (error) {
      // A booking or departure another request changed first: 409, never a 500 (src/security/domain-errors.ts).
      const refusal = domainRefusal(error, staff.language);
      if (!refusal) throw error;
      return refuse(refusal.status, refusal.error, { message: refusal.message });
    }
  };
}
