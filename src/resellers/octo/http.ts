import type { Payload } from 'payload';

import { netRatesFromDoc, type NetRate } from '@/resellers/rates';
import { type Locale } from '@/i18n/locales';
import { createRateLimiter } from '@/lib/rate-limit';

import { hashApiKey } from './keys';

/**
 * The HTTP edge of the OCTO supplier API: errors exactly as OCTO names them, its capability and
 * language headers, and the reseller's key. Route handlers call `octoRoute` and stay thin.
 */

export type OctoErrorCode =
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'BAD_REQUEST'
  | 'UNPROCESSABLE_ENTITY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'INTERNAL_SERVER_ERROR';

// OCTO's HTTP statuses: every request error is 400, the key's are 401/403.
const STATUS: Record<OctoErrorCode, number> = {
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INTERNAL_SERVER_ERROR: 500,
};

export class OctoError extends Error {
  constructor(
    readonly code: OctoErrorCode,
    readonly errorMessage: string,
    readonly extra: Record<string, string> = {},
    /** OCTO has no code for a rate limit: BAD_REQUEST, sent as 429 so clients back off. */
    readonly status?: number,
  ) {
    super(`${code}: ${errorMessage}`);
  }
}

export const SUPPORTED_CAPABILITIES = ['octo/pricing'] as const;

export type Reseller = {
  id: number;
  name: string;
  /** Tour ids this reseller may sell; empty: every tour sold online. */
  tours: number[];
  commissionPercent: number;
  /** Net prices per tour and category that take the commission's place (resellers/rates.ts). */
  netRates: NetRate[];
};

export type OctoContext = {
  payload: Payload;
  reseller: Reseller;
  locale: Locale;
  /** The reseller asked for `octo/pricing`: prices appear in products, availability and bookings. */
  pricing: boolean;
  request: Request;
};

/** Per key, generous for a channel manager syncing availability, tight enough to stop a runaway loop. */
const limiter = createRateLimiter({ name: 'octo', limit: 600, windowMs: 60_000 });

export async function authenticate(payload: Payload, request: Request): Promise<Reseller> {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) throw new OctoError('UNAUTHORIZED', 'Send the API key as Authorization: Bearer <key>');
  const found = await payload.find({
    collection: 'resellers',
    // The current key, or the next one while a rotation is under way (key-rotation.ts).
    where: { or: [{ keyHash: { equals: hashApiKey(match[1]!) } }, { nextKeyHash: { equals: hashApiKey(match[1]!) } }] },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  const doc = found.docs[0];
  if (!doc || doc.active === false) throw new OctoError('UNAUTHORIZED', 'Unknown or revoked API key');
  const verdict = await limiter.hit(`reseller:${doc.id}`);
  if (!verdict.ok) {
    throw new OctoError('BAD_REQUEST', `Too many requests; retry in ${verdict.retryAfterSeconds} s`, {}, 429);
  }
  return {
    id: Number(doc.id),
    name: doc.name,
    tours: (doc.tours ?? []).map((tour) => Number(typeof tour === 'object' ? tour.id : tour)),
    commissionPercent: Number(doc.commissionPercent ?? 0),
    netRates: netRatesFromDoc(doc),
  };
}

export function capabilitiesOf(request: Request): string[] {
  return (request.headers.get('octo-capabilities') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => (SUPPORTED_CAPABILITIES as readonly string[]).includes(c));
}

export function headers(locale: Locale, capabilities: string[]): HeadersInit {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store, private',
    'Content-Language': locale,
    'Octo-Capabilities': capabilities.join(', '),
  };
}

export function errorResponse(error: OctoError, locale: Locale = 'ca', capabilities: string[] = []): Response {
  return new Response(JSON.stringify({ error: error.code, errorMessage: error.errorMessage, ...error.extra }), {
    status: error.status ?? STATUS[error.code],
    headers: headers(locale, capabilities),
  });
}

export function allowsTour(reseller: Reseller, tourId: number): boolean {
  return reseller.tours.length === 0 || reseller.tours.includes(tourId);
}
