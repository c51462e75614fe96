import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (no Payload collection): Apple Wallet passes handed out and the devices that
// registered for their updates (src/wallet/, docs/decisions/135-wallet-passes.md). The update
// time answers the phones' "what changed since" and If-Modified-Since.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'pushWalletPass';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'pushWalletPass';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'updateGoogleWalletObject';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'updateGoogleWalletObject';
  CREATE TABLE IF NOT EXISTS "wallet_passes" (
  	"serial" varchar PRIMARY KEY NOT NULL,
  	"booking_id" integer NOT NULL,
  	"updated_at" timestamp(3) with time zone NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS "wallet_passes_booking_idx" ON "wallet_passes" USING btree ("booking_id");
  CREATE TABLE IF NOT EXISTS "wallet_registrations" (
  	"device_id" varchar NOT NULL,
  	"pass_type_id" varchar NOT NULL,
  	"serial" varchar NOT NULL,
  	"push_token" varchar NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	PRIMARY KEY ("device_id", "pass_type_id", "serial")
  );
  CREATE INDEX IF NOT EXISTS "wallet_registrations_serial_idx" ON "wallet_registrations" USING btree ("pass_type_id", "serial");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE IF EXISTS "wallet_registrations";
  DROP TABLE IF EXISTS "wallet_passes";`)
}
