import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_reseller_webhooks_status" AS ENUM('queued', 'sent', 'failed');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendResellerWebhook';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendResellerWebhook';
  CREATE TABLE "reseller_webhooks" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"idempotency_key" varchar NOT NULL,
  	"reseller_id" integer NOT NULL,
  	"booking_id" integer NOT NULL,
  	"event" varchar NOT NULL,
  	"status" "enum_reseller_webhooks_status" DEFAULT 'queued' NOT NULL,
  	"attempts" numeric DEFAULT 0,
  	"sent_at" timestamp(3) with time zone,
  	"error" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "resellers" ADD COLUMN "webhook_secret" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "reseller_webhooks_id" integer;
  ALTER TABLE "reseller_webhooks" ADD CONSTRAINT "reseller_webhooks_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reseller_webhooks" ADD CONSTRAINT "reseller_webhooks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "reseller_webhooks_idempotency_key_idx" ON "reseller_webhooks" USING btree ("idempotency_key");
  CREATE INDEX "reseller_webhooks_reseller_idx" ON "reseller_webhooks" USING btree ("reseller_id");
  CREATE INDEX "reseller_webhooks_booking_idx" ON "reseller_webhooks" USING btree ("booking_id");
  CREATE INDEX "reseller_webhooks_status_idx" ON "reseller_webhooks" USING btree ("status");
  CREATE INDEX "reseller_webhooks_updated_at_idx" ON "reseller_webhooks" USING btree ("updated_at");
  CREATE INDEX "reseller_webhooks_created_at_idx" ON "reseller_webhooks" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_reseller_webhooks_fk" FOREIGN KEY ("reseller_webhooks_id") REFERENCES "public"."reseller_webhooks"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_reseller_webhooks_id_idx" ON "payload_locked_documents_rels" USING btree ("reseller_webhooks_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "reseller_webhooks" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "reseller_webhooks" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_reseller_webhooks_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'generateDepartures', 'expireHolds', 'queueMissingTicketEmails', 'remindDisrupted', 'applyRetention', 'sendEmail', 'sendSms');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'generateDepartures', 'expireHolds', 'queueMissingTicketEmails', 'remindDisrupted', 'applyRetention', 'sendEmail', 'sendSms');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_reseller_webhooks_id_idx";
  ALTER TABLE "resellers" DROP COLUMN "webhook_secret";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "reseller_webhooks_id";
  DROP TYPE "public"."enum_reseller_webhooks_status";`)
}
