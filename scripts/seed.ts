import config from '@payload-config';
import { getPayload } from 'payload';

import { seed } from '../src/seed/seed';
import { seedShop } from '../src/seed/shop';

const payload = await getPayload({ config });
const result = await seed(payload);
console.log(JSON.stringify({ msg: 'seed finished', ...result }));
console.log(JSON.stringify({ msg: 'shop seed finished', ...(await seedShop(payload)) }));
await payload.destroy();
process.exit(0);
