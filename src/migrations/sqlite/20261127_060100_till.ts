// Hand-written (no Payload collection): the box office's till sessions and the cash counted at
// their close (src/operations/till.ts, docs/decisions/139-till-sessions.md). A session covers the
// staff's box-office payments from its opening to its close; the next one opens at that instant.
// At most one session is open (the partial unique index); a count is one per staff member and
// method per session.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`till_sessions\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`opened_at\` text NOT NULL,
  	\`closed_at\` text,
  	\`closed_by\` text,
  	\`updated_at\` text NOT NULL,
  	\`created_at\` text NOT NULL
  );`)
  await db.run(sql`CREATE UNIQUE INDEX IF NOT EXISTS \`till_sessions_one_open\` ON \`till_sessions\` ((\`closed_at\` IS NULL)) WHERE \`closed_at\` IS NULL;`)
  await db.run(sql`CREATE TABLE IF NOT EXISTS \`till_counts\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`session_id\` integer NOT NULL REFERENCES \`till_sessions\`(\`id\`),
  	\`staff\` text NOT NULL,
  	\`method\` text NOT NULL,
  	\`counted_cents\` integer NOT NULL,
  	\`expected_cents\` integer,
  	\`sales\` integer,
  	\`counted_by\` text NOT NULL,
  	\`counted_at\` text NOT NULL
  );`)
  await db.run(sql`CREATE UNIQUE INDEX IF NOT EXISTS \`till_counts_line\` ON \`till_counts\` (\`session_id\`, \`staff\`, \`method\`);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE IF EXISTS \`till_counts\`;`)
  await db.run(sql`DROP TABLE IF EXISTS \`till_sessions\`;`)
}
