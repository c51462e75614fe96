import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "boats" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"slug" varchar NOT NULL,
  	"length_meters" numeric,
  	"breadth_meters" numeric,
  	"launched_year" numeric,
  	"capacity" numeric NOT NULL,
  	"active" boolean DEFAULT true,
  	"fleet_order" numeric DEFAULT 100,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "boats_locales" (
  	"story" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "boarding_points" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"slug" varchar NOT NULL,
  	"address" varchar NOT NULL,
  	"latitude" numeric NOT NULL,
  	"longitude" numeric NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "boarding_points_locales" (
  	"name" varchar NOT NULL,
  	"how_to_arrive_metro" varchar,
  	"how_to_arrive_bus" varchar,
  	"how_to_arrive_train" varchar,
  	"how_to_arrive_car" varchar,
  	"how_to_arrive_accessibility" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "boats_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "boarding_points_id" integer;
  ALTER TABLE "boats_locales" ADD CONSTRAINT "boats_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "boarding_points_locales" ADD CONSTRAINT "boarding_points_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."boarding_points"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "boats_slug_idx" ON "boats" USING btree ("slug");
  CREATE INDEX "boats_updated_at_idx" ON "boats" USING btree ("updated_at");
  CREATE INDEX "boats_created_at_idx" ON "boats" USING btree ("created_at");
  CREATE UNIQUE INDEX "boats_locales_locale_parent_id_unique" ON "boats_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "boarding_points_slug_idx" ON "boarding_points" USING btree ("slug");
  CREATE INDEX "boarding_points_updated_at_idx" ON "boarding_points" USING btree ("updated_at");
  CREATE INDEX "boarding_points_created_at_idx" ON "boarding_points" USING btree ("created_at");
  CREATE UNIQUE INDEX "boarding_points_locales_locale_parent_id_unique" ON "boarding_points_locales" USING btree ("_locale","_parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_boats_fk" FOREIGN KEY ("boats_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_boarding_points_fk" FOREIGN KEY ("boarding_points_id") REFERENCES "public"."boarding_points"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_boats_id_idx" ON "payload_locked_documents_rels" USING btree ("boats_id");
  CREATE INDEX "payload_locked_documents_rels_boarding_points_id_idx" ON "payload_locked_documents_rels" USING btree ("boarding_points_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "boats" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "boats_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "boarding_points" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "boarding_points_locales" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "boats" CASCADE;
  DROP TABLE "boats_locales" CASCADE;
  DROP TABLE "boarding_points" CASCADE;
  DROP TABLE "boarding_points_locales" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_boats_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_boarding_points_fk";
  
  DROP INDEX "payload_locked_documents_rels_boats_id_idx";
  DROP INDEX "payload_locked_documents_rels_boarding_points_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "boats_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "boarding_points_id";`)
}
