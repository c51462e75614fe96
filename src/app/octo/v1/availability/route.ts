import { availability } from '@/resellers/octo/catalogue';
import { octoRoute, readBody } from '@/resellers/octo/route';

export const dynamic = 'force-dynamic';

/** POST /octo/v1/availability — departures of a product in a date range or by id. */
export const POST = (request: Request) => octoRoute(request, async (ctx) => availability(ctx, await readBody(request)));
