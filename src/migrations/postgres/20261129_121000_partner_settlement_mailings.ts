import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (no Payload collection; docs/decisions/179-partner-settlements.md). One row per
// partner and month whose settlement e-mail was claimed: the unique key makes the monthly job send
// it once, on any instance and after any restart; email_log_id says it reached the mail queue.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'sendPartnerSettlements';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'sendPartnerSettlements';
  CREATE TABLE IF NOT EXISTS "partner_settlement_mailings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"partner_id" integer NOT NULL,
  	"month" varchar NOT NULL,
  	"claimed_at" timestamp(3) with time zone NOT NULL,
  	"email_log_id" integer,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS "partner_settlement_mailings_partner_month_idx"
    ON "partner_settlement_mailings" USING btree ("partner_id", "month");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // The enum values stay: PostgreSQL cannot drop one, and an unused value harms nothing.
  await db.execute(sql`DROP TABLE IF EXISTS "partner_settlement_mailings";`)
}
