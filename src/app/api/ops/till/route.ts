import { idParam, tillError } from '@/operations/http';
import { tillSessionSummary } from '@/operations/till';
import { json, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/till[?session=id] — the open till session (opened if none is) or a closed one: per
 * staff member and method, what the payment events expect, what was counted, over or short.
 */
export const GET = staffRoute({ action: 'cashUp.read' }, async ({ payload, request, language }) => {
  const raw = new URL(request.url).searchParams.get('session');
  const id = raw === null ? 'current' : idParam(raw);
  if (id === null) return tillError(language, 'notFound');
  const summary = await tillSessionSummary(payload, id, new Date());
  return summary ? json({ ok: true, ...summary }) : tillError(language, 'notFound');
});
