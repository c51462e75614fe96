import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_requests_kind" AS ENUM('school', 'group', 'agency', 'contact');
  CREATE TYPE "public"."enum_requests_status" AS ENUM('new', 'in-progress', 'quoted', 'confirmed', 'declined');
  CREATE TYPE "public"."enum_requests_locale" AS ENUM('ca', 'es', 'en', 'fr');
  CREATE TYPE "public"."enum_requests_visit_language" AS ENUM('ca', 'es', 'en', 'fr');
  CREATE TYPE "public"."enum_requests_programme" AS ENUM('port-at-sight-60', 'sea-at-sight-90-forum', 'sea-at-sight-60-olympic');
  CREATE TYPE "public"."enum_email_log_status" AS ENUM('queued', 'sent', 'failed');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendEmail';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendEmail';
  CREATE TABLE "requests" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"kind" "enum_requests_kind" NOT NULL,
  	"status" "enum_requests_status" DEFAULT 'new' NOT NULL,
  	"locale" "enum_requests_locale" NOT NULL,
  	"staff_notes" varchar,
  	"contact_name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"phone" varchar,
  	"organisation" varchar,
  	"organisation_phone" varchar,
  	"agency_licence" varchar,
  	"visit_language" "enum_requests_visit_language",
  	"students" numeric,
  	"grade" varchar,
  	"teachers" numeric,
  	"programme" "enum_requests_programme",
  	"tour" varchar,
  	"group_size" numeric,
  	"preferred_date" varchar,
  	"alternative_date" varchar,
  	"subject" varchar,
  	"message" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "requests_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"email_log_id" integer
  );
  
  CREATE TABLE "email_log" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"subject" varchar NOT NULL,
  	"to" varchar NOT NULL,
  	"reply_to" varchar,
  	"status" "enum_email_log_status" DEFAULT 'queued' NOT NULL,
  	"template" varchar,
  	"ref" varchar,
  	"attempts" numeric DEFAULT 0,
  	"sent_at" timestamp(3) with time zone,
  	"error" varchar,
  	"transport" varchar,
  	"message_id" varchar,
  	"eml_file" varchar,
  	"text" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "requests_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "email_log_id" integer;
  ALTER TABLE "requests_rels" ADD CONSTRAINT "requests_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "requests_rels" ADD CONSTRAINT "requests_rels_email_log_fk" FOREIGN KEY ("email_log_id") REFERENCES "public"."email_log"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "requests_kind_idx" ON "requests" USING btree ("kind");
  CREATE INDEX "requests_status_idx" ON "requests" USING btree ("status");
  CREATE INDEX "requests_email_idx" ON "requests" USING btree ("email");
  CREATE INDEX "requests_preferred_date_idx" ON "requests" USING btree ("preferred_date");
  CREATE INDEX "requests_updated_at_idx" ON "requests" USING btree ("updated_at");
  CREATE INDEX "requests_created_at_idx" ON "requests" USING btree ("created_at");
  CREATE INDEX "requests_rels_order_idx" ON "requests_rels" USING btree ("order");
  CREATE INDEX "requests_rels_parent_idx" ON "requests_rels" USING btree ("parent_id");
  CREATE INDEX "requests_rels_path_idx" ON "requests_rels" USING btree ("path");
  CREATE INDEX "requests_rels_email_log_id_idx" ON "requests_rels" USING btree ("email_log_id");
  CREATE INDEX "email_log_to_idx" ON "email_log" USING btree ("to");
  CREATE INDEX "email_log_status_idx" ON "email_log" USING btree ("status");
  CREATE INDEX "email_log_ref_idx" ON "email_log" USING btree ("ref");
  CREATE INDEX "email_log_updated_at_idx" ON "email_log" USING btree ("updated_at");
  CREATE INDEX "email_log_created_at_idx" ON "email_log" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_requests_fk" FOREIGN KEY ("requests_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_email_log_fk" FOREIGN KEY ("email_log_id") REFERENCES "public"."email_log"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_requests_id_idx" ON "payload_locked_documents_rels" USING btree ("requests_id");
  CREATE INDEX "payload_locked_documents_rels_email_log_id_idx" ON "payload_locked_documents_rels" USING btree ("email_log_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "requests" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "requests_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "email_log" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "requests" CASCADE;
  DROP TABLE "requests_rels" CASCADE;
  DROP TABLE "email_log" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_requests_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_email_log_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'generateDepartures', 'expireHolds');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'generateDepartures', 'expireHolds');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_requests_id_idx";
  DROP INDEX "payload_locked_documents_rels_email_log_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "requests_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "email_log_id";
  DROP TYPE "public"."enum_requests_kind";
  DROP TYPE "public"."enum_requests_status";
  DROP TYPE "public"."enum_requests_locale";
  DROP TYPE "public"."enum_requests_visit_language";
  DROP TYPE "public"."enum_requests_programme";
  DROP TYPE "public"."enum_email_log_status";`)
}
