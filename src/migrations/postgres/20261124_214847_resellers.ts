import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_bookings_channel" AS ENUM('web', 'office', 'reseller');
  CREATE TABLE "resellers" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"contact_name" varchar,
  	"contact_email" varchar,
  	"commission_percent" numeric DEFAULT 0 NOT NULL,
  	"webhook_url" varchar,
  	"active" boolean DEFAULT true,
  	"key_prefix" varchar,
  	"key_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "resellers_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"tours_id" integer
  );
  
  ALTER TABLE "bookings" ADD COLUMN "channel" "enum_bookings_channel";
  ALTER TABLE "bookings" ADD COLUMN "reseller_id" integer;
  ALTER TABLE "bookings" ADD COLUMN "reseller_reference" varchar;
  ALTER TABLE "bookings" ADD COLUMN "octo_uuid" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "resellers_id" integer;
  ALTER TABLE "resellers_rels" ADD CONSTRAINT "resellers_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "resellers_rels" ADD CONSTRAINT "resellers_rels_tours_fk" FOREIGN KEY ("tours_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "resellers_key_prefix_idx" ON "resellers" USING btree ("key_prefix");
  CREATE UNIQUE INDEX "resellers_key_hash_idx" ON "resellers" USING btree ("key_hash");
  CREATE INDEX "resellers_updated_at_idx" ON "resellers" USING btree ("updated_at");
  CREATE INDEX "resellers_created_at_idx" ON "resellers" USING btree ("created_at");
  CREATE INDEX "resellers_rels_order_idx" ON "resellers_rels" USING btree ("order");
  CREATE INDEX "resellers_rels_parent_idx" ON "resellers_rels" USING btree ("parent_id");
  CREATE INDEX "resellers_rels_path_idx" ON "resellers_rels" USING btree ("path");
  CREATE INDEX "resellers_rels_tours_id_idx" ON "resellers_rels" USING btree ("tours_id");
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_resellers_fk" FOREIGN KEY ("resellers_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "bookings_channel_idx" ON "bookings" USING btree ("channel");
  CREATE INDEX "bookings_reseller_idx" ON "bookings" USING btree ("reseller_id");
  CREATE INDEX "bookings_reseller_reference_idx" ON "bookings" USING btree ("reseller_reference");
  CREATE UNIQUE INDEX "bookings_octo_uuid_idx" ON "bookings" USING btree ("octo_uuid");
  CREATE INDEX "payload_locked_documents_rels_resellers_id_idx" ON "payload_locked_documents_rels" USING btree ("resellers_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "resellers" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "resellers_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "resellers" CASCADE;
  DROP TABLE "resellers_rels" CASCADE;
  ALTER TABLE "bookings" DROP CONSTRAINT "bookings_reseller_id_resellers_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_resellers_fk";
  
  DROP INDEX "bookings_channel_idx";
  DROP INDEX "bookings_reseller_idx";
  DROP INDEX "bookings_reseller_reference_idx";
  DROP INDEX "bookings_octo_uuid_idx";
  DROP INDEX "payload_locked_documents_rels_resellers_id_idx";
  ALTER TABLE "bookings" DROP COLUMN "channel";
  ALTER TABLE "bookings" DROP COLUMN "reseller_id";
  ALTER TABLE "bookings" DROP COLUMN "reseller_reference";
  ALTER TABLE "bookings" DROP COLUMN "octo_uuid";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "resellers_id";
  DROP TYPE "public"."enum_bookings_channel";`)
}
