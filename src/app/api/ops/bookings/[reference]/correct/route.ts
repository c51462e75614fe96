import { z } from 'zod';

import { correctBooking } from '@/booking/booking-actions';

import { actor, json, officeOnly, readJson } from '@/operations/http';

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
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const session = await officeOnly(request);
  if ('response' in session) return session.response;
  const { reference } = await context.params;
  const body = bodySchema.safeParse(await readJson(request));
  if (!body.success) return json({ ok: false, error: 'invalidRequest' }, 400);
  const changes = Object.fromEntries(Object.entries(body.data).filter(([, v]) => v !== undefined));
  const result = await correctBooking(session.payload, { reference, changes, by: actor(session) });
  if (!result.ok) return json(result, result.error === 'notFound' ? 404 : 409);
  return json({ ok: true, reference, fields: result.fields });
}
