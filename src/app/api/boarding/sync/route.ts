import { z } from 'zod';

import { syncCheckIns } from '@/operations/boarding';

import { boardingContext, error, json, readJson } from '../staff-request';

export const dynamic = 'force-dynamic';

const SyncBody = z.object({
  departure: z.union([z.number(), z.string()]),
  checkIns: z
    .array(
      z.object({
        code: z.string().trim().min(1).max(200),
        tickets: z.array(z.string().max(64)).max(200).optional(),
        scannedAt: z.string().max(40).optional(),
      }),
    )
    .max(1000),
});

/**
 * POST /api/boarding/sync {"departure": 12, "checkIns": [{"code": "…", "scannedAt": "…"}]}
 * → {"ok": true, "results": [{"code", "answer", "conflict"}], "conflicts": n}. Idempotent.
 */
export async function POST(request: Request): Promise<Response> {
  const body = SyncBody.safeParse(await readJson(request));
  if (!body.success) return error(400, 'invalidSync');
  const context = await boardingContext(request, body.data.departure);
  if ('response' in context) return context.response;
  const results = await syncCheckIns(context.payload, {
    departureId: context.departure.id,
    staff: context.staff,
    checkIns: body.data.checkIns,
    locale: context.locale,
  });
  return json({ ok: true, results, conflicts: results.filter((r) => r.conflict).length });
}
