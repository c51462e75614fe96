import { createHmac, timingSafeEqual } from 'node:crypto';

import { env } from '../lib/env';

/**
 * The signature that makes a booking page link unguessable without storing a second secret:
 * an HMAC of the reference under the server secret, compared in constant time. The payment
 * return URL carries it (checkout) and the booking page and its PDF check it (tickets).
 */
export function bookingSignature(reference: string): string {
  return createHmac('sha256', env().PAYLOAD_SECRET).update(`booking:${reference}`).digest('base64url').slice(0, 32);
}

export function isValidBookingSignature(reference: string, signature: string | null | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(bookingSignature(reference));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
