import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Issue 41: how a tour's sales are taxed (src/invoicing/tour-vat.ts, docs/decisions/164; existing
// tours are passenger transport, as every tour was invoiced until now) and whom a reseller's sales
// are invoiced to (docs/decisions/165; existing resellers buy and resell, their past bookings keep
// NULL: invoiced as they were).
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_tours_booking_tax_treatment" AS ENUM('passengerTransport', 'tourism');
  CREATE TYPE "public"."enum_bookings_reseller_invoicing" AS ENUM('resale', 'agent');
  CREATE TYPE "public"."enum_resellers_invoicing_model" AS ENUM('resale', 'agent');
  ALTER TABLE "tours" ADD COLUMN "booking_tax_treatment" "enum_tours_booking_tax_treatment" DEFAULT 'passengerTransport' NOT NULL;
  ALTER TABLE "bookings" ADD COLUMN "reseller_invoicing" "enum_bookings_reseller_invoicing";
  ALTER TABLE "resellers" ADD COLUMN "invoicing_model" "enum_resellers_invoicing_model" DEFAULT 'resale';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "tours" DROP COLUMN "booking_tax_treatment";
  ALTER TABLE "bookings" DROP COLUMN "reseller_invoicing";
  ALTER TABLE "resellers" DROP COLUMN "invoicing_model";
  DROP TYPE "public"."enum_tours_booking_tax_treatment";
  DROP TYPE "public"."enum_bookings_reseller_invoicing";
  DROP TYPE "public"."enum_resellers_invoicing_model";`)
}
