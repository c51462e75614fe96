import { setCapacity } from '@/operations/departures';
import { idParam, json, opsError, readJson, staffLanguage } from '@/operations/http';
import { requireStaff } from '@/lib/staff-session';

export const dynamic = 'force-dynamic';

/**
 * POST /api/ops/departures/{id}/capacity {"capacity": n} — never below seats sold plus held
 * (409 belowTaken), never above the boat (422 aboveBoat).
 */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office']);
  if ('response' in session) return session.response;
  const language = staffLanguage(request);
  const id = idParam((await context.params).id);
  if (id === null) return opsError(language, 'notFound');
  const body = await readJson(request);
  const result = await setCapacity(session.payload, id, body?.capacity, new Date(), `user:${session.user.id}`);
  return result.ok ? json(result) : opsError(language, result.error, result.details);
}
