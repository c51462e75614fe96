import { supplierOf } from '@/octo/catalogue';
import { octoRoute } from '@/octo/http';

export const dynamic = 'force-dynamic';

/** GET /octo/v1/supplier — who the reseller is selling for. */
export const GET = (request: Request) => octoRoute(request, async () => supplierOf());
