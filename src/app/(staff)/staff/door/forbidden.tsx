import { DOOR_PATH } from '@/lib/staff-app';

import { StaffAppForbidden } from '../../refusal';

/** The door's refusal, answered with HTTP 403 (page.tsx calls `forbidden()`). */
export default function DoorForbidden() {
  return <StaffAppForbidden page={DOOR_PATH} fallback="refusedDoor" />;
}
