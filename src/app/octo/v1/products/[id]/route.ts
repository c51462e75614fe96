import { productOf, soldTour } from '@/resellers/octo/catalogue';
import { octoRoute } from '@/resellers/octo/route';

export const dynamic = 'force-dynamic';

/** GET /octo/v1/products/{id} — one tour. */
export const GET = (request: Request, context: { params: Promise<{ id: string }> }) =>
  octoRoute(request, async (ctx) => productOf(ctx, await soldTour(ctx, (await context.params).id)));
