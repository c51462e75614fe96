import { z } from 'zod';

import { scanCode } from '@/operations/boarding';

import { boardingContext, error, json, readJson } from '../staff-request';

export const dynamic = 'force-dynamic';

const ScanBody = z.object({
  code: z.string().trim().min(1).max(200),
  departure: z.union([z.number(), z.string()]),
  /** For a booking's reference: only these of its tickets. */
  tickets: z.array(z.string().max(64)).max(200).optional(),
});

/**
 * POST /api/boarding/scan {"code": "…", "departure": 12, "tickets"?: ["…"]}
 * → {"ok": true, "result": "boarded" | "already-boarded" | "wrong-departure" | "not-today" | "cancelled" | "unknown", …}
 */
export async function POST(request: Request): Promise<Response> {
  const body = ScanBody.safeParse(await readJson(request));
  if (!body.success) return error(400, 'invalidScan');
  const context = await boardingContext(request, body.data.departure);
  if ('response' in context) return context.response;
  const answer = await scanCode(context.payload, {
    code: body.data.code,
    tickets: body.data.tickets,
    departureId: context.departure.id,
    staff: context.staff,
    locale: context.locale,
  });
  return json({ ok: true, ...answer });
}
