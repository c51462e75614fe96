// The soak's back-office users (scripts/soak-invoicing.mjs): an admin and an office user, made as
// `npm run admin:create` makes them but in one process (each run starts Payload, ~20–40 s on a
// busy 2-core machine). SOAK_USERS: a JSON array of { email, password, role }.
import config from '@payload-config';
import { getPayload } from 'payload';

import type { Role } from '../src/collections/access';

import { saveStaffUser } from './staff-user';

const users = JSON.parse(process.env.SOAK_USERS ?? '[]') as { email: string; password: string; role: Role }[];
if (users.length === 0) {
  console.error('SOAK_USERS is empty: nothing to create.');
  process.exit(2);
}
const payload = await getPayload({ config });
for (const user of users) await saveStaffUser(payload, user);
await payload.destroy();
process.exit(0);
