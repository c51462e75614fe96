import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Issue 27: a tour's own VAT rates (empty: the configured default) and a reseller's invoicing
// details (legal name, tax id, address), for its full invoices (F1).
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_vat_rate_pct\` numeric;`)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_audio_guide_vat_rate_pct\` numeric;`)
  await db.run(sql`ALTER TABLE \`resellers\` ADD \`legal_name\` text;`)
  await db.run(sql`ALTER TABLE \`resellers\` ADD \`tax_id\` text;`)
  await db.run(sql`ALTER TABLE \`resellers\` ADD \`address\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`tours\` DROP COLUMN \`booking_vat_rate_pct\`;`)
  await db.run(sql`ALTER TABLE \`tours\` DROP COLUMN \`booking_audio_guide_vat_rate_pct\`;`)
  await db.run(sql`ALTER TABLE \`resellers\` DROP COLUMN \`legal_name\`;`)
  await db.run(sql`ALTER TABLE \`resellers\` DROP COLUMN \`tax_id\`;`)
  await db.run(sql`ALTER TABLE \`resellers\` DROP COLUMN \`address\`;`)
}
