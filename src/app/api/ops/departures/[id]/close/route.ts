import { closeDeparture } from '@/operations/departures';
import { idParam, opsError } from '@/operations/http';
import { json, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** POST /api/ops/departures/{id}/close — nobody can buy seats any more; the booked still sail. */
export const POST = staffRoute(
  {
    action: 'departure.manage',
    params: ({ id }: { id: string }, { language }) => idParam(id) ?? opsError(language, 'notFound'),
  },
  async ({ payload, params: id, language, by }) => {
    const result = await closeDeparture(payload, id, new Date(), by);
    return result.ok ? json(result) : opsError(language, result.error, result.details);
  },
);
