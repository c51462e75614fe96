import config from '@payload-config';
import { getPayload } from 'payload';

import { env } from '../src/lib/env';
import { seedPartners } from '../src/seed/partners';
import { seed } from '../src/seed/seed';
import { seedShop } from '../src/seed/shop';

const payload = await getPayload({ config });
const result = await seed(payload);
console.log(JSON.stringify({ msg: 'seed finished', ...result }));
console.log(JSON.stringify({ msg: 'shop seed finished', ...(await seedShop(payload)) }));
// The combined tours' demo partners have fictional tax ids: never on a production deployment,
// whose partners the admin enters (docs/decisions/181-used-admissions-and-refunds.md).
if (env().APP_ENV === 'production') console.log(JSON.stringify({ msg: 'partner seed skipped on production' }));
else console.log(JSON.stringify({ msg: 'partner seed finished', ...(await seedPartners(payload)) }));
await payload.destroy();
process.exit(0);
