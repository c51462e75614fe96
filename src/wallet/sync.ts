import type { Payload } from 'payload';

import { shopDb } from '@/booking/db';
import { logger } from '@/lib/logger';

import { pushPassUpdate } from './apns';
import { WALLET_QUEUE } from './queue';
import { appleWallet, googleWallet } from './config';
import { updateGoogleObject } from './google';
import { passTexts } from './pass-content';
import { forgetPushToken, pushTokensOf, touchPass } from './passes-repository';
import { loadWalletBooking } from './wallet-booking';

/**
 * A booking changed (moved, cancelled, refunded…): its passes must follow. The change is recorded
 * at once (the Apple pass's update time, which the phones' web service calls read), and the
 * pushes go through the jobs queue, retried with backoff: APNs or Google being down never
 * touches the booking change, which has committed already.
 */
export async function walletBookingChanged(
  payload: Payload,
  bookingId: number,
  options: { now?: Date; onlyHolder?: boolean } = {},
): Promise<void> {
  const apple = appleWallet();
  // The holder's name is on the Google ticket only: the Apple pass shows none.
  if (apple && !options.onlyHolder) {
    const pass = await touchPass(shopDb(payload), bookingId, options.now ?? new Date());
    if (pass) await payload.jobs.queue({ task: 'pushWalletPass', queue: WALLET_QUEUE, input: { serial: pass.serial } });
  }
  if (googleWallet())
    await payload.jobs.queue({ task: 'updateGoogleWalletObject', queue: WALLET_QUEUE, input: { bookingId } });
}

/**
 * Tells every device holding the pass that it changed. Throws when APNs could not be reached or
 * refused a push for a reason other than a gone device, so the job is retried.
 */
export async function pushWalletPass(payload: Payload, serial: string): Promise<number> {
  const apple = appleWallet();
  if (!apple) return 0;
  const db = shopDb(payload);
  const tokens = await pushTokensOf(db, { passTypeId: apple.passTypeId, serial });
  const results = await pushPassUpdate(apple, tokens);
  let sent = 0;
  const failed: string[] = [];
  for (const result of results) {
    if (result.status === 200) sent++;
    // The device no longer has the pass (or the token is wrong): it will not come back.
    else if (result.status === 410 || result.reason === 'BadDeviceToken' || result.reason === 'Unregistered')
      await forgetPushToken(db, result.token);
    else failed.push(`${result.status}${result.reason ? ` ${result.reason}` : ''}`);
  }
  if (failed.length > 0)
    throw new Error(`APNs refused ${failed.length} of ${results.length} pushes: ${failed.join(', ')}`);
  return sent;
}

/** Updates the Google Wallet object of the booking, if the visitor saved it. Throws to be retried. */
export async function syncGoogleWalletObject(payload: Payload, bookingId: number): Promise<string> {
  const google = googleWallet();
  if (!google) return 'off';
  const booking = await loadWalletBooking(payload, { id: bookingId });
  if (!booking) return 'noBooking';
  const result = await updateGoogleObject(google, booking, await passTexts(booking));
  logger.info({ wallet: 'google', bookingId, result }, 'wallet object synced');
  return result;
}
