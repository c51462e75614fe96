import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`resellers\` ADD \`next_key_prefix\` text;`)
  await db.run(sql`ALTER TABLE \`resellers\` ADD \`next_key_hash\` text;`)
  await db.run(sql`CREATE UNIQUE INDEX \`resellers_next_key_hash_idx\` ON \`resellers\` (\`next_key_hash\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`resellers_next_key_hash_idx\`;`)
  await db.run(sql`ALTER TABLE \`resellers\` DROP COLUMN \`next_key_prefix\`;`)
  await db.run(sql`ALTER TABLE \`resellers\` DROP COLUMN \`next_key_hash\`;`)
}
