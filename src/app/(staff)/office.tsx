import 'server-only';

import { forbidden } from 'next/navigation';
import type { Payload } from 'payload';

import { staffViewOf, type StaffView } from '@/components/admin/view-context';
import { payloadClient } from '@/lib/payload';
import { withQuery } from '@/lib/staff-app';
import type { Action } from '@/security/policy';

import { signedIn } from './session';

/**
 * One of the office's daily screens in the staff app (issue 46): signed in (else to the back
 * office's sign-in, which comes back to `path` and its query), and allowed by the same policy action as its
 * admin twin (`booking.read`, `booking.sell`, `cashUp.read`: the office and admins; the crew and
 * partners get a 403 with a refusal in their language: ./staff/forbidden.tsx). The view is the admin's own (view-context.ts), in the
 * app's language: the account's, else the back office's, else the browser's.
 */
export async function officeScreen(
  path: string,
  action: Action,
  searchParams?: Record<string, string | string[] | undefined>,
): Promise<{ view: StaffView; payload: Payload }> {
  const { user, locale } = await signedIn(withQuery(path, searchParams));
  const view = staffViewOf(user, locale);
  if (!view.can(action)) forbidden();
  return { view, payload: await payloadClient() };
}
