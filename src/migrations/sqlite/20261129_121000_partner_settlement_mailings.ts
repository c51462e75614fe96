import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Hand-written (no Payload collection; docs/decisions/179-partner-settlements.md). One row per
// partner and month whose settlement e-mail was claimed: the unique key makes the monthly job send
// it once, on any instance and after any restart; email_log_id says it reached the mail queue.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`partner_settlement_mailings\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`partner_id\` integer NOT NULL,
  	\`month\` text NOT NULL,
  	\`claimed_at\` text NOT NULL,
  	\`email_log_id\` integer,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );`)
  await db.run(
    sql`CREATE UNIQUE INDEX IF NOT EXISTS \`partner_settlement_mailings_partner_month_idx\` ON \`partner_settlement_mailings\` (\`partner_id\`, \`month\`);`,
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE IF EXISTS \`partner_settlement_mailings\`;`)
}
