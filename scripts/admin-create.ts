import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

import config from '@payload-config';
import { getPayload } from 'payload';

import { roles, type Role } from '../src/collections/access';

/**
 * Creates (or promotes) a back-office user from the command line, so a fresh deployment does
 * not depend on whoever first opens /admin in a browser.
 *   npm run admin:create -- --email ana@example.com [--password …] [--name Ana] [--role admin]
 */
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'admin' },
  },
  strict: true,
});

const email = values.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error(
    'Usage: npm run admin:create -- --email you@example.com [--password …] [--name …] [--role admin|staff|boarding]',
  );
  process.exit(2);
}
if (!roles.includes(values.role as Role)) {
  console.error(`--role must be one of: ${roles.join(', ')}`);
  process.exit(2);
}
if (values.password !== undefined && values.password.length < 12) {
  console.error('--password must have at least 12 characters.');
  process.exit(2);
}
const generated = values.password === undefined;
const password = values.password ?? randomBytes(12).toString('base64url');

const payload = await getPayload({ config });
const existing = await payload.find({
  collection: 'users',
  where: { email: { equals: email } },
  limit: 1,
  overrideAccess: true,
});
const role = values.role as Role;
if (existing.docs[0]) {
  await payload.update({
    collection: 'users',
    id: existing.docs[0].id,
    overrideAccess: true,
    data: { role, password, ...(values.name ? { name: values.name } : {}) },
  });
  console.log(`Updated ${email}: role ${role}, new password set.`);
} else {
  await payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password, role, name: values.name },
  });
  console.log(`Created ${email} with role ${role}.`);
}
if (generated) console.log(`Password (shown once): ${password}`);
await payload.destroy();
process.exit(0);
