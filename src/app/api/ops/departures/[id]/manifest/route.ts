import { manifestForStaff } from '@/operations/manifest-access';
import { idParam, json, staffLanguage } from '@/operations/http';
import { requireStaff } from '@/lib/staff-session';

export const dynamic = 'force-dynamic';

/** GET /api/ops/departures/{id}/manifest — the passenger list as JSON (crew: today's only). */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office', 'crew']);
  if ('response' in session) return session.response;
  const language = staffLanguage(request);
  const id = idParam((await context.params).id);
  const result = id === null ? null : await manifestForStaff(session.payload, session.user.role, id, language);
  if (!result) return json({ ok: false, error: 'notFound' }, 404);
  if ('status' in result) return json({ ok: false, error: result.error, message: result.message }, result.status);
  return json({ ok: true, ...result.manifest });
}
