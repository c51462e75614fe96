import { setCapacity } from '@/operations/departures';
import { idParam, opsError } from '@/operations/http';
import { json, jsonObject, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * POST /api/ops/departures/{id}/capacity {"capacity": n} — never below seats sold plus held
 * (409 belowTaken), never above the boat (422 aboveBoat).
 */
export const POST = staffRoute(
  {
    action: 'departure.manage',
    params: ({ id }: { id: string }, { language }) => idParam(id) ?? opsError(language, 'notFound'),
    // setCapacity says what is wrong with a missing or odd capacity.
    body: jsonObject.nullable().catch(null),
  },
  async ({ payload, params: id, body, language, by }) => {
    const result = await setCapacity(payload, id, body?.capacity, new Date(), by);
    return result.ok ? json(result) : opsError(language, result.error, result.details);
  },
);
