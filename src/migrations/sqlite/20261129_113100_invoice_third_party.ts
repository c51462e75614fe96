import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Hand-written (docs/decisions/175-partners-and-combined-tours.md). The amounts an invoice shows
// as collected in the name and on behalf of partners (JSON), outside its total and its VAT: what
// a combined tour's agency parts were when it was issued, or what a refund gave back of them.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`invoices\` ADD \`third_party\` text;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`invoices\` DROP COLUMN \`third_party\`;`)
}
