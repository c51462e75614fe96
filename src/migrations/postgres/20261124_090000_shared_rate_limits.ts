import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The counts of the shared rate limits (src/lib/rate-limit.ts, decision 048): the table
// rate-limiter-flexible's RateLimiterPostgres expects, created here rather than by the library at
// start-up, so instances starting together never race to create it. Not part of Payload's schema:
// the limiter reaches it through its own pool, so there is no JSON snapshot change.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE IF NOT EXISTS "rate_limits" (
    "key" varchar(255) PRIMARY KEY NOT NULL,
    "points" integer DEFAULT 0 NOT NULL,
    "expire" bigint
  );
  CREATE INDEX IF NOT EXISTS "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE IF EXISTS "rate_limits";`)
}
