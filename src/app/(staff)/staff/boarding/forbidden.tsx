import { BOARDING_PATH } from '@/lib/staff-app';

import { StaffAppForbidden } from '../../refusal';

/** The boarding page's refusal, answered with HTTP 403 (page.tsx calls `forbidden()`). */
export default function BoardingForbidden() {
  return <StaffAppForbidden page={BOARDING_PATH} fallback="refusedBoarding" />;
}
