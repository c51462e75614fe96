import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

import { roles, type Role } from '../src/security/policy';
import { passwordProblem, passwordProblemMessage } from '../src/lib/password-policy';

/**
 * Creates a back-office user, or updates one (role, password, name), from the command line, so a
 * fresh deployment does not depend on whoever first opens /admin in a browser. Without
 * --password it sets a generated one and prints it once.
 *   npm run admin:create -- --email ana@example.com [--role admin|office|crew|partner] [--name Ana] [--password …]
 * A partner's door staff (--role partner) name their partner: --partner "Aquàrium de Barcelona".
 */
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    partner: { type: 'string' },
  },
  strict: true,
});

const email = values.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error(
    'Usage: npm run admin:create -- --email you@example.com [--password …] [--name …] [--role admin|office|crew|partner] [--partner "its name"]',
  );
  process.exit(2);
}
if (values.role !== undefined && !roles.includes(values.role as Role)) {
  console.error(`--role must be one of: ${roles.join(', ')}`);
  process.exit(2);
}
if (values.role === 'partner' && !values.partner?.trim()) {
  console.error('--role partner needs --partner "the partner\'s name" (Ticket shop › Partners)');
  process.exit(2);
}
const problem = values.password === undefined ? null : passwordProblem(values.password);
if (problem) {
  console.error(`--password: ${passwordProblemMessage(problem, 'en')}`);
  process.exit(2);
}
const generated = values.password === undefined;
// 18 random bytes: 24 characters, 144 bits, typed once and then kept in a password manager.
const password = values.password ?? randomBytes(18).toString('base64url');

// Loaded only once the arguments are right: a typo is answered at once, not after Payload starts.
const [{ default: config }, { getPayload }, { saveStaffUser }] = await Promise.all([
  import('@payload-config'),
  import('payload'),
  import('./staff-user'),
]);
const payload = await getPayload({ config });
let partner: number | undefined;
if (values.partner?.trim()) {
  const found = await payload.find({
    collection: 'partners',
    where: { name: { equals: values.partner.trim() } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  if (!found.docs[0]) {
    console.error(`No partner is called "${values.partner.trim()}" (Ticket shop › Partners).`);
    await payload.destroy();
    process.exit(2);
  }
  partner = Number(found.docs[0].id);
}
const { created, role } = await saveStaffUser(payload, {
  ...(partner ? { partner } : {}),
  email,
  password,
  role: values.role as Role | undefined,
  name: values.name,
});
console.log(created ? `Created ${email} with role ${role}.` : `Updated ${email}: role ${role}, new password set.`);
if (generated) console.log(`Password (shown once): ${password}`);
await payload.destroy();
process.exit(0);
