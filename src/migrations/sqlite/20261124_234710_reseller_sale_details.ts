import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`reseller_units\` text;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`reseller_commission_percent\` numeric;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`tickets_by_email\` integer DEFAULT true;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`reseller_units\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`reseller_commission_percent\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`tickets_by_email\`;`)
}
