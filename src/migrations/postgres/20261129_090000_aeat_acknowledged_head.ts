import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (docs/decisions/167-chain-time-and-send-order.md). The last record the AEAT
// acknowledged (accepted, with or without errors), kept by the sender beside its lease and apart
// from the invoice tables: `npm run invoices:verify` checks that the chain still holds that record
// with that huella, a witness the database's owner cannot rewrite at the AEAT.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "invoice_sender" ADD COLUMN IF NOT EXISTS "acknowledged_position" integer;`)
  await db.execute(sql`ALTER TABLE "invoice_sender" ADD COLUMN IF NOT EXISTS "acknowledged_huella" varchar;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "invoice_sender" DROP COLUMN IF EXISTS "acknowledged_position";`)
  await db.execute(sql`ALTER TABLE "invoice_sender" DROP COLUMN IF EXISTS "acknowledged_huella";`)
}
