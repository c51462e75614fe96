import { capabilities } from '@/resellers/octo/catalogue';
import { octoRoute } from '@/resellers/octo/route';

export const dynamic = 'force-dynamic';

/** GET /octo/v1/capabilities — the OCTO capabilities a reseller may ask for (octo/pricing). */
export const GET = (request: Request) => octoRoute(request, async () => capabilities());
