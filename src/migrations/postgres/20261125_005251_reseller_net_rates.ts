import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_resellers_net_rates_category" AS ENUM('adult', 'reduced', 'child', 'super3');
  CREATE TABLE "resellers_net_rates" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"tour_id" integer NOT NULL,
  	"category" "enum_resellers_net_rates_category" NOT NULL,
  	"net_cents" numeric NOT NULL
  );
  
  ALTER TABLE "bookings" ADD COLUMN "reseller_net_cents" numeric;
  ALTER TABLE "resellers_net_rates" ADD CONSTRAINT "resellers_net_rates_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "resellers_net_rates" ADD CONSTRAINT "resellers_net_rates_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "resellers_net_rates_order_idx" ON "resellers_net_rates" USING btree ("_order");
  CREATE INDEX "resellers_net_rates_parent_id_idx" ON "resellers_net_rates" USING btree ("_parent_id");
  CREATE INDEX "resellers_net_rates_tour_idx" ON "resellers_net_rates" USING btree ("tour_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "resellers_net_rates" CASCADE;
  ALTER TABLE "bookings" DROP COLUMN "reseller_net_cents";
  DROP TYPE "public"."enum_resellers_net_rates_category";`)
}
