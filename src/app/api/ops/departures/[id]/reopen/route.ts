import { reopenDeparture } from '@/operations/departures';
import { idParam, opsError } from '@/operations/http';
import { json, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** POST /api/ops/departures/{id}/reopen — back on sale after a close. */
export const POST = staffRoute(
  {
    action: 'departure.manage',
    params: ({ id }: { id: string }, { language }) => idParam(id) ?? opsError(language, 'notFound'),
  },
  async ({ payload, params: id, language, by }) => {
    const result = await reopenDeparture(payload, id, new Date(), by);
    return result.ok ? json(result) : opsError(language, result.error, result.details);
  },
);
