import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Issue 41: how a tour's sales are taxed (src/invoicing/tour-vat.ts, docs/decisions/164); existing
// tours are passenger transport, as every tour was invoiced until now.
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_tax_treatment\` text DEFAULT 'passengerTransport' NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`tours\` DROP COLUMN \`booking_tax_treatment\`;`)
}
