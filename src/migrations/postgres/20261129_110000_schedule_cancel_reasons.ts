import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (docs/decisions/170-schedule-changes-are-disruptions.md). A departure cancelled
// because its time left the timetable or its day was closed says so: two more cancel reasons.
// PostgreSQL cannot drop a value from an enum; going down maps them to `other` and rebuilds it.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`ALTER TYPE "public"."enum_departures_cancel_reason" ADD VALUE IF NOT EXISTS 'timetable';`)
  await db.execute(sql`ALTER TYPE "public"."enum_departures_cancel_reason" ADD VALUE IF NOT EXISTS 'closedDay';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "departures" ALTER COLUMN "cancel_reason" SET DATA TYPE varchar;
  UPDATE "departures" SET "cancel_reason" = 'other' WHERE "cancel_reason" IN ('timetable', 'closedDay');
  DROP TYPE "public"."enum_departures_cancel_reason";
  CREATE TYPE "public"."enum_departures_cancel_reason" AS ENUM('wind', 'seaState', 'technical', 'other');
  ALTER TABLE "departures" ALTER COLUMN "cancel_reason" SET DATA TYPE "public"."enum_departures_cancel_reason" USING "cancel_reason"::"public"."enum_departures_cancel_reason";`)
}
