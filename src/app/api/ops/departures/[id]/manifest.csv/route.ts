import { manifestCsv } from '@/operations/manifest';
import { opsMessages } from '@/i18n/ops-messages';
import { manifestForStaff } from '@/operations/manifest-access';
import { idParam, json, NO_STORE, staffLanguage } from '@/operations/http';
import { requireStaff } from '@/lib/staff-session';

export const dynamic = 'force-dynamic';

/** GET /api/ops/departures/{id}/manifest.csv — the manifest for a spreadsheet (crew: today's only). */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office', 'crew']);
  if ('response' in session) return session.response;
  const language = staffLanguage(request);
  const id = idParam((await context.params).id);
  const result = id === null ? null : await manifestForStaff(session.payload, session.user.role, id, language);
  if (!result) return json({ ok: false, error: 'notFound' }, 404);
  if ('status' in result) return json({ ok: false, error: result.error, message: result.message }, result.status);
  const { manifest } = result;
  const filename = `manifest-${manifest.departure.date}-${manifest.departure.time.replace(':', '')}-${manifest.departure.id}.csv`;
  return new Response(manifestCsv(manifest, opsMessages(language).manifest), {
    headers: {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });
}
