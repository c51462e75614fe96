import config from '@payload-config';
import { getPayload } from 'payload';

import { shopDb } from '../src/booking/db';
import { inspectInvoices } from '../src/invoicing/verify';

/**
 * `npm run invoices:verify`: what an inspector checks (docs/decisions/163-…): every record's
 * huella and the chain, every invoice against its records and its own sums, each series without
 * gaps in issue order, the annulments, the AEAT's schema for every record, and the chain's last
 * record against its witnesses. Exits 0 when all hold, 1 naming the first problem.
 * `--no-schema` skips the schema validation (the slow part).
 */
const payload = await getPayload({ config });
const started = performance.now();
const report = await inspectInvoices(shopDb(payload), { schema: !process.argv.includes('--no-schema') });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
await payload.destroy();
if (report.ok) {
  console.log(
    `invoices:verify: ${report.records} records, ${report.invoices} invoices in ${report.series} series hold;` +
      ` the chain ends at record ${report.head.position} (${report.head.huella ?? 'none'}). ${seconds} s.`,
  );
  process.exit(0);
}
const { problem } = report;
const where = [
  problem.position !== null ? `record ${problem.position}` : null,
  problem.seriesNumber !== null ? `invoice ${problem.seriesNumber}` : null,
]
  .filter(Boolean)
  .join(', ');
console.error(`invoices:verify: ${problem.check} (${problem.reason})${where ? ` at ${where}` : ''}: ${problem.detail}`);
process.exit(1);
