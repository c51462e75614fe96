import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Hand-written (no Payload collection): who holds which seats, for the per-visitor seat limit
// (src/shop/hold-limits.ts, docs/decisions/044-seat-hoarding.md). Keys are HMACs, never raw IPs.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`hold_claims\` (
  	\`reference\` text PRIMARY KEY NOT NULL,
  	\`ip_key\` text NOT NULL,
  	\`browser_key\` text,
  	\`seats\` integer NOT NULL,
  	\`created_at\` text NOT NULL
  );`)
  await db.run(sql`CREATE INDEX IF NOT EXISTS \`hold_claims_ip_key_idx\` ON \`hold_claims\` (\`ip_key\`);`)
  await db.run(sql`CREATE INDEX IF NOT EXISTS \`hold_claims_browser_key_idx\` ON \`hold_claims\` (\`browser_key\`);`)
  await db.run(sql`CREATE INDEX IF NOT EXISTS \`hold_claims_created_at_idx\` ON \`hold_claims\` (\`created_at\`);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE IF EXISTS \`hold_claims\`;`)
}
