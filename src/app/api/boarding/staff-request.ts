import 'server-only';

import type { Payload } from 'payload';

import { findDeparture, mayBoard, type DepartureSummary, type StaffMember } from '@/operations/boarding';
import { defaultLocale, isLocale, type Locale } from '@/i18n/locales';
import { requireStaff } from '@/lib/staff-session';

/** Boarding answers change every second and name passengers: never cached anywhere. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

export function error(status: number, key: string): Response {
  return json({ ok: false, error: key }, status);
}

/** The staff member's admin language (Payload's `payload-lng` cookie), for tour titles. */
export function staffLocale(request: Request): Locale {
  const cookie = request.headers.get('cookie') ?? '';
  const match = /(?:^|;\s*)payload-lng=([a-z]{2})/.exec(cookie);
  return match && isLocale(match[1]) ? match[1] : defaultLocale;
}

export type BoardingContext = { payload: Payload; staff: StaffMember; departure: DepartureSummary; locale: Locale };

/**
 * Signed-in crew, office or admin, and a departure they may board: crew only today's (Madrid),
 * so a crew account cannot read another day's passengers.
 */
export async function boardingContext(
  request: Request,
  departureId: unknown,
): Promise<BoardingContext | { response: Response }> {
  const session = await requireStaff(request, ['admin', 'office', 'crew']);
  if ('response' in session) return session;
  const id = typeof departureId === 'string' ? Number(departureId) : departureId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    return { response: error(400, 'invalidDeparture') };
  }
  const locale = staffLocale(request);
  const departure = await findDeparture(session.payload, id, locale);
  const staff = { id: Number(session.user.id), role: session.user.role };
  if (!departure) return { response: error(404, 'departureNotFound') };
  if (!mayBoard(staff, departure)) return { response: error(403, 'notToday') };
  return { payload: session.payload, staff, departure, locale };
}

export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return null;
  }
}
