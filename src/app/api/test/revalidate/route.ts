import { revalidatePath } from 'next/cache';

import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

/**
 * Exists only when ENABLE_TEST_ROUTES=1: re-renders the home in every language on its next
 * request, as a content edit would, without editing content (scripts/server.mjs's one-second copy
 * is left to expire, so tests reading other pages meanwhile are undisturbed). The e2e server's
 * pages may come from a build made against another database, whose media versions the server
 * rightly refuses to make immutable; a test that needs the current home asks for it here.
 */
export function POST(): Response {
  if (!env().ENABLE_TEST_ROUTES) return new Response(null, { status: 404 });
  revalidatePath('/[locale]', 'page');
  return Response.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
}
