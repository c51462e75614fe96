import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Hand-written (docs/decisions/167-chain-time-and-send-order.md). The last record the AEAT
// acknowledged (accepted, with or without errors), kept by the sender beside its lease and apart
// from the invoice tables: `npm run invoices:verify` checks that the chain still holds that record
// with that huella, a witness the database's owner cannot rewrite at the AEAT.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`invoice_sender\` ADD \`acknowledged_position\` integer;`)
  await db.run(sql`ALTER TABLE \`invoice_sender\` ADD \`acknowledged_huella\` text;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`invoice_sender\` DROP COLUMN \`acknowledged_position\`;`)
  await db.run(sql`ALTER TABLE \`invoice_sender\` DROP COLUMN \`acknowledged_huella\`;`)
}
