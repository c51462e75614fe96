// The office's booking search (src/operations/booking-search.ts) matches any part of one search text
// per booking; a trigram index on exactly that expression lets PostgreSQL answer LIKE '%…%'
// without reading every booking. Written by hand: drizzle's schema has no expression indexes.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS "bookings_search_trgm_idx" ON "bookings" USING gin ((lower("reference" || ' ' || "customer_name" || ' ' || "customer_surnames" || ' ' || "customer_email" || ' ' || replace("customer_phone", ' ', '') || ' ' || replace("customer_mobile_phone", ' ', ''))) gin_trgm_ops);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP INDEX IF EXISTS "bookings_search_trgm_idx";`)
}
