import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`ops_settings\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`gust_warning_kmh\` numeric DEFAULT 40 NOT NULL,
  	\`wind_warning_kmh\` numeric DEFAULT 30 NOT NULL,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`ops_settings\`;`)
}
