import { supplierOf } from '@/resellers/octo/catalogue';
import { octoRoute } from '@/resellers/octo/route';

export const dynamic = 'force-dynamic';

/** GET /octo/v1/supplier — who the reseller is selling for. */
export const GET = (request: Request) => octoRoute(request, async () => supplierOf());
