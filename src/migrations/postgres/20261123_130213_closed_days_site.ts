import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "closed_days" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"date" varchar NOT NULL,
  	"tour_id" integer,
  	"note" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "closed_days_id" integer;
  ALTER TABLE "closed_days" ADD CONSTRAINT "closed_days_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "closed_days_date_idx" ON "closed_days" USING btree ("date");
  CREATE INDEX "closed_days_tour_idx" ON "closed_days" USING btree ("tour_id");
  CREATE INDEX "closed_days_updated_at_idx" ON "closed_days" USING btree ("updated_at");
  CREATE INDEX "closed_days_created_at_idx" ON "closed_days" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_closed_days_fk" FOREIGN KEY ("closed_days_id") REFERENCES "public"."closed_days"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_closed_days_id_idx" ON "payload_locked_documents_rels" USING btree ("closed_days_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "closed_days" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "closed_days" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_closed_days_fk";
  
  DROP INDEX "payload_locked_documents_rels_closed_days_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "closed_days_id";`)
}
