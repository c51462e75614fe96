import { createHmac, timingSafeEqual } from 'node:crypto';

import type { Payload } from 'payload';

import { env } from '../lib/env';
import { departureTimesOf } from './bookings-repository';
import { shopDb } from './db';
import { addDays, madridToday, type LocalDate } from './time';

/**
 * The `firma` of a signed booking link (booking page, its PDF, the change page, payment links):
 * `YYYYMMDD-<HMAC>`, the last Madrid day the link works and an HMAC of the reference and that day
 * under the server secret, compared in constant time. Changing the day breaks the HMAC, so a
 * stranger cannot stretch a link, and nothing is stored per link (docs/decisions/127-booking-links-expire.md).
 *
 * A link lives until LINK_AFTERMATH_DAYS after its departure: the trip, then refunds, invoices and
 * card chargebacks, which banks accept for months. Links made before links carried a day (a bare
 * 32-character HMAC of the reference) keep working under the same rule, read from the booking's
 * departure, so nobody's e-mailed tickets stopped working the day this shipped.
 */
export const LINK_AFTERMATH_DAYS = 400;
/** A link staff send again lives at least this long from the day they send it. */
export const REISSUED_LINK_DAYS = 30;

const MAC_LENGTH = 32;
const TOKEN = /^(\d{4})(\d{2})(\d{2})-([A-Za-z0-9_-]{32})$/;

function mac(message: string): string {
  return createHmac('sha256', env().PAYLOAD_SECRET).update(message).digest('base64url').slice(0, MAC_LENGTH);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The last Madrid day a link to a booking departing at `departureAt` works. */
export function linkExpiryFor(departureAt: Date): LocalDate {
  return addDays(madridToday(departureAt), LINK_AFTERMATH_DAYS);
}

/**
 * The expiry of a link staff send again: the usual one, or REISSUED_LINK_DAYS from today when that
 * has passed or is close (a visitor asking for an invoice long after the trip).
 */
export function reissuedLinkExpiry(departureAt: Date, now = new Date()): LocalDate {
  const usual = linkExpiryFor(departureAt);
  const fresh = addDays(madridToday(now), REISSUED_LINK_DAYS);
  return usual > fresh ? usual : fresh;
}

/** The `firma` for `reference`, valid through the Madrid day `expiresOn` (YYYY-MM-DD). */
export function bookingSignature(reference: string, expiresOn: LocalDate): string {
  const day = expiresOn.replaceAll('-', '');
  if (!/^\d{8}$/.test(day)) throw new RangeError(`Not a date: ${expiresOn}`);
  return `${day}-${mac(`booking-link:${reference}:${day}`)}`;
}

/** The `firma` of a link to a booking departing at `departureAt`, with the usual lifetime. */
export function bookingSignatureFor(reference: string, departureAt: Date): string {
  return bookingSignature(reference, linkExpiryFor(departureAt));
}

/** The usual `firma` for a booking, its lifetime read from the booking's departure. */
export async function bookingLinkSignature(payload: Payload, reference: string, now = new Date()): Promise<string> {
  return bookingSignatureFor(reference, (await latestDepartureOf(payload, reference)) ?? now);
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/**
 * What a `firma` proves for `reference`. `expired` only for a link we really signed (the HMAC is
 * checked first), so the answer tells a stranger guessing links nothing about a booking.
 */
export async function checkBookingLink(
  payload: Payload,
  reference: string,
  signature: string | null | undefined,
  now = new Date(),
): Promise<LinkCheck> {
  if (!signature) return 'invalid';
  const today = madridToday(now);
  const parts = TOKEN.exec(signature);
  if (parts) {
    const [, year, month, day, given] = parts;
    if (!sameText(given!, mac(`booking-link:${reference}:${year}${month}${day}`))) return 'invalid';
    return `${year}-${month}-${day}` >= today ? 'valid' : 'expired';
  }
  if (signature.length === MAC_LENGTH && sameText(signature, mac(`booking:${reference}`))) {
    const departureAt = await latestDepartureOf(payload, reference);
    if (!departureAt) return 'invalid';
    return linkExpiryFor(departureAt) >= today ? 'valid' : 'expired';
  }
  return 'invalid';
}

/** Whether `signature` opens `reference` now (expired and forged links alike do not). */
export async function isValidBookingLink(
  payload: Payload,
  reference: string,
  signature: string | null | undefined,
  now = new Date(),
): Promise<boolean> {
  return (await checkBookingLink(payload, reference, signature, now)) === 'valid';
}

/**
 * The later of a booking's departure and the one a disruption took it from: what a link's
 * lifetime counts from when the link itself does not say (links signed before expiry existed).
 */
export async function latestDepartureOf(payload: Payload, reference: string): Promise<Date | null> {
  const times = (await departureTimesOf(shopDb(payload), reference)).map((startsAt) => startsAt.getTime());
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}
