import config from '@payload-config';
import { getPayload } from 'payload';

import { seed } from '../src/seed/seed';

const payload = await getPayload({ config });
const result = await seed(payload);
console.log(JSON.stringify({ msg: 'seed finished', ...result }));
await payload.destroy();
process.exit(0);
