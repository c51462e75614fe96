import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import type { Payload } from 'payload';

import { finishKeyRotation, issueKey, revokeKeys, startKeyRotation } from '../src/resellers/octo/key-rotation';
import { rotateWebhookSecret } from '../src/resellers/octo/webhook-secret';

/**
 * Creates a reseller of the OCTO API and prints its API key once (only its hash is stored), and
 * the secret its webhooks are signed with, also once.
 *   npm run reseller:create -- --name "Viatges Mar" [--tours slug,slug] [--commission 20]
 *     [--contact-email ops@example.com] [--webhook https://…]
 * On an existing reseller (`--id N`), one of:
 *   --rotate                 a new key that works alongside the current one (no downtime)
 *   --finish-rotation        the new key becomes the only one; the old one stops working
 *   --issue-key              a key for a reseller that has none (made in the admin, or revoked)
 *   --revoke-key             every key of the reseller stops working at once
 *   --rotate-webhook-secret  makes (or replaces) the webhook secret: resellers made before
 *                            webhooks were signed have none, and get no webhooks until then
 * The same operations are in the reseller's admin page; both call src/resellers/octo/key-rotation.ts and
 * src/resellers/octo/webhook-secret.ts. `resellerCommand` is exported for the tests, which run it on their database.
 */

const USAGE = [
  'Usage: npm run reseller:create -- --name N [--tours slug,slug] [--commission 20] [--contact-email E] [--webhook URL]',
  '   or: npm run reseller:create -- --id N --rotate | --finish-rotation | --issue-key | --revoke-key | --rotate-webhook-secret',
].join('\n');

const secretLine = (secret: string) =>
  `Webhook secret (shown once; HMAC-SHA256 key of the Octo-Signature header): ${secret}`;

export type Print = { out: (line: string) => void; err: (line: string) => void };

/** Runs the command the arguments name; answers the exit code (0 done, 1 refused, 2 usage). */
export async function resellerCommand(
  source: Payload | (() => Promise<Payload>),
  argv: string[],
  print: Print,
): Promise<number> {
  // Payload starts only once the arguments are right: a typo is answered at once.
  const open = async () => (typeof source === 'function' ? source() : source);
  let values;
  try {
    ({ values } = parseArgs({
      args: argv.filter((arg) => arg !== '--'),
      options: {
        name: { type: 'string' },
        tours: { type: 'string' },
        commission: { type: 'string' },
        'contact-email': { type: 'string' },
        webhook: { type: 'string' },
        rotate: { type: 'boolean' },
        'finish-rotation': { type: 'boolean' },
        'issue-key': { type: 'boolean' },
        'revoke-key': { type: 'boolean' },
        'rotate-webhook-secret': { type: 'boolean' },
        id: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    print.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }

  const operations = (
    ['rotate', 'finish-rotation', 'issue-key', 'revoke-key', 'rotate-webhook-secret'] as const
  ).filter((flag) => values[flag]);
  if (operations.length > 0) {
    const id = Number(values.id);
    if (operations.length > 1 || !Number.isSafeInteger(id) || id <= 0) {
      print.err(USAGE);
      return 2;
    }
    const payload = await open();
    const refused = (error: string) => {
      print.err(`Reseller ${id}: ${error}`);
      return 1;
    };
    switch (operations[0]!) {
      case 'rotate': {
        const started = await startKeyRotation(payload, id);
        if (!started.ok) return refused(started.error);
        print.out(`Reseller ${id}: new key ${started.prefix}… works alongside the current one.`);
        print.out(`New API key (shown once): ${started.key}`);
        print.out(`Once the reseller uses it: npm run reseller:create -- --finish-rotation --id ${id}`);
        return 0;
      }
      case 'finish-rotation': {
        const finished = await finishKeyRotation(payload, id);
        if (!finished.ok) return refused(finished.error);
        print.out(`Reseller ${id}: only the key ${finished.prefix}… works now; the old one is revoked.`);
        return 0;
      }
      case 'issue-key': {
        const issued = await issueKey(payload, id);
        if (!issued.ok) return refused(issued.error);
        print.out(`Reseller ${id}: key ${issued.prefix}…`);
        print.out(`API key (shown once): ${issued.key}`);
        return 0;
      }
      case 'revoke-key': {
        const revoked = await revokeKeys(payload, id);
        if (!revoked.ok) return refused(revoked.error);
        print.out(`Reseller ${id}: every key is revoked. A new one: --issue-key --id ${id}`);
        return 0;
      }
      case 'rotate-webhook-secret': {
        const rotated = await rotateWebhookSecret(payload, id);
        if (!rotated.ok) return refused(rotated.error);
        print.out(`Reseller ${id}: webhooks are signed with a new secret from now on.`);
        print.out(secretLine(rotated.secret));
        return 0;
      }
    }
  }

  const name = values.name?.trim();
  if (!name) {
    print.err(USAGE);
    return 2;
  }
  const commission = values.commission === undefined ? 0 : Number(values.commission);
  if (!Number.isFinite(commission) || commission < 0 || commission > 100) {
    print.err('--commission must be a percentage between 0 and 100');
    return 2;
  }
  const payload = await open();
  const slugs = (values.tours ?? '')
    .split(',')
    .map((slug) => slug.trim())
    .filter(Boolean);
  const tourIds: number[] = [];
  for (const slug of slugs) {
    const found = await payload.find({
      collection: 'tours',
      where: { slug: { equals: slug } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    });
    const tour = found.docs[0];
    if (!tour) {
      print.err(`--tours: no tour with slug "${slug}"`);
      return 2;
    }
    tourIds.push(Number(tour.id));
  }

  const reseller = await payload.create({
    collection: 'resellers',
    overrideAccess: true,
    data: {
      name,
      tours: tourIds,
      commissionPercent: commission,
      active: true,
      ...(values['contact-email'] ? { contactEmail: values['contact-email'] } : {}),
      ...(values.webhook ? { webhookUrl: values.webhook } : {}),
    },
  });
  const id = Number(reseller.id);
  const issued = await issueKey(payload, id);
  // Made now even without a URL, so adding the URL later in the admin needs no new secret.
  const webhook = await rotateWebhookSecret(payload, id);
  if (!issued.ok || !webhook.ok) return 1;
  print.out(
    `Created reseller ${id} "${name}" (${tourIds.length ? `tours ${slugs.join(', ')}` : 'every tour'}, commission ${commission}%).`,
  );
  print.out(`API key (shown once): ${issued.key}`);
  print.out(secretLine(webhook.secret));
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  let started: Payload | undefined;
  const code = await resellerCommand(
    async () => {
      const [{ default: config }, { getPayload }] = await Promise.all([import('@payload-config'), import('payload')]);
      started = await getPayload({ config });
      return started;
    },
    process.argv.slice(2),
    { out: (line) => console.log(line), err: (line) => console.error(line) },
  );
  await started?.destroy();
  process.exit(code);
}
