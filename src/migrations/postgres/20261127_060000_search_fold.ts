// The office's booking search forgives accents: "lopez" finds "López" (src/operations/search-fold.ts).
// `bookings.search_text` is a stored generated column holding the folded search text: PostgreSQL
// fills it for every existing booking when it is added (the backfill) and keeps it on every
// write, whoever writes. The trigram index moves from the unfolded expression to the column.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { bookingSearchSource, foldSqlPostgres } from '../../operations/search-fold'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(
    sql.raw(`
  ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (${foldSqlPostgres(bookingSearchSource())}) STORED;
  CREATE INDEX IF NOT EXISTS "bookings_search_text_trgm_idx" ON "bookings" USING gin ("search_text" gin_trgm_ops);
  DROP INDEX IF EXISTS "bookings_search_trgm_idx";`),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  CREATE INDEX IF NOT EXISTS "bookings_search_trgm_idx" ON "bookings" USING gin ((lower("reference" || ' ' || "customer_name" || ' ' || "customer_surnames" || ' ' || "customer_email" || ' ' || replace("customer_phone", ' ', '') || ' ' || replace("customer_mobile_phone", ' ', ''))) gin_trgm_ops);
  DROP INDEX IF EXISTS "bookings_search_text_trgm_idx";
  ALTER TABLE "bookings" DROP COLUMN IF EXISTS "search_text";`)
}
