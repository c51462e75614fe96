import config from '@payload-config';
import { getPayload } from 'payload';

import { shopDb } from '../src/booking/db';
import { verifyInvoiceChain } from '../src/invoicing/verify';

/**
 * `npm run invoices:verify`: recomputes every VERI*FACTU record's huella and the chain; exits 0
 * when it holds, 1 naming the first broken record (what an inspector would be shown).
 */
const payload = await getPayload({ config });
const report = await verifyInvoiceChain(shopDb(payload));
await payload.destroy();
if (report.ok) {
  console.log(`invoices:verify: ${report.records} records, the chain holds.`);
  process.exit(0);
}
console.error(
  `invoices:verify: record ${report.position} (${report.seriesNumber}) breaks the chain: ${report.reason}: ${report.detail}` +
    ` (${report.records} records before it hold)`,
);
process.exit(1);
