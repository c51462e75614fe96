import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_partners_language" AS ENUM('ca', 'es', 'en', 'fr');
  CREATE TYPE "public"."enum_partners_agreement_payment" AS ENUM('perAdmission', 'share');
  CREATE TYPE "public"."enum_partners_agreement_check" AS ENUM('ourQr', 'partnerCodes');
  CREATE TYPE "public"."enum_partners_agreement_validity" AS ENUM('tripDay', 'daysAfter', 'dateRange');
  CREATE TYPE "public"."enum_partners_agreement_tax_treatment" AS ENUM('agency', 'resale');
  CREATE TYPE "public"."enum_admissions_category" AS ENUM('adult', 'reduced', 'child', 'super3');
  CREATE TYPE "public"."enum_admissions_tax_treatment" AS ENUM('agency', 'resale');
  CREATE TABLE "tours_booking_partner_parts" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"partner_id" integer NOT NULL,
  	"adult_cents" numeric NOT NULL,
  	"reduced_cents" numeric NOT NULL,
  	"child_cents" numeric NOT NULL
  );
  
  CREATE TABLE "_tours_v_version_booking_partner_parts" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"partner_id" integer NOT NULL,
  	"adult_cents" numeric NOT NULL,
  	"reduced_cents" numeric NOT NULL,
  	"child_cents" numeric NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "partners" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"active" boolean DEFAULT true,
  	"legal_name" varchar NOT NULL,
  	"tax_id" varchar NOT NULL,
  	"address" varchar NOT NULL,
  	"contact_email" varchar NOT NULL,
  	"contact_phone" varchar,
  	"language" "enum_partners_language" DEFAULT 'ca' NOT NULL,
  	"map_url" varchar,
  	"agreement_payment" "enum_partners_agreement_payment" DEFAULT 'perAdmission' NOT NULL,
  	"agreement_adult_cents" numeric DEFAULT 0,
  	"agreement_reduced_cents" numeric DEFAULT 0,
  	"agreement_child_cents" numeric DEFAULT 0,
  	"agreement_super3_cents" numeric DEFAULT 0,
  	"agreement_share_percent" numeric DEFAULT 100,
  	"agreement_check" "enum_partners_agreement_check" DEFAULT 'ourQr' NOT NULL,
  	"agreement_low_codes_warning" numeric DEFAULT 50,
  	"agreement_validity" "enum_partners_agreement_validity" DEFAULT 'tripDay' NOT NULL,
  	"agreement_validity_days" numeric DEFAULT 0,
  	"agreement_valid_from" varchar,
  	"agreement_valid_until" varchar,
  	"agreement_tax_treatment" "enum_partners_agreement_tax_treatment" DEFAULT 'agency' NOT NULL,
  	"agreement_resale_vat_rate_pct" numeric DEFAULT 21,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "partners_locales" (
  	"opening_hours" varchar,
  	"closed_days" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "partner_codes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"partner_id" integer NOT NULL,
  	"code" varchar NOT NULL,
  	"claimed_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "admissions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"supplied" boolean DEFAULT false,
  	"ticket_id" integer NOT NULL,
  	"booking_id" integer NOT NULL,
  	"partner_id" integer NOT NULL,
  	"category" "enum_admissions_category" NOT NULL,
  	"share_cents" numeric NOT NULL,
  	"owed_cents" numeric NOT NULL,
  	"tax_treatment" "enum_admissions_tax_treatment" NOT NULL,
  	"vat_rate_pct" numeric,
  	"valid_from" varchar NOT NULL,
  	"valid_until" varchar NOT NULL,
  	"used_at" timestamp(3) with time zone,
  	"used_by_id" integer,
  	"voided_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "partners_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "partner_codes_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "admissions_id" integer;
  ALTER TABLE "tours_booking_partner_parts" ADD CONSTRAINT "tours_booking_partner_parts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "tours_booking_partner_parts" ADD CONSTRAINT "tours_booking_partner_parts_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_tours_v_version_booking_partner_parts" ADD CONSTRAINT "_tours_v_version_booking_partner_parts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_tours_v_version_booking_partner_parts" ADD CONSTRAINT "_tours_v_version_booking_partner_parts_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_tours_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "partners_locales" ADD CONSTRAINT "partners_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "partner_codes" ADD CONSTRAINT "partner_codes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "admissions" ADD CONSTRAINT "admissions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "admissions" ADD CONSTRAINT "admissions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "admissions" ADD CONSTRAINT "admissions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "admissions" ADD CONSTRAINT "admissions_used_by_id_users_id_fk" FOREIGN KEY ("used_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "tours_booking_partner_parts_order_idx" ON "tours_booking_partner_parts" USING btree ("_order");
  CREATE INDEX "tours_booking_partner_parts_parent_id_idx" ON "tours_booking_partner_parts" USING btree ("_parent_id");
  CREATE INDEX "tours_booking_partner_parts_partner_idx" ON "tours_booking_partner_parts" USING btree ("partner_id");
  CREATE INDEX "_tours_v_version_booking_partner_parts_order_idx" ON "_tours_v_version_booking_partner_parts" USING btree ("_order");
  CREATE INDEX "_tours_v_version_booking_partner_parts_parent_id_idx" ON "_tours_v_version_booking_partner_parts" USING btree ("_parent_id");
  CREATE INDEX "_tours_v_version_booking_partner_parts_partner_idx" ON "_tours_v_version_booking_partner_parts" USING btree ("partner_id");
  CREATE INDEX "partners_updated_at_idx" ON "partners" USING btree ("updated_at");
  CREATE INDEX "partners_created_at_idx" ON "partners" USING btree ("created_at");
  CREATE UNIQUE INDEX "partners_locales_locale_parent_id_unique" ON "partners_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "partner_codes_partner_idx" ON "partner_codes" USING btree ("partner_id");
  CREATE INDEX "partner_codes_claimed_at_idx" ON "partner_codes" USING btree ("claimed_at");
  CREATE INDEX "partner_codes_updated_at_idx" ON "partner_codes" USING btree ("updated_at");
  CREATE INDEX "partner_codes_created_at_idx" ON "partner_codes" USING btree ("created_at");
  CREATE UNIQUE INDEX "partner_code_idx" ON "partner_codes" USING btree ("partner_id","code");
  CREATE INDEX "admissions_code_idx" ON "admissions" USING btree ("code");
  CREATE INDEX "admissions_ticket_idx" ON "admissions" USING btree ("ticket_id");
  CREATE INDEX "admissions_booking_idx" ON "admissions" USING btree ("booking_id");
  CREATE INDEX "admissions_partner_idx" ON "admissions" USING btree ("partner_id");
  CREATE INDEX "admissions_valid_from_idx" ON "admissions" USING btree ("valid_from");
  CREATE INDEX "admissions_used_by_idx" ON "admissions" USING btree ("used_by_id");
  CREATE INDEX "admissions_updated_at_idx" ON "admissions" USING btree ("updated_at");
  CREATE INDEX "admissions_created_at_idx" ON "admissions" USING btree ("created_at");
  CREATE UNIQUE INDEX "partner_code_1_idx" ON "admissions" USING btree ("partner_id","code");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_partners_fk" FOREIGN KEY ("partners_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_partner_codes_fk" FOREIGN KEY ("partner_codes_id") REFERENCES "public"."partner_codes"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_admissions_fk" FOREIGN KEY ("admissions_id") REFERENCES "public"."admissions"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_partners_id_idx" ON "payload_locked_documents_rels" USING btree ("partners_id");
  CREATE INDEX "payload_locked_documents_rels_partner_codes_id_idx" ON "payload_locked_documents_rels" USING btree ("partner_codes_id");
  CREATE INDEX "payload_locked_documents_rels_admissions_id_idx" ON "payload_locked_documents_rels" USING btree ("admissions_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "tours_booking_partner_parts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_tours_v_version_booking_partner_parts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "partners" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "partners_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "partner_codes" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "admissions" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "tours_booking_partner_parts" CASCADE;
  DROP TABLE "_tours_v_version_booking_partner_parts" CASCADE;
  DROP TABLE "partners" CASCADE;
  DROP TABLE "partners_locales" CASCADE;
  DROP TABLE "partner_codes" CASCADE;
  DROP TABLE "admissions" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_partners_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_partner_codes_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_admissions_fk";
  
  DROP INDEX "payload_locked_documents_rels_partners_id_idx";
  DROP INDEX "payload_locked_documents_rels_partner_codes_id_idx";
  DROP INDEX "payload_locked_documents_rels_admissions_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "partners_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "partner_codes_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "admissions_id";
  DROP TYPE "public"."enum_partners_language";
  DROP TYPE "public"."enum_partners_agreement_payment";
  DROP TYPE "public"."enum_partners_agreement_check";
  DROP TYPE "public"."enum_partners_agreement_validity";
  DROP TYPE "public"."enum_partners_agreement_tax_treatment";
  DROP TYPE "public"."enum_admissions_category";
  DROP TYPE "public"."enum_admissions_tax_treatment";`)
}
