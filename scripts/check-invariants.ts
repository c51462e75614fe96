import config from '@payload-config';
import { getPayload } from 'payload';

import { invariantViolations } from '../tests/fixtures/invariant-violations';

/**
 * The tests' invariant check (seats, tickets, admissions, money, invoices, the till) on a whole
 * database, for `npm run soak:invoicing` after its load: the same function the integration tests
 * run after each test, not a copy of its SQL that could fall behind it. Prints one JSON line
 * (`{"problems": […]}`) and exits 1 when any invariant fails.
 */
const payload = await getPayload({ config });
const problems = await invariantViolations(payload);
await payload.destroy();
console.log(JSON.stringify({ problems }));
process.exit(problems.length === 0 ? 0 : 1);
