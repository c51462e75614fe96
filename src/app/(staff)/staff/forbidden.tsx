import { StaffAppRefusal } from '@/components/staff-app/StaffAppRefusal';

import { staffAppSession, staffName } from '../session';

/**
 * The office screens' refusal (/staff/today, /staff/bookings, /staff/sell, /staff/till), answered
 * with HTTP 403 when ../office.tsx calls `forbidden()`: the account may not do the office's work.
 * The boarding page and the door have their own, which say why in their terms.
 */
export default async function OfficeForbidden() {
  const { user, locale } = await staffAppSession();
  return <StaffAppRefusal locale={locale} reason="refusedOffice" name={user ? staffName(user) : ''} />;
}
