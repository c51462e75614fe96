import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_departures_status" ADD VALUE 'closed' BEFORE 'cancelled';
  CREATE TABLE "ops_settings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"gust_warning_kmh" numeric DEFAULT 40 NOT NULL,
  	"wind_warning_kmh" numeric DEFAULT 30 NOT NULL,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  `)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "ops_settings" CASCADE;
  ALTER TABLE "departures" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "departures" ALTER COLUMN "status" SET DEFAULT 'scheduled'::text;
  DROP TYPE "public"."enum_departures_status";
  CREATE TYPE "public"."enum_departures_status" AS ENUM('scheduled', 'cancelled');
  ALTER TABLE "departures" ALTER COLUMN "status" SET DEFAULT 'scheduled'::"public"."enum_departures_status";
  ALTER TABLE "departures" ALTER COLUMN "status" SET DATA TYPE "public"."enum_departures_status" USING "status"::"public"."enum_departures_status";`)
}
