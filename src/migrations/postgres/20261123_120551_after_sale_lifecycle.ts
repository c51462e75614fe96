import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_departures_cancel_reason" AS ENUM('wind', 'seaState', 'technical', 'other');
  CREATE TYPE "public"."enum_bookings_disruption_choice" AS ENUM('moved', 'refunded');
  CREATE TYPE "public"."enum_payment_events_kind" AS ENUM('payment', 'refund');
  CREATE TYPE "public"."enum_payment_events_status" AS ENUM('succeeded', 'pending', 'failed');
  CREATE TYPE "public"."enum_payment_events_method" AS ENUM('card', 'bizum', 'cash', 'terminal', 'invoice', 'link', 'other');
  ALTER TYPE "public"."enum_bookings_status" ADD VALUE 'disrupted';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'remindDisrupted' BEFORE 'sendEmail';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendSms';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'remindDisrupted' BEFORE 'sendEmail';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendSms';
  CREATE TABLE "payment_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"booking_id" integer NOT NULL,
  	"kind" "enum_payment_events_kind" NOT NULL,
  	"status" "enum_payment_events_status" NOT NULL,
  	"amount_cents" numeric NOT NULL,
  	"method" "enum_payment_events_method",
  	"order_ref" varchar,
  	"idempotency_key" varchar NOT NULL,
  	"requested_by" varchar NOT NULL,
  	"reason" varchar,
  	"gateway_code" varchar,
  	"gateway_answer" varchar,
  	"attempts" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "audit_log" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"actor" varchar NOT NULL,
  	"action" varchar NOT NULL,
  	"subject" varchar NOT NULL,
  	"before" jsonb,
  	"after" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "departures" ADD COLUMN "cancel_reason" "enum_departures_cancel_reason";
  ALTER TABLE "departures" ADD COLUMN "cancelled_at" timestamp(3) with time zone;
  ALTER TABLE "departures" ADD COLUMN "cancel_note" varchar;
  ALTER TABLE "bookings" ADD COLUMN "paid_cents" numeric DEFAULT 0;
  ALTER TABLE "bookings" ADD COLUMN "refunded_cents" numeric DEFAULT 0;
  ALTER TABLE "bookings" ADD COLUMN "disrupted_at" timestamp(3) with time zone;
  ALTER TABLE "bookings" ADD COLUMN "disrupted_from" numeric;
  ALTER TABLE "bookings" ADD COLUMN "disruption_reminded_at" timestamp(3) with time zone;
  ALTER TABLE "bookings" ADD COLUMN "disruption_choice" "enum_bookings_disruption_choice";
  ALTER TABLE "bookings" ADD COLUMN "disruption_chosen_by" varchar;
  ALTER TABLE "tickets" ADD COLUMN "voided_at" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "payment_events_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "audit_log_id" integer;
  ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "payment_events_booking_idx" ON "payment_events" USING btree ("booking_id");
  CREATE INDEX "payment_events_status_idx" ON "payment_events" USING btree ("status");
  CREATE INDEX "payment_events_order_ref_idx" ON "payment_events" USING btree ("order_ref");
  CREATE UNIQUE INDEX "payment_events_idempotency_key_idx" ON "payment_events" USING btree ("idempotency_key");
  CREATE INDEX "payment_events_updated_at_idx" ON "payment_events" USING btree ("updated_at");
  CREATE INDEX "payment_events_created_at_idx" ON "payment_events" USING btree ("created_at");
  CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor");
  CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");
  CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject");
  CREATE INDEX "audit_log_updated_at_idx" ON "audit_log" USING btree ("updated_at");
  CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_payment_events_fk" FOREIGN KEY ("payment_events_id") REFERENCES "public"."payment_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_audit_log_fk" FOREIGN KEY ("audit_log_id") REFERENCES "public"."audit_log"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "bookings_disrupted_at_idx" ON "bookings" USING btree ("disrupted_at");
  CREATE INDEX "bookings_disrupted_from_idx" ON "bookings" USING btree ("disrupted_from");
  CREATE INDEX "payload_locked_documents_rels_payment_events_id_idx" ON "payload_locked_documents_rels" USING btree ("payment_events_id");
  CREATE INDEX "payload_locked_documents_rels_audit_log_id_idx" ON "payload_locked_documents_rels" USING btree ("audit_log_id");`)
  // Bookings paid before payment events existed: their money is one card payment of the total.
  await db.execute(sql`
   UPDATE "bookings" SET "paid_cents" = "total_cents" WHERE "status" IN ('paid', 'refundPending');
  INSERT INTO "payment_events" ("booking_id", "kind", "status", "amount_cents", "method", "order_ref", "idempotency_key", "requested_by", "reason", "attempts")
    SELECT "id", 'payment', 'succeeded', "total_cents", 'card', "payment_order_ref", 'backfill:' || "id", 'system', 'before payment events', 1
    FROM "bookings" WHERE "status" IN ('paid', 'refundPending') AND "total_cents" > 0;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payment_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "audit_log" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "payment_events" CASCADE;
  DROP TABLE "audit_log" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_payment_events_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_audit_log_fk";
  
  ALTER TABLE "bookings" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "bookings" ALTER COLUMN "status" SET DEFAULT 'held'::text;
  DROP TYPE "public"."enum_bookings_status";
  CREATE TYPE "public"."enum_bookings_status" AS ENUM('held', 'paid', 'expired', 'cancelled', 'refundPending');
  ALTER TABLE "bookings" ALTER COLUMN "status" SET DEFAULT 'held'::"public"."enum_bookings_status";
  ALTER TABLE "bookings" ALTER COLUMN "status" SET DATA TYPE "public"."enum_bookings_status" USING "status"::"public"."enum_bookings_status";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'generateDepartures', 'expireHolds', 'queueMissingTicketEmails', 'sendEmail');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'generateDepartures', 'expireHolds', 'queueMissingTicketEmails', 'sendEmail');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "bookings_disrupted_at_idx";
  DROP INDEX "bookings_disrupted_from_idx";
  DROP INDEX "payload_locked_documents_rels_payment_events_id_idx";
  DROP INDEX "payload_locked_documents_rels_audit_log_id_idx";
  ALTER TABLE "departures" DROP COLUMN "cancel_reason";
  ALTER TABLE "departures" DROP COLUMN "cancelled_at";
  ALTER TABLE "departures" DROP COLUMN "cancel_note";
  ALTER TABLE "bookings" DROP COLUMN "paid_cents";
  ALTER TABLE "bookings" DROP COLUMN "refunded_cents";
  ALTER TABLE "bookings" DROP COLUMN "disrupted_at";
  ALTER TABLE "bookings" DROP COLUMN "disrupted_from";
  ALTER TABLE "bookings" DROP COLUMN "disruption_reminded_at";
  ALTER TABLE "bookings" DROP COLUMN "disruption_choice";
  ALTER TABLE "bookings" DROP COLUMN "disruption_chosen_by";
  ALTER TABLE "tickets" DROP COLUMN "voided_at";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "payment_events_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "audit_log_id";
  DROP TYPE "public"."enum_departures_cancel_reason";
  DROP TYPE "public"."enum_bookings_disruption_choice";
  DROP TYPE "public"."enum_payment_events_kind";
  DROP TYPE "public"."enum_payment_events_status";
  DROP TYPE "public"."enum_payment_events_method";`)
}
