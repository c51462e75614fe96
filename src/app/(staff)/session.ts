import 'server-only';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';

import { doorPartner } from '@/app/api/partner/admissions/door-partner';
import type { RefusalReason } from '@/components/staff-app/StaffAppRefusal';
import { isLocale, type Locale } from '@/i18n/locales';
import { payloadClient } from '@/lib/payload';
import { BOARDING_PATH, signInHref, type StaffAppPage } from '@/lib/staff-app';
import type { User } from '@/payload-types';
import { staffLocale } from '@/security/messages';
import { can } from '@/security/policy';

export type StaffAppUser = User;

/**
 * The staff member behind this request to the phone app, by the back office's own session (the
 * `payload-token` cookie, verified by Payload), and the language the app speaks to them: the one on
 * their account, else the back office's (`payload-lng`), else their browser's, else Catalan: the
 * rule of the back office's boarding view before it (docs/decisions/138-boarding-offline-app.md).
 * Once per request: the layout and the page both ask.
 */
export const staffAppSession = cache(async (): Promise<{ user: StaffAppUser | null; locale: Locale }> => {
  const requestHeaders = await headers();
  const payload = await payloadClient();
  const { user } = await payload.auth({ headers: requestHeaders });
  const staff = user && user.collection === 'users' ? (user as StaffAppUser) : null;
  const locale = isLocale(staff?.language) ? staff.language : staffLocale(requestHeaders);
  return { user: staff, locale };
});

/** The signed-in staff member, or off to the back office's sign-in, which comes back to `page`. */
export async function signedIn(page: StaffAppPage | (string & {})): Promise<{ user: StaffAppUser; locale: Locale }> {
  const { user, locale } = await staffAppSession();
  if (!user) redirect(signInHref(page));
  return { user, locale };
}

/** How the app names a staff member (the boarding's "by …", the refusal's "signed in as …"). */
export function staffName(user: StaffAppUser): string {
  return user.name?.trim() || user.email || '';
}

/**
 * Why a signed-in staff member may not use `page`, or null when they may: the boarding page is for
 * roles that board (`boarding.scan`), the door for those who check admissions and are tied to a
 * partner. The page answers a refusal with `forbidden()` (HTTP 403), and its forbidden.tsx asks
 * again here to say why, in the member's language.
 */
export function refusalReason(page: StaffAppPage, user: StaffAppUser): RefusalReason | null {
  if (page === BOARDING_PATH) return can(user, 'boarding.scan') ? null : 'refusedBoarding';
  if (!can(user, 'admissions.check')) return 'refusedDoor';
  return doorPartner(user) === null ? 'noPartner' : null;
}
