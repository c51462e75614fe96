import { anonymiseBooking } from '@/booking/booking-actions';

import { actor, json, officeOnly } from '@/operations/http';

export const dynamic = 'force-dynamic';

/** Erases the visitor's personal data on request; the accounting record stays. */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const session = await officeOnly(request);
  if ('response' in session) return session.response;
  const { reference } = await context.params;
  const result = await anonymiseBooking(session.payload, { reference, by: actor(session) });
  if (!result.ok) return json(result, result.error === 'notFound' ? 404 : 409);
  return json({ ok: true, reference });
}
