import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Hand-written (no Payload collection): invoices and their VERI*FACTU records
// (src/invoicing/, docs/decisions/131-invoicing.md). Invoices and their records are never
// updated or deleted: the triggers below refuse it, whoever asks. Only the chain's head, the
// series counters and the AEAT sending state change.
// `invoice_chain.started_at`: money that moved before invoicing existed is not invoiced
// afterwards (a refund of such a sale has no invoice to rectify).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`invoices\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`booking_id\` integer NOT NULL,
  	\`series\` text NOT NULL,
  	\`number\` integer NOT NULL,
  	\`series_number\` text NOT NULL,
  	\`type\` text NOT NULL,
  	\`channel\` text NOT NULL,
  	\`issued_at\` text NOT NULL,
  	\`issue_date\` text NOT NULL,
  	\`total_cents\` integer NOT NULL,
  	\`vat_cents\` integer NOT NULL,
  	\`breakdown\` text NOT NULL,
  	\`lines\` text NOT NULL,
  	\`corrects_invoice_id\` integer,
  	\`replaces_invoice_ids\` text,
  	\`recipient\` text,
  	\`locale\` text NOT NULL,
  	\`reason\` text NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );`)
  await db.run(sql`CREATE UNIQUE INDEX IF NOT EXISTS \`invoices_series_number_idx\` ON \`invoices\` (\`series\`, \`number\`);`)
  await db.run(sql`CREATE UNIQUE INDEX IF NOT EXISTS \`invoices_series_number_text_idx\` ON \`invoices\` (\`series_number\`);`)
  await db.run(sql`CREATE INDEX IF NOT EXISTS \`invoices_booking_idx\` ON \`invoices\` (\`booking_id\`);`)
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`invoice_records\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`position\` integer NOT NULL,
  	\`invoice_id\` integer NOT NULL,
  	\`kind\` text NOT NULL,
  	\`huella\` text NOT NULL,
  	\`previous_huella\` text,
  	\`record\` text NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );`)
  await db.run(sql`CREATE UNIQUE INDEX IF NOT EXISTS \`invoice_records_position_idx\` ON \`invoice_records\` (\`position\`);`)
  await db.run(sql`CREATE INDEX IF NOT EXISTS \`invoice_records_invoice_idx\` ON \`invoice_records\` (\`invoice_id\`);`)
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`invoice_recipients\` (
  	\`booking_id\` integer PRIMARY KEY NOT NULL,
  	\`recipient\` text NOT NULL,
  	\`address\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );`)
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`invoice_series\` (
  	\`series\` text PRIMARY KEY NOT NULL,
  	\`last_number\` integer NOT NULL
  );`)
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`invoice_chain\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`last_position\` integer NOT NULL,
  	\`last_record\` text,
  	\`started_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );`)
  await db.run(sql`INSERT OR IGNORE INTO \`invoice_chain\` (\`id\`, \`last_position\`, \`last_record\`) VALUES (1, 0, NULL);`)
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`invoice_sender\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`locked_until\` text,
  	\`next_send_at\` text
  );`)
  await db.run(sql`INSERT OR IGNORE INTO \`invoice_sender\` (\`id\`) VALUES (1);`)
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`invoice_record_status\` (
  	\`record_id\` integer PRIMARY KEY NOT NULL,
  	\`status\` text NOT NULL,
  	\`attempts\` integer DEFAULT 0 NOT NULL,
  	\`csv\` text,
  	\`error_code\` text,
  	\`error_text\` text,
  	\`next_attempt_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );`)
  await db.run(sql`CREATE INDEX IF NOT EXISTS \`invoice_record_status_status_idx\` ON \`invoice_record_status\` (\`status\`);`)
  for (const table of ['invoices', 'invoice_records']) {
    for (const op of ['UPDATE', 'DELETE']) {
      await db.run(
        sql.raw(`CREATE TRIGGER IF NOT EXISTS \`${table}_no_${op.toLowerCase()}\` BEFORE ${op} ON \`${table}\`
        BEGIN SELECT RAISE(ABORT, 'invoicing: ${op} on ${table} refused, invoices and their records are immutable'); END;`),
      )
    }
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // Dropping the tables is the only way down: the rows themselves can never be removed.
  for (const table of ['invoice_record_status', 'invoice_sender', 'invoice_chain', 'invoice_series', 'invoice_recipients', 'invoice_records', 'invoices']) {
    await db.run(sql.raw(`DROP TABLE IF EXISTS \`${table}\`;`))
  }
}
