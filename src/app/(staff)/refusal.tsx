import 'server-only';

import { StaffAppRefusal, type RefusalReason } from '@/components/staff-app/StaffAppRefusal';
import type { StaffAppPage } from '@/lib/staff-app';

import { refusalReason, staffAppSession, staffName } from './session';

/**
 * What a page of the staff app shows when it called `forbidden()` (a 403): the refusal, in the
 * member's language, with the reason asked again of the same rule the page used.
 */
export async function StaffAppForbidden({ page, fallback }: { page: StaffAppPage; fallback: RefusalReason }) {
  const { user, locale } = await staffAppSession();
  const reason = (user && refusalReason(page, user)) || fallback;
  return <StaffAppRefusal locale={locale} reason={reason} name={user ? staffName(user) : ''} />;
}
