import { withdrawMove } from '@/operations/move-requests';
import { json, param, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * Takes back a move offered by payment link and not paid yet: the seats held on the new departure
 * go back at once; the booking stays where it is. A payment that still arrives is refunded.
 */
export const POST = staffRoute(
  { action: 'booking.move', params: param('reference') },
  async ({ payload, params: reference, by }) => {
    const result = await withdrawMove(payload, { reference, by });
    if (!result.ok) return json(result, 404);
    return json({ ok: true, reference, withdrawn: result.withdrawn });
  },
);
