import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (no Payload collection): who holds which seats, for the per-visitor seat limit
// (src/shop/hold-limits.ts, docs/decisions/044-seat-hoarding.md). Keys are HMACs, never raw IPs.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE IF NOT EXISTS "hold_claims" (
  	"reference" varchar PRIMARY KEY NOT NULL,
  	"ip_key" varchar NOT NULL,
  	"browser_key" varchar,
  	"seats" integer NOT NULL,
  	"created_at" timestamp(3) with time zone NOT NULL
  );
  CREATE INDEX IF NOT EXISTS "hold_claims_ip_key_idx" ON "hold_claims" USING btree ("ip_key");
  CREATE INDEX IF NOT EXISTS "hold_claims_browser_key_idx" ON "hold_claims" USING btree ("browser_key");
  CREATE INDEX IF NOT EXISTS "hold_claims_created_at_idx" ON "hold_claims" USING btree ("created_at");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "hold_claims";`)
}
