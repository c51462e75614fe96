import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Issue 27: a tour's own VAT rates (empty: the configured default) and a reseller's invoicing
// details (legal name, tax id, address), for its full invoices (F1). Generated, less the jobs'
// task enums, which this snapshot is the first to record: 20261126_120000_invoicing added
// those values already.
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "tours" ADD COLUMN "booking_vat_rate_pct" numeric;
  ALTER TABLE "tours" ADD COLUMN "booking_audio_guide_vat_rate_pct" numeric;
  ALTER TABLE "resellers" ADD COLUMN "legal_name" varchar;
  ALTER TABLE "resellers" ADD COLUMN "tax_id" varchar;
  ALTER TABLE "resellers" ADD COLUMN "address" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "tours" DROP COLUMN "booking_vat_rate_pct";
  ALTER TABLE "tours" DROP COLUMN "booking_audio_guide_vat_rate_pct";
  ALTER TABLE "resellers" DROP COLUMN "legal_name";
  ALTER TABLE "resellers" DROP COLUMN "tax_id";
  ALTER TABLE "resellers" DROP COLUMN "address";`)
}
