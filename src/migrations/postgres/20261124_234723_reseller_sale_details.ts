import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "bookings" ADD COLUMN "reseller_units" varchar;
  ALTER TABLE "bookings" ADD COLUMN "reseller_commission_percent" numeric;
  ALTER TABLE "bookings" ADD COLUMN "tickets_by_email" boolean DEFAULT true;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "bookings" DROP COLUMN "reseller_units";
  ALTER TABLE "bookings" DROP COLUMN "reseller_commission_percent";
  ALTER TABLE "bookings" DROP COLUMN "tickets_by_email";`)
}
