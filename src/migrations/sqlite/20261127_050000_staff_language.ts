import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Hand-written: a staff member's back-office language lives on their account (it lived only in
// the browser's `payload-lng` cookie, so a fresh sign-in on the crew's phone showed the browser's
// language). Empty for existing accounts: they keep the cookie's, or the browser's, until set.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`users\` ADD \`language\` text;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`language\`;`)
}
