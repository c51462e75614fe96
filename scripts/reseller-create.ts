import { parseArgs } from 'node:util';

import config from '@payload-config';
import { getPayload } from 'payload';

import { newApiKey } from '../src/octo/keys';
import { newWebhookSecret } from '../src/octo/webhooks';

/**
 * Creates a reseller of the OCTO API and prints its API key once (only its hash is stored: a
 * lost key is replaced by creating the reseller again and untick `active` on the old one), and the
 * secret its webhooks are signed with, also once.
 *   npm run reseller:create -- --name "Viatges Mar" [--tours slug,slug] [--commission 20]
 *     [--contact-email ops@example.com] [--webhook https://…]
 * Key rotation without downtime (src/octo/key-rotation.ts): `--rotate --id N` prints a new key
 * that works alongside the current one; `--finish-rotation --id N` makes it the only key.
 */
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    name: { type: 'string' },
    tours: { type: 'string' },
    commission: { type: 'string' },
    'contact-email': { type: 'string' },
    webhook: { type: 'string' },
    rotate: { type: 'boolean' },
    'finish-rotation': { type: 'boolean' },
    id: { type: 'string' },
  },
  strict: true,
});

if (values.rotate || values['finish-rotation']) {
  const id = Number(values.id);
  if (!Number.isSafeInteger(id) || id <= 0) {
    console.error('Usage: npm run reseller:create -- --rotate --id N   |   --finish-rotation --id N');
    process.exit(2);
  }
  const payload = await getPayload({ config });
  const { finishKeyRotation, startKeyRotation } = await import('../src/octo/key-rotation');
  if (values.rotate) {
    const started = await startKeyRotation(payload, id);
    if (!started.ok) {
      console.error(`Reseller ${id}: ${started.error}`);
      await payload.destroy();
      process.exit(1);
    }
    console.log(`Reseller ${id}: new key ${started.prefix}… works alongside the current one.`);
    console.log(`New API key (shown once): ${started.key}`);
    console.log(`Once the reseller uses it: npm run reseller:create -- --finish-rotation --id ${id}`);
  } else {
    const finished = await finishKeyRotation(payload, id);
    if (!finished.ok) {
      console.error(`Reseller ${id}: ${finished.error}`);
      await payload.destroy();
      process.exit(1);
    }
    console.log(`Reseller ${id}: only the key ${finished.prefix}… works now; the old one is revoked.`);
  }
  await payload.destroy();
  process.exit(0);
}

const name = values.name?.trim();
if (!name) {
  console.error('Usage: npm run reseller:create -- --name N [--tours slug,slug] [--commission 20]');
  process.exit(2);
}
const commission = values.commission === undefined ? 0 : Number(values.commission);
if (!Number.isFinite(commission) || commission < 0 || commission > 100) {
  console.error('--commission must be a percentage between 0 and 100');
  process.exit(2);
}
const slugs = (values.tours ?? '')
  .split(',')
  .map((slug) => slug.trim())
  .filter(Boolean);

const payload = await getPayload({ config });
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
    console.error(`--tours: no tour with slug "${slug}"`);
    await payload.destroy();
    process.exit(2);
  }
  tourIds.push(Number(tour.id));
}

const { key, prefix, hash } = newApiKey();
// Made now even without a URL, so adding the URL later in the admin needs no new secret.
const webhookSecret = newWebhookSecret();
const reseller = await payload.create({
  collection: 'resellers',
  overrideAccess: true,
  data: {
    name,
    tours: tourIds,
    commissionPercent: commission,
    active: true,
    keyPrefix: prefix,
    keyHash: hash,
    webhookSecret,
    ...(values['contact-email'] ? { contactEmail: values['contact-email'] } : {}),
    ...(values.webhook ? { webhookUrl: values.webhook } : {}),
  },
});
console.log(
  `Created reseller ${reseller.id} "${name}" (${tourIds.length ? `tours ${slugs.join(', ')}` : 'every tour'}, commission ${commission}%).`,
);
console.log(`API key (shown once): ${key}`);
console.log(`Webhook secret (shown once; HMAC-SHA256 key of the Octo-Signature header): ${webhookSecret}`);
await payload.destroy();
process.exit(0);
