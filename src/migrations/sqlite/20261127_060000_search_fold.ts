// The office's booking search forgives accents: "lopez" finds "López" (src/operations/search-fold.ts).
// `bookings.search_text` holds the folded search text. SQLite cannot fold in one expression (its
// lower() is ASCII-only and 150 nested replace() overflow its parser), so the triggers fold in a
// few UPDATEs of the column, then copy it into the FTS5 trigram table (migration
// ops_booking_search) that answers the search; every write to bookings keeps both, whoever
// writes. The same steps fill the column for existing bookings (the backfill).
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

import { bookingSearchSource, foldSqliteSteps } from '../../operations/search-fold'

const plain = (row: 'new' | 'old') =>
  `${row}.reference || ' ' || ${row}.customer_name || ' ' || ${row}.customer_surnames || ' ' || ${row}.customer_email || ' ' || replace(${row}.customer_phone, ' ', '') || ' ' || replace(${row}.customer_mobile_phone, ' ', '')`

const folds = (where: string) =>
  foldSqliteSteps(bookingSearchSource(), 'search_text').map((step) => `UPDATE bookings SET search_text = ${step}${where};`)

async function triggers(db: MigrateUpArgs['db'], folded: boolean): Promise<void> {
  await db.run(sql`DROP TRIGGER IF EXISTS bookings_search_insert;`)
  await db.run(sql`DROP TRIGGER IF EXISTS bookings_search_update;`)
  const body = folded
    ? `${folds(' WHERE id = new.id').join('\n      ')}
      INSERT INTO bookings_search (rowid, search_text) SELECT id, search_text FROM bookings WHERE id = new.id;`
    : `INSERT INTO bookings_search (rowid, search_text) VALUES (new.id, ${plain('new')});`
  await db.run(sql.raw(`CREATE TRIGGER bookings_search_insert AFTER INSERT ON bookings BEGIN
      ${body}
    END;`))
  await db.run(
    sql.raw(`CREATE TRIGGER bookings_search_update AFTER UPDATE OF reference, customer_name, customer_surnames, customer_email, customer_phone, customer_mobile_phone ON bookings BEGIN
      DELETE FROM bookings_search WHERE rowid = old.id;
      ${body}
    END;`),
  )
}

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE bookings ADD COLUMN search_text TEXT NOT NULL DEFAULT '';`)
  for (const statement of folds('')) await db.run(sql.raw(statement))
  await triggers(db, true)
  await db.run(sql`DELETE FROM bookings_search;`)
  await db.run(sql`INSERT INTO bookings_search (rowid, search_text) SELECT id, search_text FROM bookings;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await triggers(db, false)
  await db.run(sql`DELETE FROM bookings_search;`)
  await db.run(
    sql.raw(`INSERT INTO bookings_search (rowid, search_text) SELECT id, ${plain('new').replaceAll('new.', '')} FROM bookings;`),
  )
  await db.run(sql`ALTER TABLE bookings DROP COLUMN search_text;`)
}
