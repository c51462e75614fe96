import { manifestCsv } from '@/operations/manifest';
import { opsMessages } from '@/i18n/ops-messages';
import { manifestForStaff } from '@/operations/manifest-access';
import { idParam } from '@/operations/http';
import { NO_STORE, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** GET /api/ops/departures/{id}/manifest.csv — the manifest for a spreadsheet (crew: today's only). */
export const GET = staffRoute(
  { action: 'manifest.read', params: ({ id }: { id: string }) => idParam(id) ?? refuse(404, 'notFound') },
  async ({ payload, user, params: id, language }) => {
    const result = await manifestForStaff(payload, user.role, id, language);
    if ('status' in result) return refuse(result.status, result.error, { message: result.message });
    const { manifest } = result;
    const filename = `manifest-${manifest.departure.date}-${manifest.departure.time.replace(':', '')}-${manifest.departure.id}.csv`;
    return new Response(manifestCsv(manifest, opsMessages(language).manifest), {
      headers: {
        ...NO_STORE,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
      },
    });
  },
);
