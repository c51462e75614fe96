import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (no Payload collection): invoices and their VERI*FACTU records
// (src/invoicing/, docs/decisions/131-invoicing.md). Invoices, their lines and their records are
// never updated or deleted: the triggers below refuse it, whoever asks. Only the chain's head,
// the series counters and the AEAT sending state change.
// `invoice_chain.started_at`: money that moved before invoicing existed is not invoiced
// afterwards (a refund of such a sale has no invoice to rectify).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'invoiceSweep';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'invoiceSweep';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'sendInvoiceRecords';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'sendInvoiceRecords';
  CREATE TABLE IF NOT EXISTS "invoices" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"booking_id" integer NOT NULL,
  	"series" varchar NOT NULL,
  	"number" integer NOT NULL,
  	"series_number" varchar NOT NULL,
  	"type" varchar NOT NULL,
  	"channel" varchar NOT NULL,
  	"issued_at" timestamp(3) with time zone NOT NULL,
  	"issue_date" varchar NOT NULL,
  	"total_cents" integer NOT NULL,
  	"vat_cents" integer NOT NULL,
  	"breakdown" text NOT NULL,
  	"lines" text NOT NULL,
  	"corrects_invoice_id" integer,
  	"replaces_invoice_ids" text,
  	"recipient" text,
  	"locale" varchar NOT NULL,
  	"reason" varchar NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS "invoices_series_number_idx" ON "invoices" USING btree ("series", "number");
  CREATE UNIQUE INDEX IF NOT EXISTS "invoices_series_number_text_idx" ON "invoices" USING btree ("series_number");
  CREATE INDEX IF NOT EXISTS "invoices_booking_idx" ON "invoices" USING btree ("booking_id");
  CREATE TABLE IF NOT EXISTS "invoice_records" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"position" integer NOT NULL,
  	"invoice_id" integer NOT NULL,
  	"kind" varchar NOT NULL,
  	"huella" varchar NOT NULL,
  	"previous_huella" varchar,
  	"record" text NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS "invoice_records_position_idx" ON "invoice_records" USING btree ("position");
  CREATE INDEX IF NOT EXISTS "invoice_records_invoice_idx" ON "invoice_records" USING btree ("invoice_id");
  CREATE TABLE IF NOT EXISTS "invoice_recipients" (
  	"booking_id" integer PRIMARY KEY NOT NULL,
  	"recipient" text NOT NULL,
  	"address" text NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE TABLE IF NOT EXISTS "invoice_series" (
  	"series" varchar PRIMARY KEY NOT NULL,
  	"last_number" integer NOT NULL
  );
  CREATE TABLE IF NOT EXISTS "invoice_chain" (
  	"id" integer PRIMARY KEY NOT NULL,
  	"last_position" integer NOT NULL,
  	"last_record" text,
  	"started_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  INSERT INTO "invoice_chain" ("id", "last_position", "last_record") VALUES (1, 0, NULL) ON CONFLICT DO NOTHING;
  CREATE TABLE IF NOT EXISTS "invoice_sender" (
  	"id" integer PRIMARY KEY NOT NULL,
  	"locked_until" timestamp(3) with time zone,
  	"next_send_at" timestamp(3) with time zone
  );
  INSERT INTO "invoice_sender" ("id") VALUES (1) ON CONFLICT DO NOTHING;
  CREATE TABLE IF NOT EXISTS "invoice_record_status" (
  	"record_id" integer PRIMARY KEY NOT NULL,
  	"status" varchar NOT NULL,
  	"attempts" integer DEFAULT 0 NOT NULL,
  	"csv" varchar,
  	"error_code" varchar,
  	"error_text" varchar,
  	"next_attempt_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE INDEX IF NOT EXISTS "invoice_record_status_status_idx" ON "invoice_record_status" USING btree ("status");
  CREATE OR REPLACE FUNCTION invoicing_is_immutable() RETURNS trigger AS $$
  BEGIN
    RAISE EXCEPTION 'invoicing: % on % refused, invoices and their records are immutable', TG_OP, TG_TABLE_NAME;
  END;
  $$ LANGUAGE plpgsql;
  DROP TRIGGER IF EXISTS "invoices_immutable" ON "invoices";
  CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION invoicing_is_immutable();
  DROP TRIGGER IF EXISTS "invoices_not_truncated" ON "invoices";
  CREATE TRIGGER "invoices_not_truncated" BEFORE TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION invoicing_is_immutable();
  DROP TRIGGER IF EXISTS "invoice_records_immutable" ON "invoice_records";
  CREATE TRIGGER "invoice_records_immutable" BEFORE UPDATE OR DELETE ON "invoice_records" FOR EACH ROW EXECUTE FUNCTION invoicing_is_immutable();
  DROP TRIGGER IF EXISTS "invoice_records_not_truncated" ON "invoice_records";
  CREATE TRIGGER "invoice_records_not_truncated" BEFORE TRUNCATE ON "invoice_records" FOR EACH STATEMENT EXECUTE FUNCTION invoicing_is_immutable();`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // Dropping the tables is the only way down: the rows themselves can never be removed.
  await db.execute(sql`
  DROP TABLE IF EXISTS "invoice_record_status";
  DROP TABLE IF EXISTS "invoice_sender";
  DROP TABLE IF EXISTS "invoice_chain";
  DROP TABLE IF EXISTS "invoice_series";
  DROP TABLE IF EXISTS "invoice_recipients";
  DROP TABLE IF EXISTS "invoice_records";
  DROP TABLE IF EXISTS "invoices";
  DROP FUNCTION IF EXISTS invoicing_is_immutable();`)
}
