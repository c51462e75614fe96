import type { ServiceAnswer } from '@/wallet/web-service';

/** A web service answer as Apple's devices expect it; nothing here is cacheable. */
export function answer(result: ServiceAnswer): Response {
  const headers = { 'Cache-Control': 'no-store', ...result.headers };
  if (result.body) return new Response(Buffer.from(result.body), { status: result.status, headers });
  if (result.json !== undefined) return Response.json(result.json, { status: result.status, headers });
  return new Response(null, { status: result.status, headers });
}
