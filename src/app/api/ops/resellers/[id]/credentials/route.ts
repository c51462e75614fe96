import {
  finishKeyRotation,
  issueKey,
  resellerCredentials,
  revokeKeys,
  startKeyRotation,
} from '@/resellers/octo/key-rotation';
import { rotateWebhookSecret } from '@/resellers/octo/webhook-secret';
import { idParam, json, readJson } from '@/operations/http';
import { requireStaff } from '@/lib/staff-session';

export const dynamic = 'force-dynamic';

/**
 * GET  /api/ops/resellers/{id}/credentials — the reseller's key prefixes and whether it has a
 *      webhook secret (never a key, hash or secret).
 * POST /api/ops/resellers/{id}/credentials `{ action }` — `issueKey`, `rotateKey`,
 *      `finishRotation`, `revokeKey` or `rotateWebhookSecret`. A new key or secret is in this
 *      answer (`secret`) and nowhere else, ever: the admin's credentials panel shows it once.
 * Admins only, like every change to a reseller. Answers `{ ok, credentials }`, or
 * `{ ok: false, error }` (`notFound` 404; `inactive`, `hasKey`, `noRotation` 409; `invalidAction` 400).
 */

const actions = ['issueKey', 'rotateKey', 'finishRotation', 'revokeKey', 'rotateWebhookSecret'] as const;
type Action = (typeof actions)[number];

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const session = await requireStaff(request, ['admin']);
  if ('response' in session) return session.response;
  const id = idParam((await context.params).id);
  const credentials = id === null ? null : await resellerCredentials(session.payload, id);
  if (!credentials) return json({ ok: false, error: 'notFound' }, 404);
  return json({ ok: true, credentials });
}

export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const session = await requireStaff(request, ['admin']);
  if ('response' in session) return session.response;
  const id = idParam((await context.params).id);
  if (id === null) return json({ ok: false, error: 'notFound' }, 404);
  const action = (await readJson(request))?.action;
  if (!actions.includes(action as Action)) return json({ ok: false, error: 'invalidAction' }, 400);
  const by = { user: { ...session.user, collection: 'users' as const } };
  const { payload } = session;
  const result = await (async (): Promise<{ ok: true; secret?: string } | { ok: false; error: string }> => {
    switch (action as Action) {
      case 'issueKey': {
        const issued = await issueKey(payload, id, by);
        return issued.ok ? { ok: true, secret: issued.key } : issued;
      }
      case 'rotateKey': {
        const started = await startKeyRotation(payload, id, by);
        return started.ok ? { ok: true, secret: started.key } : started;
      }
      case 'finishRotation': {
        const finished = await finishKeyRotation(payload, id, by);
        return finished.ok ? { ok: true } : finished;
      }
      case 'revokeKey':
        return revokeKeys(payload, id, by);
      case 'rotateWebhookSecret':
        return rotateWebhookSecret(payload, id, by);
    }
  })();
  if (!result.ok) return json(result, result.error === 'notFound' ? 404 : 409);
  return json({ ...result, credentials: await resellerCredentials(payload, id) });
}
