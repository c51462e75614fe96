// The office's booking search (src/operations/booking-search.ts) matches any part of a booking's
// reference, names, e-mail and phones. SQLite has no index for LIKE '%…%' on a table, but an FTS5
// table with the trigram tokenizer answers exactly that; triggers keep it in step with every
// write to bookings (the shop writes them with raw SQL). Written by hand: drizzle's schema has
// no virtual tables or triggers. See docs/decisions/082-booking-search.md.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

const text = (row: 'new' | 'old') =>
  `${row}.reference || ' ' || ${row}.customer_name || ' ' || ${row}.customer_surnames || ' ' || ${row}.customer_email || ' ' || replace(${row}.customer_phone, ' ', '') || ' ' || replace(${row}.customer_mobile_phone, ' ', '')`

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE VIRTUAL TABLE IF NOT EXISTS \`bookings_search\` USING fts5(search_text, tokenize = 'trigram', detail = 'none');`)
  await db.run(
    sql.raw(`INSERT INTO bookings_search (rowid, search_text) SELECT id, ${text('new').replaceAll('new.', '')} FROM bookings;`),
  )
  await db.run(
    sql.raw(`CREATE TRIGGER IF NOT EXISTS bookings_search_insert AFTER INSERT ON bookings BEGIN
      INSERT INTO bookings_search (rowid, search_text) VALUES (new.id, ${text('new')});
    END;`),
  )
  await db.run(
    sql.raw(`CREATE TRIGGER IF NOT EXISTS bookings_search_update AFTER UPDATE OF reference, customer_name, customer_surnames, customer_email, customer_phone, customer_mobile_phone ON bookings BEGIN
      DELETE FROM bookings_search WHERE rowid = old.id;
      INSERT INTO bookings_search (rowid, search_text) VALUES (new.id, ${text('new')});
    END;`),
  )
  await db.run(
    sql.raw(`CREATE TRIGGER IF NOT EXISTS bookings_search_delete AFTER DELETE ON bookings BEGIN
      DELETE FROM bookings_search WHERE rowid = old.id;
    END;`),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TRIGGER IF EXISTS bookings_search_insert;`)
  await db.run(sql`DROP TRIGGER IF EXISTS bookings_search_update;`)
  await db.run(sql`DROP TRIGGER IF EXISTS bookings_search_delete;`)
  await db.run(sql`DROP TABLE IF EXISTS bookings_search;`)
}
