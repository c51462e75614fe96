// The e2e server's back-office users (scripts/e2e-server.mjs), made as `npm run admin:create`
// makes them but in one process: each admin:create run compiles the Payload config and starts
// Payload, about 6 s on a busy 2-core machine, and the suite needs ten users before it can start.
import config from '@payload-config';
import { getPayload } from 'payload';

import type { Role } from '../src/collections/access';

import { saveStaffUser } from './staff-user';

const users: { email: string; password: string; role: Role; name?: string }[] = [
  { email: 'e2e-admin@example.com', password: 'e2e-admin-password', role: 'admin' },
  // One admin per Playwright worker slot (tests/e2e/staff-departures.ts e2eAdmin): Payload keeps a
  // user's sessions in one row, and workers signing in as one user at once lose each other's session.
  ...[0, 1, 2, 3].map((slot) => ({
    email: `e2e-admin-${slot}@example.com`,
    password: 'e2e-admin-password',
    role: 'admin' as const,
  })),
  // One admin per viewport of the admin-labels spec: Payload keeps a user's sessions in one row, so
  // two browsers signing in as the same user at the same instant can lose one of the sessions.
  ...['phone', 'desktop'].map((size) => ({
    email: `e2e-labels-${size}@example.com`,
    password: 'e2e-labels-password',
    role: 'admin' as const,
  })),
  // The ticket office, for the back-office day screens (tests/e2e/ops-today.spec.ts).
  { email: 'e2e-office@example.com', password: 'e2e-office-password', role: 'office' },
  { email: 'e2e-crew@example.com', password: 'e2e-crew-password', role: 'crew', name: 'Marta Vidal' },
];

const payload = await getPayload({ config });
for (const user of users) await saveStaffUser(payload, user);
await payload.destroy();
process.exit(0);
