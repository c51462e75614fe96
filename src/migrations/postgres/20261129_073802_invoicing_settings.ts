import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Issue 41: how a tour's sales are taxed (src/invoicing/tour-vat.ts, docs/decisions/164); existing
// tours are passenger transport, as every tour was invoiced until now.
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_tours_booking_tax_treatment" AS ENUM('passengerTransport', 'tourism');
  ALTER TABLE "tours" ADD COLUMN "booking_tax_treatment" "enum_tours_booking_tax_treatment" DEFAULT 'passengerTransport' NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "tours" DROP COLUMN "booking_tax_treatment";
  DROP TYPE "public"."enum_tours_booking_tax_treatment";`)
}
