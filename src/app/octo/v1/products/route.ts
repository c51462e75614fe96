import { products } from '@/resellers/octo/catalogue';
import { octoRoute } from '@/resellers/octo/route';

export const dynamic = 'force-dynamic';

/** GET /octo/v1/products — the tours this reseller may sell. */
export const GET = (request: Request) => octoRoute(request, (ctx) => products(ctx));
