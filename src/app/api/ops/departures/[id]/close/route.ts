import { closeDeparture } from '@/operations/departures';
import { idParam, json, opsError, staffLanguage } from '@/operations/http';
import { requireStaff } from '@/lib/staff-session';

export const dynamic = 'force-dynamic';

/** POST /api/ops/departures/{id}/close — nobody can buy seats any more; the booked still sail. */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office']);
  if ('response' in session) return session.response;
  const language = staffLanguage(request);
  const id = idParam((await context.params).id);
  if (id === null) return opsError(language, 'notFound');
  const result = await closeDeparture(session.payload, id, new Date(), `user:${session.user.id}`);
  return result.ok ? json(result) : opsError(language, result.error, result.details);
}
