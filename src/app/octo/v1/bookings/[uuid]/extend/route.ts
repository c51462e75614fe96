import { extend } from '@/resellers/octo/bookings';
import { octoRoute, readBody } from '@/resellers/octo/route';

export const dynamic = 'force-dynamic';

/** POST /octo/v1/bookings/{uuid}/extend */
export const POST = (request: Request, context: { params: Promise<{ uuid: string }> }) =>
  octoRoute(request, async (ctx) => extend(ctx, (await context.params).uuid, await readBody(request)));
