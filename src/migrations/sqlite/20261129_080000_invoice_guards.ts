import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Hand-written (docs/decisions/163-invoices-as-an-inspector-sees-them.md). The triggers of
// 20261126_120000_invoicing refuse UPDATE and DELETE of invoices and records, but on SQLite
// `INSERT OR REPLACE` / `REPLACE INTO` deletes the old row without firing DELETE triggers (unless
// recursive_triggers is on), and the series counters and the chain's head could be set to
// anything. BEFORE INSERT triggers fire before conflict resolution, so refusing an INSERT whose
// key is taken refuses every REPLACE and upsert. What may still change, changes only forward:
// - a series counter moves by one, once the invoice of its last number exists, and an invoice
//   takes exactly the number its counter was just moved to (numbers stay 1..n, no gap);
// - a record goes at the chain's end, naming the head's huella, for an invoice that exists;
// - the chain's head and its witness (invoice_chain_witness) move one record at a time, to the
//   record just appended with its huella; `SET last_position = last_position` (the lock) passes.
const GUARDS: [name: string, sql: string][] = [
  [
    'invoices_insert_guard',
    `CREATE TRIGGER IF NOT EXISTS \`invoices_insert_guard\` BEFORE INSERT ON \`invoices\` BEGIN
      SELECT RAISE(ABORT, 'invoicing: INSERT over an existing invoice refused, invoices and their records are immutable')
      WHERE EXISTS (SELECT 1 FROM invoices WHERE id = NEW.id)
        OR EXISTS (SELECT 1 FROM invoices WHERE series_number = NEW.series_number)
        OR EXISTS (SELECT 1 FROM invoices WHERE series = NEW.series AND number = NEW.number);
      SELECT RAISE(ABORT, 'invoicing: an invoice takes the number its series counter was just moved to')
      WHERE NEW.number IS NOT (SELECT last_number FROM invoice_series WHERE series = NEW.series);
    END;`,
  ],
  [
    'invoice_records_insert_guard',
    `CREATE TRIGGER IF NOT EXISTS \`invoice_records_insert_guard\` BEFORE INSERT ON \`invoice_records\` BEGIN
      SELECT RAISE(ABORT, 'invoicing: INSERT over an existing record refused, invoices and their records are immutable')
      WHERE EXISTS (SELECT 1 FROM invoice_records WHERE id = NEW.id)
        OR EXISTS (SELECT 1 FROM invoice_records WHERE position = NEW.position);
      SELECT RAISE(ABORT, 'invoicing: a record goes at the end of the chain, naming its head')
      WHERE NEW.position IS NOT (SELECT last_position + 1 FROM invoice_chain WHERE id = 1)
        OR NEW.previous_huella IS NOT (SELECT json_extract(last_record, '$.huella') FROM invoice_chain WHERE id = 1);
      SELECT RAISE(ABORT, 'invoicing: a record is of an existing invoice')
      WHERE NOT EXISTS (SELECT 1 FROM invoices WHERE id = NEW.invoice_id);
    END;`,
  ],
  [
    'invoice_series_insert_guard',
    `CREATE TRIGGER IF NOT EXISTS \`invoice_series_insert_guard\` BEFORE INSERT ON \`invoice_series\` BEGIN
      SELECT RAISE(ABORT, 'invoicing: a series counter is never replaced, invoices and their numbers are immutable')
      WHERE EXISTS (SELECT 1 FROM invoice_series WHERE series = NEW.series);
      SELECT RAISE(ABORT, 'invoicing: a new series counter starts at 1')
      WHERE NEW.last_number IS NOT 1 OR EXISTS (SELECT 1 FROM invoices WHERE series = NEW.series);
    END;`,
  ],
  [
    'invoice_series_update_guard',
    `CREATE TRIGGER IF NOT EXISTS \`invoice_series_update_guard\` BEFORE UPDATE ON \`invoice_series\` BEGIN
      SELECT RAISE(ABORT, 'invoicing: a series counter moves by one, after its last number was issued')
      WHERE NEW.series IS NOT OLD.series OR NEW.last_number IS NOT OLD.last_number + 1
        OR NOT EXISTS (SELECT 1 FROM invoices WHERE series = OLD.series AND number = OLD.last_number);
    END;`,
  ],
  [
    'invoice_series_no_delete',
    `CREATE TRIGGER IF NOT EXISTS \`invoice_series_no_delete\` BEFORE DELETE ON \`invoice_series\` BEGIN
      SELECT RAISE(ABORT, 'invoicing: DELETE on invoice_series refused, invoices and their numbers are immutable');
    END;`,
  ],
  [
    'invoice_chain_insert_guard',
    `CREATE TRIGGER IF NOT EXISTS \`invoice_chain_insert_guard\` BEFORE INSERT ON \`invoice_chain\`
    WHEN EXISTS (SELECT 1 FROM invoice_chain) BEGIN
      SELECT RAISE(ABORT, 'invoicing: the chain has one head, never replaced');
    END;`,
  ],
  [
    'invoice_chain_update_guard',
    `CREATE TRIGGER IF NOT EXISTS \`invoice_chain_update_guard\` BEFORE UPDATE ON \`invoice_chain\`
    WHEN NOT (NEW.id IS OLD.id AND NEW.started_at IS OLD.started_at AND (
      (NEW.last_position IS OLD.last_position AND NEW.last_record IS OLD.last_record)
      OR (NEW.last_position = OLD.last_position + 1 AND EXISTS (SELECT 1 FROM invoice_records r
        WHERE r.position = NEW.last_position AND r.huella = json_extract(NEW.last_record, '$.huella')))))
    BEGIN
      SELECT RAISE(ABORT, 'invoicing: the chain head moves only to the record just appended');
    END;`,
  ],
  [
    'invoice_chain_no_delete',
    `CREATE TRIGGER IF NOT EXISTS \`invoice_chain_no_delete\` BEFORE DELETE ON \`invoice_chain\` BEGIN
      SELECT RAISE(ABORT, 'invoicing: DELETE on invoice_chain refused');
    END;`,
  ],
  [
    'invoice_chain_witness_insert_guard',
    `CREATE TRIGGER IF NOT EXISTS \`invoice_chain_witness_insert_guard\` BEFORE INSERT ON \`invoice_chain_witness\`
    WHEN EXISTS (SELECT 1 FROM invoice_chain_witness) BEGIN
      SELECT RAISE(ABORT, 'invoicing: the chain witness is never replaced');
    END;`,
  ],
  [
    'invoice_chain_witness_update_guard',
    `CREATE TRIGGER IF NOT EXISTS \`invoice_chain_witness_update_guard\` BEFORE UPDATE ON \`invoice_chain_witness\`
    WHEN NOT (NEW.id IS OLD.id AND NEW.position = OLD.position + 1 AND EXISTS (SELECT 1 FROM invoice_records r
      WHERE r.position = NEW.position AND r.huella = NEW.huella))
    BEGIN
      SELECT RAISE(ABORT, 'invoicing: the chain witness moves only to the record just appended');
    END;`,
  ],
  [
    'invoice_chain_witness_no_delete',
    `CREATE TRIGGER IF NOT EXISTS \`invoice_chain_witness_no_delete\` BEFORE DELETE ON \`invoice_chain_witness\` BEGIN
      SELECT RAISE(ABORT, 'invoicing: DELETE on invoice_chain_witness refused');
    END;`,
  ],
]

export async function up({ db }: MigrateUpArgs): Promise<void> {
  // The chain's head as records are appended, kept apart from the invoice tables (witness.ts):
  // `npm run invoices:verify` compares the chain's last record with it. Starts at today's head.
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`invoice_chain_witness\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`position\` integer NOT NULL,
  	\`huella\` text,
  	\`witnessed_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );`)
  await db.run(sql`INSERT INTO \`invoice_chain_witness\` (\`id\`, \`position\`, \`huella\`)
    SELECT 1, \`last_position\`, json_extract(\`last_record\`, '$.huella') FROM \`invoice_chain\` WHERE \`id\` = 1
      AND NOT EXISTS (SELECT 1 FROM \`invoice_chain_witness\`);`)
  for (const [, statement] of GUARDS) await db.run(sql.raw(statement))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const [name] of GUARDS) await db.run(sql.raw(`DROP TRIGGER IF EXISTS \`${name}\`;`))
  await db.run(sql`DROP TABLE IF EXISTS \`invoice_chain_witness\`;`)
}
