import { list, reserve } from '@/resellers/octo/bookings';
import { octoRoute, readBody } from '@/resellers/octo/route';

export const dynamic = 'force-dynamic';

/** GET /octo/v1/bookings?resellerReference=|supplierReference=|localDate= — this reseller's bookings. */
export const GET = (request: Request) => octoRoute(request, (ctx) => list(ctx, new URL(request.url).searchParams));

/** POST /octo/v1/bookings — reserve: seats held (ON_HOLD) until confirmed or expired. */
export const POST = (request: Request) => octoRoute(request, async (ctx) => reserve(ctx, await readBody(request)));
