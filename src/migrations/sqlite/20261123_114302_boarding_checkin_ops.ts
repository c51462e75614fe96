import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`tickets\` ADD \`checked_in_by_id\` integer REFERENCES users(id);`)
  await db.run(sql`CREATE INDEX \`tickets_checked_in_by_idx\` ON \`tickets\` (\`checked_in_by_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_tickets\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`code\` text NOT NULL,
  	\`booking_id\` integer NOT NULL,
  	\`category\` text NOT NULL,
  	\`checked_in_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`booking_id\`) REFERENCES \`bookings\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_tickets\`("id", "code", "booking_id", "category", "checked_in_at", "updated_at", "created_at") SELECT "id", "code", "booking_id", "category", "checked_in_at", "updated_at", "created_at" FROM \`tickets\`;`)
  await db.run(sql`DROP TABLE \`tickets\`;`)
  await db.run(sql`ALTER TABLE \`__new_tickets\` RENAME TO \`tickets\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`tickets_code_idx\` ON \`tickets\` (\`code\`);`)
  await db.run(sql`CREATE INDEX \`tickets_booking_idx\` ON \`tickets\` (\`booking_id\`);`)
  await db.run(sql`CREATE INDEX \`tickets_updated_at_idx\` ON \`tickets\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`tickets_created_at_idx\` ON \`tickets\` (\`created_at\`);`)
}
