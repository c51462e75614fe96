import { manifestForStaff } from '@/operations/manifest-access';
import { idParam } from '@/operations/http';
import { json, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** GET /api/ops/departures/{id}/manifest — the passenger list as JSON (crew: today's only). */
export const GET = staffRoute(
  { action: 'manifest.read', params: ({ id }: { id: string }) => idParam(id) ?? refuse(404, 'notFound') },
  async ({ payload, user, params: id, language }) => {
    const result = await manifestForStaff(payload, user.role, id, language);
    if ('status' in result) return refuse(result.status, result.error, { message: result.message });
    return json({ ok: true, ...result.manifest });
  },
);
