import { z } from 'zod';

import { correctBooking } from '@/operations/booking-actions';
import { json, param, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

const text = z.string().trim().min(1).max(200);
const bodySchema = z
  .object({
    name: text.optional(),
    surnames: text.optional(),
    email: z.email().max(254).optional(),
    phone: z.string().trim().min(6).max(40).optional(),
    mobilePhone: z.string().trim().min(6).max(40).optional(),
  })
  .strict();

/** Corrects the lead's name, e-mail or phones. */
export const POST = staffRoute(
  { action: 'booking.correct', params: param('reference'), body: bodySchema },
  async ({ payload, params: reference, body, by }) => {
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const result = await correctBooking(payload, { reference, changes, by });
    if (!result.ok) return json(result, result.error === 'notFound' ? 404 : 409);
    return json({ ok: true, reference, fields: result.fields });
  },
);
