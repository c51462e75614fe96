import 'server-only';

import { findDeparture, type DepartureSummary, type StaffMember } from '@/operations/boarding';
import { refuse, type StaffRequest } from '@/security/staff-route';

/** A departure id as the phone sends it: a number, or its digits in a string (the URL's). */
function departureId(value: unknown): number | null {
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The departure a boarding request is about, if this staff member may board it: the crew only
 * today's (the policy, Madrid time), so a crew account cannot read another day's passengers.
 * Otherwise the answer: 400 `invalidDeparture`, 404 `departureNotFound`, 403 `notToday`.
 */
export async function boardingDeparture(
  staff: StaffRequest,
  value: unknown,
): Promise<{ departure: DepartureSummary; member: StaffMember } | Response> {
  const id = departureId(value);
  if (id === null) return refuse(400, 'invalidDeparture');
  const departure = await findDeparture(staff.payload, id, staff.language);
  if (!departure) return refuse(404, 'departureNotFound');
  if (!staff.can('boarding.scan', { sailsOn: departure.date })) return refuse(403, 'notToday');
  return { departure, member: { id: Number(staff.user.id), role: staff.user.role } };
}
