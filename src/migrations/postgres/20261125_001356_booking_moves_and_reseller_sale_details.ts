import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_booking_moves_status" AS ENUM('pending', 'completed', 'expired', 'withdrawn');
  CREATE TABLE "booking_moves" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"booking_id" integer NOT NULL,
  	"status" "enum_booking_moves_status" NOT NULL,
  	"from_departure_id" integer NOT NULL,
  	"to_departure_id" integer NOT NULL,
  	"to_tour_id" integer NOT NULL,
  	"seats" numeric NOT NULL,
  	"total_cents" numeric NOT NULL,
  	"difference_cents" numeric NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"order_ref" varchar,
  	"requested_by" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "bookings" ADD COLUMN "reseller_units" varchar;
  ALTER TABLE "bookings" ADD COLUMN "reseller_commission_percent" numeric;
  ALTER TABLE "bookings" ADD COLUMN "tickets_by_email" boolean DEFAULT true;
  ALTER TABLE "payment_notifications" ADD COLUMN "move_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "booking_moves_id" integer;
  ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_from_departure_id_departures_id_fk" FOREIGN KEY ("from_departure_id") REFERENCES "public"."departures"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_to_departure_id_departures_id_fk" FOREIGN KEY ("to_departure_id") REFERENCES "public"."departures"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_to_tour_id_tours_id_fk" FOREIGN KEY ("to_tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "booking_moves_booking_idx" ON "booking_moves" USING btree ("booking_id");
  CREATE INDEX "booking_moves_status_idx" ON "booking_moves" USING btree ("status");
  CREATE INDEX "booking_moves_from_departure_idx" ON "booking_moves" USING btree ("from_departure_id");
  CREATE INDEX "booking_moves_to_departure_idx" ON "booking_moves" USING btree ("to_departure_id");
  CREATE INDEX "booking_moves_to_tour_idx" ON "booking_moves" USING btree ("to_tour_id");
  CREATE INDEX "booking_moves_expires_at_idx" ON "booking_moves" USING btree ("expires_at");
  CREATE INDEX "booking_moves_updated_at_idx" ON "booking_moves" USING btree ("updated_at");
  CREATE INDEX "booking_moves_created_at_idx" ON "booking_moves" USING btree ("created_at");
  ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_move_id_booking_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."booking_moves"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_booking_moves_fk" FOREIGN KEY ("booking_moves_id") REFERENCES "public"."booking_moves"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payment_notifications_move_idx" ON "payment_notifications" USING btree ("move_id");
  CREATE INDEX "payload_locked_documents_rels_booking_moves_id_idx" ON "payload_locked_documents_rels" USING btree ("booking_moves_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "booking_moves" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "booking_moves" CASCADE;
  ALTER TABLE "payment_notifications" DROP CONSTRAINT "payment_notifications_move_id_booking_moves_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_booking_moves_fk";
  
  DROP INDEX "payment_notifications_move_idx";
  DROP INDEX "payload_locked_documents_rels_booking_moves_id_idx";
  ALTER TABLE "bookings" DROP COLUMN "reseller_units";
  ALTER TABLE "bookings" DROP COLUMN "reseller_commission_percent";
  ALTER TABLE "bookings" DROP COLUMN "tickets_by_email";
  ALTER TABLE "payment_notifications" DROP COLUMN "move_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "booking_moves_id";
  DROP TYPE "public"."enum_booking_moves_status";`)
}
