import { createSign } from 'node:crypto';

import type { GoogleWalletConfig } from './config';
import { barcodeMessage, madridIso, type PassTexts } from './pass-content';
import type { WalletBooking } from './wallet-booking';

/**
 * Google Wallet: the "Add to Google Wallet" link is a JWT signed (RS256) with the operator's
 * service account key, carrying the event ticket class and object inline: Google creates them
 * when the visitor saves the pass, so nothing is sent to Google before that. When the booking
 * changes, the saved object is updated through the REST API (wallet-sync.ts).
 */

const SAVE_URL = 'https://pay.google.com/gp/v/save/';
export const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A compact RS256 JWT of `claims` under the service account's key. */
export function signJwt(claims: object, privateKeyPem: string): string {
  const body = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(body).sign(privateKeyPem);
  return `${body}.${base64url(signature)}`;
}

/** Ids are `<issuer>.<suffix>`, the suffix of letters, digits, `.`, `_` and `-`. */
const idPart = (value: string) => value.replace(/[^A-Za-z0-9._-]/g, '_');

export const googleObjectId = (config: Pick<GoogleWalletConfig, 'issuerId'>, reference: string): string =>
  `${config.issuerId}.${idPart(reference)}`;

/** One class per tour and language: the event's name and place, in the words of the visitor who saves it. */
export const googleClassId = (config: Pick<GoogleWalletConfig, 'issuerId'>, booking: WalletBooking): string =>
  `${config.issuerId}.${idPart(`${booking.tourSlug}-${booking.locale}`)}`;

const localized = (locale: string, value: string) => ({
  defaultValue: { language: locale, value },
});

export function googleEventClass(config: GoogleWalletConfig, booking: WalletBooking, texts: PassTexts) {
  return {
    id: googleClassId(config, booking),
    issuerName: config.brand,
    reviewStatus: 'UNDER_REVIEW',
    eventName: localized(texts.locale, booking.tourTitle),
    venue: {
      name: localized(texts.locale, booking.boardingPoint.name),
      address: localized(texts.locale, booking.boardingPoint.address),
    },
    hexBackgroundColor: '#073b4f',
  };
}

/** The visitor's ticket: the booking's time, passengers and QR, voided (INACTIVE) once cancelled. */
export function googleEventObject(config: GoogleWalletConfig, booking: WalletBooking, texts: PassTexts) {
  const { latitude, longitude } = booking.boardingPoint;
  return {
    id: googleObjectId(config, booking.reference),
    classId: googleClassId(config, booking),
    state: booking.live ? 'ACTIVE' : 'INACTIVE',
    ticketHolderName: booking.customerName,
    ticketNumber: booking.reference,
    reservationInfo: { confirmationCode: booking.reference },
    barcode: { type: 'QR_CODE', value: barcodeMessage(booking), alternateText: booking.reference },
    validTimeInterval: {
      start: { date: madridIso(booking.boardingAt) },
      end: { date: madridIso(new Date(booking.startsAt.getTime() + booking.durationMinutes * 60_000)) },
    },
    ...(latitude !== null && longitude !== null ? { locations: [{ latitude, longitude }] } : {}),
    textModulesData: [
      ...(booking.live ? [] : [{ id: 'status', header: texts.voided, body: texts.voidedText }]),
      { id: 'date', header: texts.dateLabel, body: texts.date },
      { id: 'departure', header: texts.departureLabel, body: texts.departure },
      { id: 'boarding', header: texts.boardingLabel, body: texts.boarding },
      { id: 'passengers', header: texts.passengersLabel, body: texts.passengers },
      { id: 'boardingPoint', header: texts.boardingPointLabel, body: booking.boardingPoint.name },
      // A combined tour's admission codes, by partner: the object's one barcode is the boat's.
      ...texts.admissions.map((admission) => ({ id: admission.key, header: admission.label, body: admission.value })),
    ],
  };
}

/** The "Add to Google Wallet" link of a booking. */
export function googleSaveUrl(
  config: GoogleWalletConfig,
  booking: WalletBooking,
  texts: PassTexts,
  now = new Date(),
): string {
  const jwt = signJwt(
    {
      iss: config.serviceAccount.client_email,
      aud: 'google',
      typ: 'savetowallet',
      iat: Math.floor(now.getTime() / 1000),
      origins: [config.origin],
      payload: {
        eventTicketClasses: [googleEventClass(config, booking, texts)],
        eventTicketObjects: [googleEventObject(config, booking, texts)],
      },
    },
    config.serviceAccount.private_key,
  );
  return `${SAVE_URL}${jwt}`;
}

/** An OAuth access token for the service account (the JWT bearer grant of RFC 7523). */
async function accessToken(config: GoogleWalletConfig, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const assertion = signJwt(
    { iss: config.serviceAccount.client_email, scope: WALLET_SCOPE, aud: config.tokenUrl, iat, exp: iat + 3600 },
    config.serviceAccount.private_key,
  );
  const response = await fetch(config.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`Google token endpoint answered ${response.status}`);
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error('Google token endpoint gave no access_token');
  return body.access_token;
}

/**
 * Brings the saved object up to date. `notSaved` when Google has no such object (the visitor
 * never saved the pass): nothing to update. Any other failure throws, for the job to retry.
 */
export async function updateGoogleObject(
  config: GoogleWalletConfig,
  booking: WalletBooking,
  texts: PassTexts,
  now = new Date(),
): Promise<'updated' | 'notSaved'> {
  const token = await accessToken(config, now);
  const object = googleEventObject(config, booking, texts);
  const url = `${config.apiUrl}/walletobjects/v1/eventTicketObject/${encodeURIComponent(object.id)}`;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  // The tour may have changed with the move: its class must exist before the object points at it.
  const classResponse = await fetch(`${config.apiUrl}/walletobjects/v1/eventTicketClass`, {
    method: 'POST',
    headers,
    body: JSON.stringify(googleEventClass(config, booking, texts)),
    signal: AbortSignal.timeout(10_000),
  });
  if (!classResponse.ok && classResponse.status !== 409)
    throw new Error(`Google Wallet class insert answered ${classResponse.status}`);
  const response = await fetch(url, {
    method: 'PATCH',
    headers,
    body: JSON.stringify(object),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status === 404) return 'notSaved';
  if (!response.ok) throw new Error(`Google Wallet object update answered ${response.status}`);
  return 'updated';
}
