// Hand-written (the generated diff also repeated columns earlier hand-written migrations added):
// the till session whose close settled a box-office payment (src/operations/till.ts). Payments
// stamped inside a session that is already closed are that session's, as its Z report counted them.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "payment_events" ADD COLUMN IF NOT EXISTS "till_session_id" numeric;
  CREATE INDEX IF NOT EXISTS "payment_events_till_session_id_idx" ON "payment_events" USING btree ("till_session_id");
  UPDATE "payment_events" AS e SET "till_session_id" = s."id" FROM "till_sessions" AS s
  WHERE s."closed_at" IS NOT NULL AND e."created_at" >= s."opened_at" AND e."created_at" < s."closed_at"
    AND e."status" = 'succeeded' AND e."requested_by" LIKE 'user:%' AND (e."kind" = 'payment' OR e."order_ref" IS NULL);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "payment_events_till_session_id_idx";
  ALTER TABLE "payment_events" DROP COLUMN IF EXISTS "till_session_id";`)
}
