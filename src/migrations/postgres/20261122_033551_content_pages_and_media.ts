import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_tours_languages_on_board" AS ENUM('ca', 'es', 'en', 'fr');
  CREATE TYPE "public"."enum_pages_key" AS ENUM('about', 'legal', 'companyPolicy', 'privacy', 'terms', 'cookies');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'queueMissingTicketEmails' BEFORE 'sendEmail';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'queueMissingTicketEmails' BEFORE 'sendEmail';
  CREATE TABLE "tours_includes" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"item" varchar NOT NULL
  );
  
  CREATE TABLE "tours_languages_on_board" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_tours_languages_on_board",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "tours_gallery" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"image_id" integer NOT NULL
  );
  
  CREATE TABLE "tours_faq" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"question" varchar NOT NULL,
  	"answer" varchar NOT NULL
  );
  
  CREATE TABLE "school_tours_programmes" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"duration_minutes" numeric NOT NULL,
  	"departure" varchar,
  	"description" varchar
  );
  
  CREATE TABLE "school_tours_learning" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"item" varchar NOT NULL
  );
  
  CREATE TABLE "school_tours_practical" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"item" varchar NOT NULL
  );
  
  CREATE TABLE "school_tours_faq" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"question" varchar NOT NULL,
  	"answer" varchar NOT NULL
  );
  
  CREATE TABLE "media" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric,
  	"sizes_card_url" varchar,
  	"sizes_card_width" numeric,
  	"sizes_card_height" numeric,
  	"sizes_card_mime_type" varchar,
  	"sizes_card_filesize" numeric,
  	"sizes_card_filename" varchar,
  	"sizes_hero_url" varchar,
  	"sizes_hero_width" numeric,
  	"sizes_hero_height" numeric,
  	"sizes_hero_mime_type" varchar,
  	"sizes_hero_filesize" numeric,
  	"sizes_hero_filename" varchar
  );
  
  CREATE TABLE "media_locales" (
  	"alt" varchar NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "past_images" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"year" numeric NOT NULL,
  	"image_id" integer NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "past_images_locales" (
  	"caption" varchar NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "pages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" "enum_pages_key" NOT NULL,
  	"image_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "pages_locales" (
  	"title" varchar NOT NULL,
  	"intro" varchar,
  	"body" jsonb,
  	"seo_description" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "site" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"brand" varchar DEFAULT 'Las Golondrinas' NOT NULL,
  	"contact_address" varchar,
  	"contact_phone" varchar,
  	"contact_email" varchar,
  	"contact_legal_name" varchar,
  	"contact_tax_id" varchar,
  	"boarding_point_id" integer,
  	"hero_image_id" integer,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "site_locales" (
  	"slogan" varchar,
  	"history_title" varchar,
  	"history_text" varchar,
  	"opening_times" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "home_gallery" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"image_id" integer NOT NULL
  );
  
  CREATE TABLE "home" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "home_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"tours_id" integer
  );
  
  ALTER TABLE "tours" DROP CONSTRAINT "tours_booking_boarding_point_id_boarding_points_id_fk";
  
  DROP INDEX "tours_booking_booking_boarding_point_idx";
  ALTER TABLE "tours" ADD COLUMN "hero_image_id" integer;
  ALTER TABLE "tours" ADD COLUMN "price_from_cents" numeric;
  ALTER TABLE "tours" ADD COLUMN "boarding_point_id" integer;
  ALTER TABLE "tours_locales" ADD COLUMN "description" varchar;
  ALTER TABLE "tours_locales" ADD COLUMN "departures_weekday" varchar;
  ALTER TABLE "tours_locales" ADD COLUMN "departures_weekend" varchar;
  ALTER TABLE "tours_locales" ADD COLUMN "audio_guide" varchar;
  ALTER TABLE "tours_locales" ADD COLUMN "seo_title" varchar;
  ALTER TABLE "tours_locales" ADD COLUMN "seo_description" varchar;
  ALTER TABLE "school_tours" ADD COLUMN "hero_image_id" integer;
  ALTER TABLE "school_tours" ADD COLUMN "min_students" numeric DEFAULT 40;
  ALTER TABLE "school_tours" ADD COLUMN "boarding_point_id" integer;
  ALTER TABLE "school_tours_locales" ADD COLUMN "description" varchar;
  ALTER TABLE "school_tours_locales" ADD COLUMN "seo_title" varchar;
  ALTER TABLE "school_tours_locales" ADD COLUMN "seo_description" varchar;
  ALTER TABLE "boats" ADD COLUMN "photo_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "media_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "past_images_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "pages_id" integer;
  ALTER TABLE "tours_includes" ADD CONSTRAINT "tours_includes_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "tours_languages_on_board" ADD CONSTRAINT "tours_languages_on_board_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "tours_gallery" ADD CONSTRAINT "tours_gallery_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "tours_gallery" ADD CONSTRAINT "tours_gallery_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "tours_faq" ADD CONSTRAINT "tours_faq_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "school_tours_programmes" ADD CONSTRAINT "school_tours_programmes_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."school_tours"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "school_tours_learning" ADD CONSTRAINT "school_tours_learning_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."school_tours"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "school_tours_practical" ADD CONSTRAINT "school_tours_practical_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."school_tours"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "school_tours_faq" ADD CONSTRAINT "school_tours_faq_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."school_tours"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "media_locales" ADD CONSTRAINT "media_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "past_images" ADD CONSTRAINT "past_images_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "past_images_locales" ADD CONSTRAINT "past_images_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."past_images"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages" ADD CONSTRAINT "pages_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pages_locales" ADD CONSTRAINT "pages_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site" ADD CONSTRAINT "site_boarding_point_id_boarding_points_id_fk" FOREIGN KEY ("boarding_point_id") REFERENCES "public"."boarding_points"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "site" ADD CONSTRAINT "site_hero_image_id_media_id_fk" FOREIGN KEY ("hero_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "site_locales" ADD CONSTRAINT "site_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "home_gallery" ADD CONSTRAINT "home_gallery_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "home_gallery" ADD CONSTRAINT "home_gallery_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."home"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "home_rels" ADD CONSTRAINT "home_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."home"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "home_rels" ADD CONSTRAINT "home_rels_tours_fk" FOREIGN KEY ("tours_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "tours_includes_order_idx" ON "tours_includes" USING btree ("_order");
  CREATE INDEX "tours_includes_parent_id_idx" ON "tours_includes" USING btree ("_parent_id");
  CREATE INDEX "tours_includes_locale_idx" ON "tours_includes" USING btree ("_locale");
  CREATE INDEX "tours_languages_on_board_order_idx" ON "tours_languages_on_board" USING btree ("order");
  CREATE INDEX "tours_languages_on_board_parent_idx" ON "tours_languages_on_board" USING btree ("parent_id");
  CREATE INDEX "tours_gallery_order_idx" ON "tours_gallery" USING btree ("_order");
  CREATE INDEX "tours_gallery_parent_id_idx" ON "tours_gallery" USING btree ("_parent_id");
  CREATE INDEX "tours_gallery_image_idx" ON "tours_gallery" USING btree ("image_id");
  CREATE INDEX "tours_faq_order_idx" ON "tours_faq" USING btree ("_order");
  CREATE INDEX "tours_faq_parent_id_idx" ON "tours_faq" USING btree ("_parent_id");
  CREATE INDEX "tours_faq_locale_idx" ON "tours_faq" USING btree ("_locale");
  CREATE INDEX "school_tours_programmes_order_idx" ON "school_tours_programmes" USING btree ("_order");
  CREATE INDEX "school_tours_programmes_parent_id_idx" ON "school_tours_programmes" USING btree ("_parent_id");
  CREATE INDEX "school_tours_programmes_locale_idx" ON "school_tours_programmes" USING btree ("_locale");
  CREATE INDEX "school_tours_learning_order_idx" ON "school_tours_learning" USING btree ("_order");
  CREATE INDEX "school_tours_learning_parent_id_idx" ON "school_tours_learning" USING btree ("_parent_id");
  CREATE INDEX "school_tours_learning_locale_idx" ON "school_tours_learning" USING btree ("_locale");
  CREATE INDEX "school_tours_practical_order_idx" ON "school_tours_practical" USING btree ("_order");
  CREATE INDEX "school_tours_practical_parent_id_idx" ON "school_tours_practical" USING btree ("_parent_id");
  CREATE INDEX "school_tours_practical_locale_idx" ON "school_tours_practical" USING btree ("_locale");
  CREATE INDEX "school_tours_faq_order_idx" ON "school_tours_faq" USING btree ("_order");
  CREATE INDEX "school_tours_faq_parent_id_idx" ON "school_tours_faq" USING btree ("_parent_id");
  CREATE INDEX "school_tours_faq_locale_idx" ON "school_tours_faq" USING btree ("_locale");
  CREATE INDEX "media_updated_at_idx" ON "media" USING btree ("updated_at");
  CREATE INDEX "media_created_at_idx" ON "media" USING btree ("created_at");
  CREATE UNIQUE INDEX "media_filename_idx" ON "media" USING btree ("filename");
  CREATE INDEX "media_sizes_card_sizes_card_filename_idx" ON "media" USING btree ("sizes_card_filename");
  CREATE INDEX "media_sizes_hero_sizes_hero_filename_idx" ON "media" USING btree ("sizes_hero_filename");
  CREATE UNIQUE INDEX "media_locales_locale_parent_id_unique" ON "media_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "past_images_key_idx" ON "past_images" USING btree ("key");
  CREATE INDEX "past_images_image_idx" ON "past_images" USING btree ("image_id");
  CREATE INDEX "past_images_updated_at_idx" ON "past_images" USING btree ("updated_at");
  CREATE INDEX "past_images_created_at_idx" ON "past_images" USING btree ("created_at");
  CREATE UNIQUE INDEX "past_images_locales_locale_parent_id_unique" ON "past_images_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "pages_key_idx" ON "pages" USING btree ("key");
  CREATE INDEX "pages_image_idx" ON "pages" USING btree ("image_id");
  CREATE INDEX "pages_updated_at_idx" ON "pages" USING btree ("updated_at");
  CREATE INDEX "pages_created_at_idx" ON "pages" USING btree ("created_at");
  CREATE UNIQUE INDEX "pages_locales_locale_parent_id_unique" ON "pages_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "site_boarding_point_idx" ON "site" USING btree ("boarding_point_id");
  CREATE INDEX "site_hero_image_idx" ON "site" USING btree ("hero_image_id");
  CREATE UNIQUE INDEX "site_locales_locale_parent_id_unique" ON "site_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "home_gallery_order_idx" ON "home_gallery" USING btree ("_order");
  CREATE INDEX "home_gallery_parent_id_idx" ON "home_gallery" USING btree ("_parent_id");
  CREATE INDEX "home_gallery_image_idx" ON "home_gallery" USING btree ("image_id");
  CREATE INDEX "home_rels_order_idx" ON "home_rels" USING btree ("order");
  CREATE INDEX "home_rels_parent_idx" ON "home_rels" USING btree ("parent_id");
  CREATE INDEX "home_rels_path_idx" ON "home_rels" USING btree ("path");
  CREATE INDEX "home_rels_tours_id_idx" ON "home_rels" USING btree ("tours_id");
  ALTER TABLE "tours" ADD CONSTRAINT "tours_hero_image_id_media_id_fk" FOREIGN KEY ("hero_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "tours" ADD CONSTRAINT "tours_boarding_point_id_boarding_points_id_fk" FOREIGN KEY ("boarding_point_id") REFERENCES "public"."boarding_points"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "school_tours" ADD CONSTRAINT "school_tours_hero_image_id_media_id_fk" FOREIGN KEY ("hero_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "school_tours" ADD CONSTRAINT "school_tours_boarding_point_id_boarding_points_id_fk" FOREIGN KEY ("boarding_point_id") REFERENCES "public"."boarding_points"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "boats" ADD CONSTRAINT "boats_photo_id_media_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_media_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_past_images_fk" FOREIGN KEY ("past_images_id") REFERENCES "public"."past_images"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_pages_fk" FOREIGN KEY ("pages_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "tours_hero_image_idx" ON "tours" USING btree ("hero_image_id");
  CREATE INDEX "tours_boarding_point_idx" ON "tours" USING btree ("boarding_point_id");
  CREATE INDEX "school_tours_hero_image_idx" ON "school_tours" USING btree ("hero_image_id");
  CREATE INDEX "school_tours_boarding_point_idx" ON "school_tours" USING btree ("boarding_point_id");
  CREATE INDEX "boats_photo_idx" ON "boats" USING btree ("photo_id");
  CREATE INDEX "payload_locked_documents_rels_media_id_idx" ON "payload_locked_documents_rels" USING btree ("media_id");
  CREATE INDEX "payload_locked_documents_rels_past_images_id_idx" ON "payload_locked_documents_rels" USING btree ("past_images_id");
  CREATE INDEX "payload_locked_documents_rels_pages_id_idx" ON "payload_locked_documents_rels" USING btree ("pages_id");
  ALTER TABLE "tours" DROP COLUMN "booking_boarding_point_id";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "tours_includes" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "tours_languages_on_board" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "tours_gallery" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "tours_faq" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "school_tours_programmes" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "school_tours_learning" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "school_tours_practical" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "school_tours_faq" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "media" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "media_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "past_images" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "past_images_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "pages" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "pages_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "site" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "site_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "home_gallery" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "home" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "home_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "tours_includes" CASCADE;
  DROP TABLE "tours_languages_on_board" CASCADE;
  DROP TABLE "tours_gallery" CASCADE;
  DROP TABLE "tours_faq" CASCADE;
  DROP TABLE "school_tours_programmes" CASCADE;
  DROP TABLE "school_tours_learning" CASCADE;
  DROP TABLE "school_tours_practical" CASCADE;
  DROP TABLE "school_tours_faq" CASCADE;
  DROP TABLE "media" CASCADE;
  DROP TABLE "media_locales" CASCADE;
  DROP TABLE "past_images" CASCADE;
  DROP TABLE "past_images_locales" CASCADE;
  DROP TABLE "pages" CASCADE;
  DROP TABLE "pages_locales" CASCADE;
  DROP TABLE "site" CASCADE;
  DROP TABLE "site_locales" CASCADE;
  DROP TABLE "home_gallery" CASCADE;
  DROP TABLE "home" CASCADE;
  DROP TABLE "home_rels" CASCADE;
  ALTER TABLE "tours" DROP CONSTRAINT "tours_hero_image_id_media_id_fk";
  
  ALTER TABLE "tours" DROP CONSTRAINT "tours_boarding_point_id_boarding_points_id_fk";
  
  ALTER TABLE "school_tours" DROP CONSTRAINT "school_tours_hero_image_id_media_id_fk";
  
  ALTER TABLE "school_tours" DROP CONSTRAINT "school_tours_boarding_point_id_boarding_points_id_fk";
  
  ALTER TABLE "boats" DROP CONSTRAINT "boats_photo_id_media_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_media_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_past_images_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_pages_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'generateDepartures', 'expireHolds', 'sendEmail');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'generateDepartures', 'expireHolds', 'sendEmail');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "tours_hero_image_idx";
  DROP INDEX "tours_boarding_point_idx";
  DROP INDEX "school_tours_hero_image_idx";
  DROP INDEX "school_tours_boarding_point_idx";
  DROP INDEX "boats_photo_idx";
  DROP INDEX "payload_locked_documents_rels_media_id_idx";
  DROP INDEX "payload_locked_documents_rels_past_images_id_idx";
  DROP INDEX "payload_locked_documents_rels_pages_id_idx";
  ALTER TABLE "tours" ADD COLUMN "booking_boarding_point_id" integer;
  ALTER TABLE "tours" ADD CONSTRAINT "tours_booking_boarding_point_id_boarding_points_id_fk" FOREIGN KEY ("booking_boarding_point_id") REFERENCES "public"."boarding_points"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "tours_booking_booking_boarding_point_idx" ON "tours" USING btree ("booking_boarding_point_id");
  ALTER TABLE "tours" DROP COLUMN "hero_image_id";
  ALTER TABLE "tours" DROP COLUMN "price_from_cents";
  ALTER TABLE "tours" DROP COLUMN "boarding_point_id";
  ALTER TABLE "tours_locales" DROP COLUMN "description";
  ALTER TABLE "tours_locales" DROP COLUMN "departures_weekday";
  ALTER TABLE "tours_locales" DROP COLUMN "departures_weekend";
  ALTER TABLE "tours_locales" DROP COLUMN "audio_guide";
  ALTER TABLE "tours_locales" DROP COLUMN "seo_title";
  ALTER TABLE "tours_locales" DROP COLUMN "seo_description";
  ALTER TABLE "school_tours" DROP COLUMN "hero_image_id";
  ALTER TABLE "school_tours" DROP COLUMN "min_students";
  ALTER TABLE "school_tours" DROP COLUMN "boarding_point_id";
  ALTER TABLE "school_tours_locales" DROP COLUMN "description";
  ALTER TABLE "school_tours_locales" DROP COLUMN "seo_title";
  ALTER TABLE "school_tours_locales" DROP COLUMN "seo_description";
  ALTER TABLE "boats" DROP COLUMN "photo_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "media_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "past_images_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "pages_id";
  DROP TYPE "public"."enum_tours_languages_on_board";
  DROP TYPE "public"."enum_pages_key";`)
}
