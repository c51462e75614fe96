import { calendar } from '@/resellers/octo/catalogue';
import { octoRoute, readBody } from '@/resellers/octo/route';

export const dynamic = 'force-dynamic';

/** POST /octo/v1/availability/calendar — one entry per day. */
export const POST = (request: Request) => octoRoute(request, async (ctx) => calendar(ctx, await readBody(request)));
