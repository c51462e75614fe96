import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-written: how many hours before departure a visitor may still change the date or time of
// a booking themselves (docs/decisions/142-visitors-change-their-own-date.md). Existing tours get
// the default of 24 hours; NULL means only the office changes that tour's bookings.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "tours" ADD COLUMN IF NOT EXISTS "booking_self_change_hours_before" numeric DEFAULT 24;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "tours" DROP COLUMN IF EXISTS "booking_self_change_hours_before";`)
}
