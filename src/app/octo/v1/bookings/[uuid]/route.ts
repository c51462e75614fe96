import { get, update } from '@/resellers/octo/bookings';
import { octoRoute, readBody } from '@/resellers/octo/route';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ uuid: string }> };

/** GET /octo/v1/bookings/{uuid} */
export const GET = (request: Request, context: Context) =>
  octoRoute(request, async (ctx) => get(ctx, (await context.params).uuid));

/** PATCH /octo/v1/bookings/{uuid} — contact, notes, resellerReference of a booking on hold. */
export const PATCH = (request: Request, context: Context) =>
  octoRoute(request, async (ctx) => update(ctx, (await context.params).uuid, await readBody(request)));
