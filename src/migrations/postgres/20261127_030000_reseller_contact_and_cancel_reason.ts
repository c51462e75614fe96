import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Issue 30: what a reseller tells us about its guest beyond our lead fields (OCTO contact's
// country, postal code and notes, as JSON) and why a booking was cancelled, both returned on its
// OCTO booking instead of null.
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "bookings" ADD COLUMN "reseller_contact" varchar;
  ALTER TABLE "bookings" ADD COLUMN "cancel_reason" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "bookings" DROP COLUMN "reseller_contact";
  ALTER TABLE "bookings" DROP COLUMN "cancel_reason";`)
}
