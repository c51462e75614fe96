// Hand-written (the generated diff also repeated columns earlier hand-written migrations added):
// the till session whose close settled a box-office payment (src/operations/till.ts). Payments
// stamped inside a session that is already closed are that session's, as its Z report counted them.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`payment_events\` ADD \`till_session_id\` numeric;`)
  await db.run(sql`CREATE INDEX \`payment_events_till_session_id_idx\` ON \`payment_events\` (\`till_session_id\`);`)
  await db.run(sql`UPDATE \`payment_events\` SET \`till_session_id\` = (
    SELECT s.\`id\` FROM \`till_sessions\` AS s WHERE s.\`closed_at\` IS NOT NULL
      AND \`payment_events\`.\`created_at\` >= s.\`opened_at\` AND \`payment_events\`.\`created_at\` < s.\`closed_at\`)
    WHERE \`status\` = 'succeeded' AND \`requested_by\` LIKE 'user:%' AND (\`kind\` = 'payment' OR \`order_ref\` IS NULL);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`payment_events_till_session_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`payment_events\` DROP COLUMN \`till_session_id\`;`)
}
