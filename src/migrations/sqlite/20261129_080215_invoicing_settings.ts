import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Issue 41: how a tour's sales are taxed (src/invoicing/tour-vat.ts, docs/decisions/164; existing
// tours are passenger transport, as every tour was invoiced until now) and whom a reseller's sales
// are invoiced to (docs/decisions/165; existing resellers buy and resell, their past bookings keep
// NULL: invoiced as they were).
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_tax_treatment\` text DEFAULT 'passengerTransport' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`reseller_invoicing\` text;`)
  await db.run(sql`ALTER TABLE \`resellers\` ADD \`invoicing_model\` text DEFAULT 'resale';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`tours\` DROP COLUMN \`booking_tax_treatment\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`reseller_invoicing\`;`)
  await db.run(sql`ALTER TABLE \`resellers\` DROP COLUMN \`invoicing_model\`;`)
}
