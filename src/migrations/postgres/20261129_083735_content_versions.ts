import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum__tours_v_version_languages_on_board" AS ENUM('ca', 'es', 'en', 'fr');
  CREATE TYPE "public"."enum__tours_v_version_menu_key" AS ENUM('60', '40', 'aquarium', 'museum', 'mercante', 'ramonet', 'magic', 'kingsParade60', 'kingsParade40', 'americas', 'poble-espanyol', 'time-out-market', 'maritime60', 'maritime40', 'moco60', 'sailingEvent');
  CREATE TYPE "public"."enum__tours_v_version_kind" AS ENUM('harbour', 'coastline', 'combined', 'special', 'event');
  CREATE TYPE "public"."enum__tours_v_version_booking_mode" AS ENUM('online', 'onRequest');
  CREATE TYPE "public"."enum__tours_v_version_booking_tax_treatment" AS ENUM('passengerTransport', 'tourism');
  CREATE TYPE "public"."enum__pages_v_version_key" AS ENUM('about', 'legal', 'companyPolicy', 'privacy', 'terms', 'cookies');
  CREATE TABLE "_tours_v_version_includes" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"item" varchar NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_tours_v_version_languages_on_board" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum__tours_v_version_languages_on_board",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "_tours_v_version_gallery" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"image_id" integer NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_tours_v_version_faq" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"question" varchar NOT NULL,
  	"answer" varchar NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_tours_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_slug" varchar NOT NULL,
  	"version_menu_key" "enum__tours_v_version_menu_key" NOT NULL,
  	"version_kind" "enum__tours_v_version_kind" NOT NULL,
  	"version_duration_minutes" numeric NOT NULL,
  	"version_menu_order" numeric DEFAULT 100,
  	"version_booking_mode" "enum__tours_v_version_booking_mode" DEFAULT 'onRequest' NOT NULL,
  	"version_booking_round_trip_adult" numeric,
  	"version_booking_round_trip_reduced" numeric,
  	"version_booking_round_trip_child" numeric,
  	"version_booking_one_way_available" boolean DEFAULT false,
  	"version_booking_one_way_adult" numeric,
  	"version_booking_one_way_reduced" numeric,
  	"version_booking_one_way_child" numeric,
  	"version_booking_audio_guide_cents" numeric DEFAULT 300 NOT NULL,
  	"version_booking_tax_treatment" "enum__tours_v_version_booking_tax_treatment" DEFAULT 'passengerTransport' NOT NULL,
  	"version_booking_vat_rate_pct" numeric,
  	"version_booking_audio_guide_vat_rate_pct" numeric,
  	"version_booking_boarding_minutes_before" numeric DEFAULT 15 NOT NULL,
  	"version_booking_booking_closes_minutes_before" numeric DEFAULT 10 NOT NULL,
  	"version_booking_self_change_hours_before" numeric DEFAULT 24,
  	"version_hero_image_id" integer,
  	"version_price_from_cents" numeric,
  	"version_boarding_point_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_tours_v_locales" (
  	"version_title" varchar NOT NULL,
  	"version_summary" varchar,
  	"version_description" varchar,
  	"version_departures_weekday" varchar,
  	"version_departures_weekend" varchar,
  	"version_audio_guide" varchar,
  	"version_seo_title" varchar,
  	"version_seo_description" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_school_tours_v_version_programmes" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"duration_minutes" numeric NOT NULL,
  	"departure" varchar,
  	"description" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_school_tours_v_version_learning" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"item" varchar NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_school_tours_v_version_practical" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"item" varchar NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_school_tours_v_version_faq" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"question" varchar NOT NULL,
  	"answer" varchar NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_school_tours_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_slug" varchar NOT NULL,
  	"version_hero_image_id" integer,
  	"version_min_students" numeric DEFAULT 40,
  	"version_boarding_point_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_school_tours_v_locales" (
  	"version_title" varchar NOT NULL,
  	"version_summary" varchar,
  	"version_description" varchar,
  	"version_seo_title" varchar,
  	"version_seo_description" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_pages_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_key" "enum__pages_v_version_key" NOT NULL,
  	"version_image_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_pages_v_locales" (
  	"version_title" varchar NOT NULL,
  	"version_intro" varchar,
  	"version_body" jsonb,
  	"version_seo_description" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_site_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version_brand" varchar DEFAULT 'Las Golondrinas' NOT NULL,
  	"version_contact_address" varchar,
  	"version_contact_phone" varchar,
  	"version_contact_email" varchar,
  	"version_contact_legal_name" varchar,
  	"version_contact_tax_id" varchar,
  	"version_boarding_point_id" integer,
  	"version_hero_image_id" integer,
  	"version_allowed_redirect_hosts" varchar,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_site_v_locales" (
  	"version_slogan" varchar,
  	"version_history_title" varchar,
  	"version_history_text" varchar,
  	"version_opening_times" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_home_v_version_gallery" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"image_id" integer NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_home_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_home_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"tours_id" integer
  );
  
  ALTER TABLE "site" ADD COLUMN "allowed_redirect_hosts" varchar;
  ALTER TABLE "_tours_v_version_includes" ADD CONSTRAINT "_tours_v_version_includes_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_tours_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_tours_v_version_languages_on_board" ADD CONSTRAINT "_tours_v_version_languages_on_board_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_tours_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_tours_v_version_gallery" ADD CONSTRAINT "_tours_v_version_gallery_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_tours_v_version_gallery" ADD CONSTRAINT "_tours_v_version_gallery_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_tours_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_tours_v_version_faq" ADD CONSTRAINT "_tours_v_version_faq_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_tours_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_tours_v" ADD CONSTRAINT "_tours_v_parent_id_tours_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_tours_v" ADD CONSTRAINT "_tours_v_version_hero_image_id_media_id_fk" FOREIGN KEY ("version_hero_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_tours_v" ADD CONSTRAINT "_tours_v_version_boarding_point_id_boarding_points_id_fk" FOREIGN KEY ("version_boarding_point_id") REFERENCES "public"."boarding_points"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_tours_v_locales" ADD CONSTRAINT "_tours_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_tours_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_school_tours_v_version_programmes" ADD CONSTRAINT "_school_tours_v_version_programmes_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_school_tours_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_school_tours_v_version_learning" ADD CONSTRAINT "_school_tours_v_version_learning_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_school_tours_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_school_tours_v_version_practical" ADD CONSTRAINT "_school_tours_v_version_practical_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_school_tours_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_school_tours_v_version_faq" ADD CONSTRAINT "_school_tours_v_version_faq_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_school_tours_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_school_tours_v" ADD CONSTRAINT "_school_tours_v_parent_id_school_tours_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."school_tours"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_school_tours_v" ADD CONSTRAINT "_school_tours_v_version_hero_image_id_media_id_fk" FOREIGN KEY ("version_hero_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_school_tours_v" ADD CONSTRAINT "_school_tours_v_version_boarding_point_id_boarding_points_id_fk" FOREIGN KEY ("version_boarding_point_id") REFERENCES "public"."boarding_points"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_school_tours_v_locales" ADD CONSTRAINT "_school_tours_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_school_tours_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_pages_v" ADD CONSTRAINT "_pages_v_parent_id_pages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_pages_v" ADD CONSTRAINT "_pages_v_version_image_id_media_id_fk" FOREIGN KEY ("version_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_pages_v_locales" ADD CONSTRAINT "_pages_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_pages_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_v" ADD CONSTRAINT "_site_v_version_boarding_point_id_boarding_points_id_fk" FOREIGN KEY ("version_boarding_point_id") REFERENCES "public"."boarding_points"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_site_v" ADD CONSTRAINT "_site_v_version_hero_image_id_media_id_fk" FOREIGN KEY ("version_hero_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_site_v_locales" ADD CONSTRAINT "_site_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_home_v_version_gallery" ADD CONSTRAINT "_home_v_version_gallery_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_home_v_version_gallery" ADD CONSTRAINT "_home_v_version_gallery_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_home_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_home_v_rels" ADD CONSTRAINT "_home_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_home_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_home_v_rels" ADD CONSTRAINT "_home_v_rels_tours_fk" FOREIGN KEY ("tours_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "_tours_v_version_includes_order_idx" ON "_tours_v_version_includes" USING btree ("_order");
  CREATE INDEX "_tours_v_version_includes_parent_id_idx" ON "_tours_v_version_includes" USING btree ("_parent_id");
  CREATE INDEX "_tours_v_version_includes_locale_idx" ON "_tours_v_version_includes" USING btree ("_locale");
  CREATE INDEX "_tours_v_version_languages_on_board_order_idx" ON "_tours_v_version_languages_on_board" USING btree ("order");
  CREATE INDEX "_tours_v_version_languages_on_board_parent_idx" ON "_tours_v_version_languages_on_board" USING btree ("parent_id");
  CREATE INDEX "_tours_v_version_gallery_order_idx" ON "_tours_v_version_gallery" USING btree ("_order");
  CREATE INDEX "_tours_v_version_gallery_parent_id_idx" ON "_tours_v_version_gallery" USING btree ("_parent_id");
  CREATE INDEX "_tours_v_version_gallery_image_idx" ON "_tours_v_version_gallery" USING btree ("image_id");
  CREATE INDEX "_tours_v_version_faq_order_idx" ON "_tours_v_version_faq" USING btree ("_order");
  CREATE INDEX "_tours_v_version_faq_parent_id_idx" ON "_tours_v_version_faq" USING btree ("_parent_id");
  CREATE INDEX "_tours_v_version_faq_locale_idx" ON "_tours_v_version_faq" USING btree ("_locale");
  CREATE INDEX "_tours_v_parent_idx" ON "_tours_v" USING btree ("parent_id");
  CREATE INDEX "_tours_v_version_version_slug_idx" ON "_tours_v" USING btree ("version_slug");
  CREATE INDEX "_tours_v_version_version_menu_key_idx" ON "_tours_v" USING btree ("version_menu_key");
  CREATE INDEX "_tours_v_version_version_hero_image_idx" ON "_tours_v" USING btree ("version_hero_image_id");
  CREATE INDEX "_tours_v_version_version_boarding_point_idx" ON "_tours_v" USING btree ("version_boarding_point_id");
  CREATE INDEX "_tours_v_version_version_updated_at_idx" ON "_tours_v" USING btree ("version_updated_at");
  CREATE INDEX "_tours_v_version_version_created_at_idx" ON "_tours_v" USING btree ("version_created_at");
  CREATE INDEX "_tours_v_created_at_idx" ON "_tours_v" USING btree ("created_at");
  CREATE INDEX "_tours_v_updated_at_idx" ON "_tours_v" USING btree ("updated_at");
  CREATE UNIQUE INDEX "_tours_v_locales_locale_parent_id_unique" ON "_tours_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_school_tours_v_version_programmes_order_idx" ON "_school_tours_v_version_programmes" USING btree ("_order");
  CREATE INDEX "_school_tours_v_version_programmes_parent_id_idx" ON "_school_tours_v_version_programmes" USING btree ("_parent_id");
  CREATE INDEX "_school_tours_v_version_programmes_locale_idx" ON "_school_tours_v_version_programmes" USING btree ("_locale");
  CREATE INDEX "_school_tours_v_version_learning_order_idx" ON "_school_tours_v_version_learning" USING btree ("_order");
  CREATE INDEX "_school_tours_v_version_learning_parent_id_idx" ON "_school_tours_v_version_learning" USING btree ("_parent_id");
  CREATE INDEX "_school_tours_v_version_learning_locale_idx" ON "_school_tours_v_version_learning" USING btree ("_locale");
  CREATE INDEX "_school_tours_v_version_practical_order_idx" ON "_school_tours_v_version_practical" USING btree ("_order");
  CREATE INDEX "_school_tours_v_version_practical_parent_id_idx" ON "_school_tours_v_version_practical" USING btree ("_parent_id");
  CREATE INDEX "_school_tours_v_version_practical_locale_idx" ON "_school_tours_v_version_practical" USING btree ("_locale");
  CREATE INDEX "_school_tours_v_version_faq_order_idx" ON "_school_tours_v_version_faq" USING btree ("_order");
  CREATE INDEX "_school_tours_v_version_faq_parent_id_idx" ON "_school_tours_v_version_faq" USING btree ("_parent_id");
  CREATE INDEX "_school_tours_v_version_faq_locale_idx" ON "_school_tours_v_version_faq" USING btree ("_locale");
  CREATE INDEX "_school_tours_v_parent_idx" ON "_school_tours_v" USING btree ("parent_id");
  CREATE INDEX "_school_tours_v_version_version_slug_idx" ON "_school_tours_v" USING btree ("version_slug");
  CREATE INDEX "_school_tours_v_version_version_hero_image_idx" ON "_school_tours_v" USING btree ("version_hero_image_id");
  CREATE INDEX "_school_tours_v_version_version_boarding_point_idx" ON "_school_tours_v" USING btree ("version_boarding_point_id");
  CREATE INDEX "_school_tours_v_version_version_updated_at_idx" ON "_school_tours_v" USING btree ("version_updated_at");
  CREATE INDEX "_school_tours_v_version_version_created_at_idx" ON "_school_tours_v" USING btree ("version_created_at");
  CREATE INDEX "_school_tours_v_created_at_idx" ON "_school_tours_v" USING btree ("created_at");
  CREATE INDEX "_school_tours_v_updated_at_idx" ON "_school_tours_v" USING btree ("updated_at");
  CREATE UNIQUE INDEX "_school_tours_v_locales_locale_parent_id_unique" ON "_school_tours_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_pages_v_parent_idx" ON "_pages_v" USING btree ("parent_id");
  CREATE INDEX "_pages_v_version_version_key_idx" ON "_pages_v" USING btree ("version_key");
  CREATE INDEX "_pages_v_version_version_image_idx" ON "_pages_v" USING btree ("version_image_id");
  CREATE INDEX "_pages_v_version_version_updated_at_idx" ON "_pages_v" USING btree ("version_updated_at");
  CREATE INDEX "_pages_v_version_version_created_at_idx" ON "_pages_v" USING btree ("version_created_at");
  CREATE INDEX "_pages_v_created_at_idx" ON "_pages_v" USING btree ("created_at");
  CREATE INDEX "_pages_v_updated_at_idx" ON "_pages_v" USING btree ("updated_at");
  CREATE UNIQUE INDEX "_pages_v_locales_locale_parent_id_unique" ON "_pages_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_site_v_version_version_boarding_point_idx" ON "_site_v" USING btree ("version_boarding_point_id");
  CREATE INDEX "_site_v_version_version_hero_image_idx" ON "_site_v" USING btree ("version_hero_image_id");
  CREATE INDEX "_site_v_created_at_idx" ON "_site_v" USING btree ("created_at");
  CREATE INDEX "_site_v_updated_at_idx" ON "_site_v" USING btree ("updated_at");
  CREATE UNIQUE INDEX "_site_v_locales_locale_parent_id_unique" ON "_site_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_home_v_version_gallery_order_idx" ON "_home_v_version_gallery" USING btree ("_order");
  CREATE INDEX "_home_v_version_gallery_parent_id_idx" ON "_home_v_version_gallery" USING btree ("_parent_id");
  CREATE INDEX "_home_v_version_gallery_image_idx" ON "_home_v_version_gallery" USING btree ("image_id");
  CREATE INDEX "_home_v_created_at_idx" ON "_home_v" USING btree ("created_at");
  CREATE INDEX "_home_v_updated_at_idx" ON "_home_v" USING btree ("updated_at");
  CREATE INDEX "_home_v_rels_order_idx" ON "_home_v_rels" USING btree ("order");
  CREATE INDEX "_home_v_rels_parent_idx" ON "_home_v_rels" USING btree ("parent_id");
  CREATE INDEX "_home_v_rels_path_idx" ON "_home_v_rels" USING btree ("path");
  CREATE INDEX "_home_v_rels_tours_id_idx" ON "_home_v_rels" USING btree ("tours_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "_tours_v_version_includes" CASCADE;
  DROP TABLE "_tours_v_version_languages_on_board" CASCADE;
  DROP TABLE "_tours_v_version_gallery" CASCADE;
  DROP TABLE "_tours_v_version_faq" CASCADE;
  DROP TABLE "_tours_v" CASCADE;
  DROP TABLE "_tours_v_locales" CASCADE;
  DROP TABLE "_school_tours_v_version_programmes" CASCADE;
  DROP TABLE "_school_tours_v_version_learning" CASCADE;
  DROP TABLE "_school_tours_v_version_practical" CASCADE;
  DROP TABLE "_school_tours_v_version_faq" CASCADE;
  DROP TABLE "_school_tours_v" CASCADE;
  DROP TABLE "_school_tours_v_locales" CASCADE;
  DROP TABLE "_pages_v" CASCADE;
  DROP TABLE "_pages_v_locales" CASCADE;
  DROP TABLE "_site_v" CASCADE;
  DROP TABLE "_site_v_locales" CASCADE;
  DROP TABLE "_home_v_version_gallery" CASCADE;
  DROP TABLE "_home_v" CASCADE;
  DROP TABLE "_home_v_rels" CASCADE;
  ALTER TABLE "site" DROP COLUMN "allowed_redirect_hosts";
  DROP TYPE "public"."enum__tours_v_version_languages_on_board";
  DROP TYPE "public"."enum__tours_v_version_menu_key";
  DROP TYPE "public"."enum__tours_v_version_kind";
  DROP TYPE "public"."enum__tours_v_version_booking_mode";
  DROP TYPE "public"."enum__tours_v_version_booking_tax_treatment";
  DROP TYPE "public"."enum__pages_v_version_key";`)
}
