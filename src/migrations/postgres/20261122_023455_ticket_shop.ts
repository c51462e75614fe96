import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_tours_booking_mode" AS ENUM('online', 'onRequest');
  CREATE TYPE "public"."enum_timetables_weekdays" AS ENUM('1', '2', '3', '4', '5', '6', '7');
  CREATE TYPE "public"."enum_timetables_days" AS ENUM('daily', 'weekdays', 'weekends', 'custom');
  CREATE TYPE "public"."enum_departures_status" AS ENUM('scheduled', 'cancelled');
  CREATE TYPE "public"."enum_bookings_status" AS ENUM('held', 'paid', 'expired', 'cancelled', 'refundPending');
  CREATE TYPE "public"."enum_bookings_trip_type" AS ENUM('roundTrip', 'oneWay');
  CREATE TYPE "public"."enum_bookings_locale" AS ENUM('ca', 'es', 'en', 'fr');
  CREATE TYPE "public"."enum_tickets_category" AS ENUM('adult', 'reduced', 'child', 'super3');
  CREATE TYPE "public"."enum_payment_notifications_kind" AS ENUM('attempt', 'notification');
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'generateDepartures', 'expireHolds');
  CREATE TYPE "public"."enum_payload_jobs_log_state" AS ENUM('failed', 'succeeded');
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'generateDepartures', 'expireHolds');
  CREATE TABLE "timetables_weekdays" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_timetables_weekdays",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "timetables_times" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"time" varchar NOT NULL
  );
  
  CREATE TABLE "timetables_closed_dates" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"date" varchar NOT NULL
  );
  
  CREATE TABLE "timetables_extra_departures" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"date" varchar NOT NULL,
  	"time" varchar NOT NULL
  );
  
  CREATE TABLE "timetables" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"label" varchar NOT NULL,
  	"tour_id" integer NOT NULL,
  	"boat_id" integer NOT NULL,
  	"valid_from" varchar NOT NULL,
  	"valid_to" varchar NOT NULL,
  	"days" "enum_timetables_days" DEFAULT 'daily' NOT NULL,
  	"active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "departures" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"tour_id" integer NOT NULL,
  	"boat_id" integer NOT NULL,
  	"timetable_id" numeric,
  	"starts_at" timestamp(3) with time zone NOT NULL,
  	"local_date" varchar NOT NULL,
  	"local_time" varchar NOT NULL,
  	"duration_minutes" numeric NOT NULL,
  	"capacity" numeric NOT NULL,
  	"seats_sold" numeric DEFAULT 0,
  	"seats_held" numeric DEFAULT 0,
  	"status" "enum_departures_status" DEFAULT 'scheduled' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "bookings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"reference" varchar NOT NULL,
  	"tour_id" integer NOT NULL,
  	"departure_id" integer NOT NULL,
  	"status" "enum_bookings_status" DEFAULT 'held' NOT NULL,
  	"trip_type" "enum_bookings_trip_type" NOT NULL,
  	"adults" numeric NOT NULL,
  	"reduced" numeric NOT NULL,
  	"children" numeric NOT NULL,
  	"super3" numeric NOT NULL,
  	"audio_guides" numeric NOT NULL,
  	"seats" numeric NOT NULL,
  	"total_cents" numeric NOT NULL,
  	"customer_name" varchar NOT NULL,
  	"customer_surnames" varchar NOT NULL,
  	"customer_email" varchar NOT NULL,
  	"customer_phone" varchar NOT NULL,
  	"customer_mobile_phone" varchar NOT NULL,
  	"customer_comments" varchar,
  	"locale" "enum_bookings_locale" NOT NULL,
  	"hold_expires_at" timestamp(3) with time zone NOT NULL,
  	"hold_extended" boolean DEFAULT false,
  	"payment_order_ref" varchar,
  	"paid_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "tickets" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"booking_id" integer NOT NULL,
  	"category" "enum_tickets_category" NOT NULL,
  	"checked_in_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payment_notifications" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"kind" "enum_payment_notifications_kind" NOT NULL,
  	"order_ref" varchar,
  	"booking_id" integer,
  	"provider" varchar,
  	"amount_cents" numeric,
  	"response_code" varchar,
  	"outcome" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_jobs_log" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"executed_at" timestamp(3) with time zone NOT NULL,
  	"completed_at" timestamp(3) with time zone NOT NULL,
  	"task_slug" "enum_payload_jobs_log_task_slug" NOT NULL,
  	"task_i_d" varchar NOT NULL,
  	"input" jsonb,
  	"output" jsonb,
  	"state" "enum_payload_jobs_log_state" NOT NULL,
  	"error" jsonb
  );
  
  CREATE TABLE "payload_jobs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"input" jsonb,
  	"completed_at" timestamp(3) with time zone,
  	"total_tried" numeric DEFAULT 0,
  	"has_error" boolean DEFAULT false,
  	"error" jsonb,
  	"task_slug" "enum_payload_jobs_task_slug",
  	"queue" varchar DEFAULT 'default',
  	"wait_until" timestamp(3) with time zone,
  	"processing" boolean DEFAULT false,
  	"meta" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_jobs_stats" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"stats" jsonb,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "tours" ADD COLUMN "booking_mode" "enum_tours_booking_mode" DEFAULT 'onRequest' NOT NULL;
  ALTER TABLE "tours" ADD COLUMN "booking_round_trip_adult" numeric;
  ALTER TABLE "tours" ADD COLUMN "booking_round_trip_reduced" numeric;
  ALTER TABLE "tours" ADD COLUMN "booking_round_trip_child" numeric;
  ALTER TABLE "tours" ADD COLUMN "booking_one_way_available" boolean DEFAULT false;
  ALTER TABLE "tours" ADD COLUMN "booking_one_way_adult" numeric;
  ALTER TABLE "tours" ADD COLUMN "booking_one_way_reduced" numeric;
  ALTER TABLE "tours" ADD COLUMN "booking_one_way_child" numeric;
  ALTER TABLE "tours" ADD COLUMN "booking_audio_guide_cents" numeric DEFAULT 300 NOT NULL;
  ALTER TABLE "tours" ADD COLUMN "booking_boarding_minutes_before" numeric DEFAULT 15 NOT NULL;
  ALTER TABLE "tours" ADD COLUMN "booking_booking_closes_minutes_before" numeric DEFAULT 10 NOT NULL;
  ALTER TABLE "tours" ADD COLUMN "booking_boarding_point_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "timetables_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "departures_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "bookings_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "tickets_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "payment_notifications_id" integer;
  ALTER TABLE "timetables_weekdays" ADD CONSTRAINT "timetables_weekdays_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."timetables"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "timetables_times" ADD CONSTRAINT "timetables_times_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."timetables"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "timetables_closed_dates" ADD CONSTRAINT "timetables_closed_dates_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."timetables"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "timetables_extra_departures" ADD CONSTRAINT "timetables_extra_departures_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."timetables"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "timetables" ADD CONSTRAINT "timetables_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "timetables" ADD CONSTRAINT "timetables_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "departures" ADD CONSTRAINT "departures_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "departures" ADD CONSTRAINT "departures_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "tickets" ADD CONSTRAINT "tickets_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_jobs_log" ADD CONSTRAINT "payload_jobs_log_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."payload_jobs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "timetables_weekdays_order_idx" ON "timetables_weekdays" USING btree ("order");
  CREATE INDEX "timetables_weekdays_parent_idx" ON "timetables_weekdays" USING btree ("parent_id");
  CREATE INDEX "timetables_times_order_idx" ON "timetables_times" USING btree ("_order");
  CREATE INDEX "timetables_times_parent_id_idx" ON "timetables_times" USING btree ("_parent_id");
  CREATE INDEX "timetables_closed_dates_order_idx" ON "timetables_closed_dates" USING btree ("_order");
  CREATE INDEX "timetables_closed_dates_parent_id_idx" ON "timetables_closed_dates" USING btree ("_parent_id");
  CREATE INDEX "timetables_extra_departures_order_idx" ON "timetables_extra_departures" USING btree ("_order");
  CREATE INDEX "timetables_extra_departures_parent_id_idx" ON "timetables_extra_departures" USING btree ("_parent_id");
  CREATE INDEX "timetables_tour_idx" ON "timetables" USING btree ("tour_id");
  CREATE INDEX "timetables_boat_idx" ON "timetables" USING btree ("boat_id");
  CREATE INDEX "timetables_updated_at_idx" ON "timetables" USING btree ("updated_at");
  CREATE INDEX "timetables_created_at_idx" ON "timetables" USING btree ("created_at");
  CREATE UNIQUE INDEX "departures_key_idx" ON "departures" USING btree ("key");
  CREATE INDEX "departures_tour_idx" ON "departures" USING btree ("tour_id");
  CREATE INDEX "departures_boat_idx" ON "departures" USING btree ("boat_id");
  CREATE INDEX "departures_starts_at_idx" ON "departures" USING btree ("starts_at");
  CREATE INDEX "departures_local_date_idx" ON "departures" USING btree ("local_date");
  CREATE INDEX "departures_updated_at_idx" ON "departures" USING btree ("updated_at");
  CREATE INDEX "departures_created_at_idx" ON "departures" USING btree ("created_at");
  CREATE UNIQUE INDEX "bookings_reference_idx" ON "bookings" USING btree ("reference");
  CREATE INDEX "bookings_tour_idx" ON "bookings" USING btree ("tour_id");
  CREATE INDEX "bookings_departure_idx" ON "bookings" USING btree ("departure_id");
  CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status");
  CREATE INDEX "bookings_hold_expires_at_idx" ON "bookings" USING btree ("hold_expires_at");
  CREATE INDEX "bookings_payment_order_ref_idx" ON "bookings" USING btree ("payment_order_ref");
  CREATE INDEX "bookings_updated_at_idx" ON "bookings" USING btree ("updated_at");
  CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at");
  CREATE UNIQUE INDEX "tickets_code_idx" ON "tickets" USING btree ("code");
  CREATE INDEX "tickets_booking_idx" ON "tickets" USING btree ("booking_id");
  CREATE INDEX "tickets_updated_at_idx" ON "tickets" USING btree ("updated_at");
  CREATE INDEX "tickets_created_at_idx" ON "tickets" USING btree ("created_at");
  CREATE INDEX "payment_notifications_order_ref_idx" ON "payment_notifications" USING btree ("order_ref");
  CREATE INDEX "payment_notifications_booking_idx" ON "payment_notifications" USING btree ("booking_id");
  CREATE INDEX "payment_notifications_updated_at_idx" ON "payment_notifications" USING btree ("updated_at");
  CREATE INDEX "payment_notifications_created_at_idx" ON "payment_notifications" USING btree ("created_at");
  CREATE INDEX "payload_jobs_log_order_idx" ON "payload_jobs_log" USING btree ("_order");
  CREATE INDEX "payload_jobs_log_parent_id_idx" ON "payload_jobs_log" USING btree ("_parent_id");
  CREATE INDEX "payload_jobs_completed_at_idx" ON "payload_jobs" USING btree ("completed_at");
  CREATE INDEX "payload_jobs_total_tried_idx" ON "payload_jobs" USING btree ("total_tried");
  CREATE INDEX "payload_jobs_has_error_idx" ON "payload_jobs" USING btree ("has_error");
  CREATE INDEX "payload_jobs_task_slug_idx" ON "payload_jobs" USING btree ("task_slug");
  CREATE INDEX "payload_jobs_queue_idx" ON "payload_jobs" USING btree ("queue");
  CREATE INDEX "payload_jobs_wait_until_idx" ON "payload_jobs" USING btree ("wait_until");
  CREATE INDEX "payload_jobs_processing_idx" ON "payload_jobs" USING btree ("processing");
  CREATE INDEX "payload_jobs_updated_at_idx" ON "payload_jobs" USING btree ("updated_at");
  CREATE INDEX "payload_jobs_created_at_idx" ON "payload_jobs" USING btree ("created_at");
  ALTER TABLE "tours" ADD CONSTRAINT "tours_booking_boarding_point_id_boarding_points_id_fk" FOREIGN KEY ("booking_boarding_point_id") REFERENCES "public"."boarding_points"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_timetables_fk" FOREIGN KEY ("timetables_id") REFERENCES "public"."timetables"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_departures_fk" FOREIGN KEY ("departures_id") REFERENCES "public"."departures"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_bookings_fk" FOREIGN KEY ("bookings_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_tickets_fk" FOREIGN KEY ("tickets_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_payment_notifications_fk" FOREIGN KEY ("payment_notifications_id") REFERENCES "public"."payment_notifications"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "tours_booking_booking_boarding_point_idx" ON "tours" USING btree ("booking_boarding_point_id");
  CREATE INDEX "payload_locked_documents_rels_timetables_id_idx" ON "payload_locked_documents_rels" USING btree ("timetables_id");
  CREATE INDEX "payload_locked_documents_rels_departures_id_idx" ON "payload_locked_documents_rels" USING btree ("departures_id");
  CREATE INDEX "payload_locked_documents_rels_bookings_id_idx" ON "payload_locked_documents_rels" USING btree ("bookings_id");
  CREATE INDEX "payload_locked_documents_rels_tickets_id_idx" ON "payload_locked_documents_rels" USING btree ("tickets_id");
  CREATE INDEX "payload_locked_documents_rels_payment_notifications_id_idx" ON "payload_locked_documents_rels" USING btree ("payment_notifications_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "timetables_weekdays" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "timetables_times" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "timetables_closed_dates" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "timetables_extra_departures" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "timetables" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "departures" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "bookings" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "tickets" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payment_notifications" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs_log" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs_stats" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "timetables_weekdays" CASCADE;
  DROP TABLE "timetables_times" CASCADE;
  DROP TABLE "timetables_closed_dates" CASCADE;
  DROP TABLE "timetables_extra_departures" CASCADE;
  DROP TABLE "timetables" CASCADE;
  DROP TABLE "departures" CASCADE;
  DROP TABLE "bookings" CASCADE;
  DROP TABLE "tickets" CASCADE;
  DROP TABLE "payment_notifications" CASCADE;
  DROP TABLE "payload_jobs_log" CASCADE;
  DROP TABLE "payload_jobs" CASCADE;
  DROP TABLE "payload_jobs_stats" CASCADE;
  ALTER TABLE "tours" DROP CONSTRAINT "tours_booking_boarding_point_id_boarding_points_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_timetables_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_departures_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_bookings_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_tickets_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_payment_notifications_fk";
  
  DROP INDEX "tours_booking_booking_boarding_point_idx";
  DROP INDEX "payload_locked_documents_rels_timetables_id_idx";
  DROP INDEX "payload_locked_documents_rels_departures_id_idx";
  DROP INDEX "payload_locked_documents_rels_bookings_id_idx";
  DROP INDEX "payload_locked_documents_rels_tickets_id_idx";
  DROP INDEX "payload_locked_documents_rels_payment_notifications_id_idx";
  ALTER TABLE "tours" DROP COLUMN "booking_mode";
  ALTER TABLE "tours" DROP COLUMN "booking_round_trip_adult";
  ALTER TABLE "tours" DROP COLUMN "booking_round_trip_reduced";
  ALTER TABLE "tours" DROP COLUMN "booking_round_trip_child";
  ALTER TABLE "tours" DROP COLUMN "booking_one_way_available";
  ALTER TABLE "tours" DROP COLUMN "booking_one_way_adult";
  ALTER TABLE "tours" DROP COLUMN "booking_one_way_reduced";
  ALTER TABLE "tours" DROP COLUMN "booking_one_way_child";
  ALTER TABLE "tours" DROP COLUMN "booking_audio_guide_cents";
  ALTER TABLE "tours" DROP COLUMN "booking_boarding_minutes_before";
  ALTER TABLE "tours" DROP COLUMN "booking_booking_closes_minutes_before";
  ALTER TABLE "tours" DROP COLUMN "booking_boarding_point_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "timetables_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "departures_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "bookings_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "tickets_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "payment_notifications_id";
  DROP TYPE "public"."enum_tours_booking_mode";
  DROP TYPE "public"."enum_timetables_weekdays";
  DROP TYPE "public"."enum_timetables_days";
  DROP TYPE "public"."enum_departures_status";
  DROP TYPE "public"."enum_bookings_status";
  DROP TYPE "public"."enum_bookings_trip_type";
  DROP TYPE "public"."enum_bookings_locale";
  DROP TYPE "public"."enum_tickets_category";
  DROP TYPE "public"."enum_payment_notifications_kind";
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  DROP TYPE "public"."enum_payload_jobs_log_state";
  DROP TYPE "public"."enum_payload_jobs_task_slug";`)
}
