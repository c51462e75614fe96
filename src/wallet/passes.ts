import type { Payload } from 'payload';

import { shopDb } from '@/booking/db';
import { bookingSignature, linkExpiryFor } from '@/booking/signature';
import { pathFor } from '@/i18n/routes';
import { env } from '@/lib/env';

import { appleWallet, googleWallet } from './config';
import { googleSaveUrl } from './google';
import { passImages } from './images';
import { applePassJson, passTexts, serialOf } from './pass-content';
import { ensurePass, findPass } from './passes-repository';
import { buildPkpass } from './pkpass';
import { loadWalletBooking, type WalletBooking } from './wallet-booking';

/**
 * The wallet passes of a booking: the signed .pkpass (download and web service), the "Add to
 * Google Wallet" link, and the links the booking page and the ticket e-mail show. A wallet that
 * is not configured gives no link and no pass.
 */

export type WalletLinks = { apple?: string; google?: string };

/** The booking page as the pass's back links to it: signed, with the departure's usual lifetime. */
function bookingPageUrl(booking: WalletBooking): string {
  const path = pathFor('booking', booking.locale, { reference: booking.reference });
  return `${env().SITE_URL}${path}?firma=${bookingSignature(booking.reference, linkExpiryFor(booking.startsAt))}`;
}

export function applePassUrl(reference: string, firma: string): string {
  return `${env().SITE_URL}/api/shop/bookings/${encodeURIComponent(reference)}/wallet.pkpass?firma=${encodeURIComponent(firma)}`;
}

export function walletEnabled(): { apple: boolean; google: boolean } {
  return { apple: appleWallet() !== null, google: googleWallet() !== null };
}

/**
 * The links for a paid booking, `firma` being the signature the visitor's link carries (the
 * download checks it like the ticket PDF's). Empty when no wallet is configured.
 */
export async function walletLinksOf(
  payload: Payload,
  reference: string,
  firma: string,
  now = new Date(),
): Promise<WalletLinks> {
  const apple = appleWallet();
  const google = googleWallet();
  if (!apple && !google) return {};
  const booking = await loadWalletBooking(payload, { reference });
  if (booking?.status !== 'paid') return {};
  return {
    ...(apple ? { apple: applePassUrl(booking.reference, firma) } : {}),
    ...(google ? { google: googleSaveUrl(google, booking, await passTexts(booking), now) } : {}),
  };
}

export type ApplePass = { pkpass: Uint8Array; serial: string; updatedAt: Date; live: boolean };

async function render(booking: WalletBooking, updatedAt: Date): Promise<ApplePass> {
  const apple = appleWallet();
  if (!apple) throw new Error('Apple Wallet is not configured');
  const pass = applePassJson(booking, await passTexts(booking), apple, bookingPageUrl(booking));
  const pkpass = buildPkpass(pass, await passImages(), {
    certificatePem: apple.certificatePem,
    privateKeyPem: apple.privateKeyPem,
    wwdrPem: apple.wwdrPem,
  });
  return { pkpass, serial: serialOf(booking.reference), updatedAt, live: booking.live };
}

/**
 * A paid booking's pass, handed out from the booking page or the e-mail: from now on, its changes
 * reach the phones that hold it. Null for a booking that is not paid, or without Apple Wallet.
 */
export async function issueApplePass(payload: Payload, reference: string, now = new Date()): Promise<ApplePass | null> {
  if (!appleWallet()) return null;
  const booking = await loadWalletBooking(payload, { reference });
  if (booking?.status !== 'paid') return null;
  const stored = await ensurePass(shopDb(payload), { serial: serialOf(booking.reference), bookingId: booking.id, now });
  return render(booking, stored.updatedAt);
}

/**
 * The latest version of a pass already handed out, for the phone that holds it: voided once the
 * booking is no longer paid. Null for a serial we never issued.
 */
export async function latestApplePass(payload: Payload, serial: string): Promise<ApplePass | null> {
  if (!appleWallet()) return null;
  const stored = await findPass(shopDb(payload), serial);
  if (!stored) return null;
  const booking = await loadWalletBooking(payload, { id: stored.bookingId });
  if (!booking) return null;
  return render(booking, stored.updatedAt);
}
