import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`partners\` ADD \`agreement_used_refundable\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`admissions\` ADD \`refunded_at\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`partners\` DROP COLUMN \`agreement_used_refundable\`;`)
  await db.run(sql`ALTER TABLE \`admissions\` DROP COLUMN \`refunded_at\`;`)
}
