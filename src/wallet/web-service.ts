import { timingSafeEqual } from 'node:crypto';

import type { Payload } from 'payload';

import { shopDb } from '@/booking/db';
import { logger } from '@/lib/logger';

import { appleWallet } from './config';
import { authenticationTokenOf } from './pass-content';
import { latestApplePass } from './passes';
import { findPass, registerDevice, serialsUpdatedSince, unregisterDevice } from './passes-repository';

/**
 * Apple's web service for passes (PassKit Web Service Reference), under the pass's
 * webServiceURL: phones register for a pass's updates, ask which passes changed since their last
 * look, fetch the latest pass, and send their error logs. Every call about one pass proves itself
 * with that pass's authenticationToken.
 */

export type ServiceAnswer = { status: number; json?: unknown; body?: Uint8Array; headers?: Record<string, string> };

const DEVICE_ID = /^[A-Za-z0-9._-]{1,128}$/;
const PUSH_TOKEN = /^[A-Za-z0-9]{1,200}$/;

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether `authorization` (`ApplePass <token>`) opens this pass of ours. */
function authorised(passTypeId: string, serial: string, authorization: string | null): boolean {
  const apple = appleWallet();
  if (!apple || passTypeId !== apple.passTypeId) return false;
  const token = /^ApplePass (\S+)$/.exec(authorization ?? '')?.[1];
  return !!token && sameText(token, authenticationTokenOf(serial));
}

export async function registerPassDevice(
  payload: Payload,
  input: { device: string; passTypeId: string; serial: string; authorization: string | null; body: unknown },
  now = new Date(),
): Promise<ServiceAnswer> {
  if (!appleWallet()) return { status: 404 };
  if (!authorised(input.passTypeId, input.serial, input.authorization)) return { status: 401 };
  const pushToken = (input.body as { pushToken?: unknown } | null)?.pushToken;
  if (!DEVICE_ID.test(input.device) || typeof pushToken !== 'string' || !PUSH_TOKEN.test(pushToken))
    return { status: 400 };
  const db = shopDb(payload);
  // A token for a serial we never handed out opens nothing to register.
  if (!(await findPass(db, input.serial))) return { status: 401 };
  const result = await registerDevice(
    db,
    { device: input.device, pushToken, passTypeId: input.passTypeId, serial: input.serial },
    now,
  );
  return { status: result === 'created' ? 201 : 200 };
}

export async function unregisterPassDevice(
  payload: Payload,
  input: { device: string; passTypeId: string; serial: string; authorization: string | null },
): Promise<ServiceAnswer> {
  if (!appleWallet()) return { status: 404 };
  if (!authorised(input.passTypeId, input.serial, input.authorization)) return { status: 401 };
  await unregisterDevice(shopDb(payload), input);
  return { status: 200 };
}

/** `passesUpdatedSince` is the `lastUpdated` we gave the device last time: milliseconds since 1970. */
export async function updatedSerials(
  payload: Payload,
  input: { device: string; passTypeId: string; since: string | null },
): Promise<ServiceAnswer> {
  const apple = appleWallet();
  if (!apple || input.passTypeId !== apple.passTypeId) return { status: 404 };
  const sinceMs = input.since && /^\d{1,15}$/.test(input.since) ? Number(input.since) : null;
  const { serials, lastUpdated } = await serialsUpdatedSince(shopDb(payload), {
    device: input.device,
    passTypeId: input.passTypeId,
    since: sinceMs === null ? null : new Date(sinceMs),
  });
  if (serials.length === 0 || !lastUpdated) return { status: 204 };
  return { status: 200, json: { serialNumbers: serials, lastUpdated: String(lastUpdated.getTime()) } };
}

export async function latestPass(
  payload: Payload,
  input: { passTypeId: string; serial: string; authorization: string | null; ifModifiedSince: string | null },
): Promise<ServiceAnswer> {
  if (!appleWallet()) return { status: 404 };
  if (!authorised(input.passTypeId, input.serial, input.authorization)) return { status: 401 };
  const pass = await latestApplePass(payload, input.serial);
  if (!pass) return { status: 401 };
  // Update times are whole seconds (passes-repository.ts), as HTTP dates are.
  const since = input.ifModifiedSince ? Date.parse(input.ifModifiedSince) : NaN;
  const headers = { 'Last-Modified': pass.updatedAt.toUTCString(), 'Cache-Control': 'private, no-store' };
  if (Number.isFinite(since) && pass.updatedAt.getTime() <= since) return { status: 304, headers };
  return {
    status: 200,
    body: pass.pkpass,
    headers: { ...headers, 'Content-Type': 'application/vnd.apple.pkpass' },
  };
}

/** What the phones say went wrong with our passes, into our own log (no personal data in it). */
export function recordDeviceLog(body: unknown): ServiceAnswer {
  if (!appleWallet()) return { status: 404 };
  const logs = (body as { logs?: unknown } | null)?.logs;
  if (Array.isArray(logs))
    for (const line of logs.slice(0, 20))
      if (typeof line === 'string') logger.warn({ wallet: 'apple', device: line.slice(0, 500) }, 'wallet device log');
  return { status: 200 };
}
