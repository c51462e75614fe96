import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Hand-written (no Payload collection): Apple Wallet passes handed out and the devices that
// registered for their updates (src/wallet/, docs/decisions/135-wallet-passes.md). The update
// time answers the phones' "what changed since" and If-Modified-Since.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`wallet_passes\` (
  	\`serial\` text PRIMARY KEY NOT NULL,
  	\`booking_id\` integer NOT NULL,
  	\`updated_at\` text NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );`)
  await db.run(sql`CREATE UNIQUE INDEX IF NOT EXISTS \`wallet_passes_booking_idx\` ON \`wallet_passes\` (\`booking_id\`);`)
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`wallet_registrations\` (
  	\`device_id\` text NOT NULL,
  	\`pass_type_id\` text NOT NULL,
  	\`serial\` text NOT NULL,
  	\`push_token\` text NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	PRIMARY KEY (\`device_id\`, \`pass_type_id\`, \`serial\`)
  );`)
  await db.run(sql`CREATE INDEX IF NOT EXISTS \`wallet_registrations_serial_idx\` ON \`wallet_registrations\` (\`pass_type_id\`, \`serial\`);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of ['wallet_registrations', 'wallet_passes']) {
    await db.run(sql.raw(`DROP TABLE IF EXISTS \`${table}\`;`))
  }
}
