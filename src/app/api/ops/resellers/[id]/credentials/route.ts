import { z } from 'zod';

import {
  finishKeyRotation,
  issueKey,
  resellerCredentials,
  revokeKeys,
  startKeyRotation,
} from '@/resellers/octo/key-rotation';
import { rotateWebhookSecret } from '@/resellers/octo/webhook-secret';
import { idParam } from '@/operations/http';
import { json, refuse, staffRoute } from '@/security/staff-route';

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

const byId = ({ id }: { id: string }) => idParam(id) ?? refuse(404, 'notFound');

export const GET = staffRoute({ action: 'resellers.manage', params: byId }, async ({ payload, params: id }) => {
  const credentials = await resellerCredentials(payload, id);
  if (!credentials) return refuse(404, 'notFound');
  return json({ ok: true, credentials });
});

export const POST = staffRoute(
  {
    action: 'resellers.manage',
    params: byId,
    body: z.object({ action: z.enum(actions) }),
    invalidBody: () => refuse(400, 'invalidAction'),
  },
  async ({ payload, user, params: id, body: { action } }) => {
    const by = { user: { ...user, collection: 'users' as const } };
    const result = await (async (): Promise<{ ok: true; secret?: string } | { ok: false; error: string }> => {
      switch (action) {
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
  },
);
