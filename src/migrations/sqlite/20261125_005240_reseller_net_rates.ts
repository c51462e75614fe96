import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`resellers_net_rates\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`tour_id\` integer NOT NULL,
  	\`category\` text NOT NULL,
  	\`net_cents\` numeric NOT NULL,
  	FOREIGN KEY (\`tour_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`resellers\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`resellers_net_rates_order_idx\` ON \`resellers_net_rates\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`resellers_net_rates_parent_id_idx\` ON \`resellers_net_rates\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`resellers_net_rates_tour_idx\` ON \`resellers_net_rates\` (\`tour_id\`);`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`reseller_net_cents\` numeric;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`resellers_net_rates\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`reseller_net_cents\`;`)
}
