import { freshStamp } from '@/lib/form-submission';

export const dynamic = 'force-dynamic';

/**
 * A fresh signed start time for the form the visitor just began to fill in: the page itself is
 * cached, so the time baked into its HTML says when the page was rendered, not when they started.
 */
export function GET() {
  return Response.json({ stamp: freshStamp() }, { headers: { 'cache-control': 'no-store' } });
}
