import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`booking_moves\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`booking_id\` integer NOT NULL,
  	\`status\` text NOT NULL,
  	\`from_departure_id\` integer NOT NULL,
  	\`to_departure_id\` integer NOT NULL,
  	\`to_tour_id\` integer NOT NULL,
  	\`seats\` numeric NOT NULL,
  	\`total_cents\` numeric NOT NULL,
  	\`difference_cents\` numeric NOT NULL,
  	\`expires_at\` text NOT NULL,
  	\`order_ref\` text,
  	\`requested_by\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`booking_id\`) REFERENCES \`bookings\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`from_departure_id\`) REFERENCES \`departures\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`to_departure_id\`) REFERENCES \`departures\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`to_tour_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`booking_moves_booking_idx\` ON \`booking_moves\` (\`booking_id\`);`)
  await db.run(sql`CREATE INDEX \`booking_moves_status_idx\` ON \`booking_moves\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`booking_moves_from_departure_idx\` ON \`booking_moves\` (\`from_departure_id\`);`)
  await db.run(sql`CREATE INDEX \`booking_moves_to_departure_idx\` ON \`booking_moves\` (\`to_departure_id\`);`)
  await db.run(sql`CREATE INDEX \`booking_moves_to_tour_idx\` ON \`booking_moves\` (\`to_tour_id\`);`)
  await db.run(sql`CREATE INDEX \`booking_moves_expires_at_idx\` ON \`booking_moves\` (\`expires_at\`);`)
  await db.run(sql`CREATE INDEX \`booking_moves_updated_at_idx\` ON \`booking_moves\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`booking_moves_created_at_idx\` ON \`booking_moves\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`reseller_units\` text;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`reseller_commission_percent\` numeric;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`tickets_by_email\` integer DEFAULT true;`)
  await db.run(sql`ALTER TABLE \`payment_notifications\` ADD \`move_id\` integer REFERENCES booking_moves(id);`)
  await db.run(sql`CREATE INDEX \`payment_notifications_move_idx\` ON \`payment_notifications\` (\`move_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`booking_moves_id\` integer REFERENCES booking_moves(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_booking_moves_id_idx\` ON \`payload_locked_documents_rels\` (\`booking_moves_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`booking_moves\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payment_notifications\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`kind\` text NOT NULL,
  	\`order_ref\` text,
  	\`booking_id\` integer,
  	\`provider\` text,
  	\`amount_cents\` numeric,
  	\`response_code\` text,
  	\`outcome\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`booking_id\`) REFERENCES \`bookings\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payment_notifications\`("id", "kind", "order_ref", "booking_id", "provider", "amount_cents", "response_code", "outcome", "updated_at", "created_at") SELECT "id", "kind", "order_ref", "booking_id", "provider", "amount_cents", "response_code", "outcome", "updated_at", "created_at" FROM \`payment_notifications\`;`)
  await db.run(sql`DROP TABLE \`payment_notifications\`;`)
  await db.run(sql`ALTER TABLE \`__new_payment_notifications\` RENAME TO \`payment_notifications\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payment_notifications_order_ref_idx\` ON \`payment_notifications\` (\`order_ref\`);`)
  await db.run(sql`CREATE INDEX \`payment_notifications_booking_idx\` ON \`payment_notifications\` (\`booking_id\`);`)
  await db.run(sql`CREATE INDEX \`payment_notifications_updated_at_idx\` ON \`payment_notifications\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payment_notifications_created_at_idx\` ON \`payment_notifications\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`tours_id\` integer,
  	\`school_tours_id\` integer,
  	\`boats_id\` integer,
  	\`boarding_points_id\` integer,
  	\`media_id\` integer,
  	\`past_images_id\` integer,
  	\`pages_id\` integer,
  	\`timetables_id\` integer,
  	\`closed_days_id\` integer,
  	\`departures_id\` integer,
  	\`bookings_id\` integer,
  	\`tickets_id\` integer,
  	\`payment_notifications_id\` integer,
  	\`payment_events_id\` integer,
  	\`resellers_id\` integer,
  	\`reseller_webhooks_id\` integer,
  	\`audit_log_id\` integer,
  	\`requests_id\` integer,
  	\`email_log_id\` integer,
  	\`redirects_id\` integer,
  	\`users_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`tours_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`school_tours_id\`) REFERENCES \`school_tours\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`boats_id\`) REFERENCES \`boats\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`boarding_points_id\`) REFERENCES \`boarding_points\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`past_images_id\`) REFERENCES \`past_images\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`pages_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`timetables_id\`) REFERENCES \`timetables\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`closed_days_id\`) REFERENCES \`closed_days\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`departures_id\`) REFERENCES \`departures\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`bookings_id\`) REFERENCES \`bookings\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`tickets_id\`) REFERENCES \`tickets\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`payment_notifications_id\`) REFERENCES \`payment_notifications\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`payment_events_id\`) REFERENCES \`payment_events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`resellers_id\`) REFERENCES \`resellers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`reseller_webhooks_id\`) REFERENCES \`reseller_webhooks\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`audit_log_id\`) REFERENCES \`audit_log\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`requests_id\`) REFERENCES \`requests\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_log_id\`) REFERENCES \`email_log\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`redirects_id\`) REFERENCES \`redirects\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "tours_id", "school_tours_id", "boats_id", "boarding_points_id", "media_id", "past_images_id", "pages_id", "timetables_id", "closed_days_id", "departures_id", "bookings_id", "tickets_id", "payment_notifications_id", "payment_events_id", "resellers_id", "reseller_webhooks_id", "audit_log_id", "requests_id", "email_log_id", "redirects_id", "users_id") SELECT "id", "order", "parent_id", "path", "tours_id", "school_tours_id", "boats_id", "boarding_points_id", "media_id", "past_images_id", "pages_id", "timetables_id", "closed_days_id", "departures_id", "bookings_id", "tickets_id", "payment_notifications_id", "payment_events_id", "resellers_id", "reseller_webhooks_id", "audit_log_id", "requests_id", "email_log_id", "redirects_id", "users_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_tours_id_idx\` ON \`payload_locked_documents_rels\` (\`tours_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_school_tours_id_idx\` ON \`payload_locked_documents_rels\` (\`school_tours_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_boats_id_idx\` ON \`payload_locked_documents_rels\` (\`boats_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_boarding_points_id_idx\` ON \`payload_locked_documents_rels\` (\`boarding_points_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_past_images_id_idx\` ON \`payload_locked_documents_rels\` (\`past_images_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_pages_id_idx\` ON \`payload_locked_documents_rels\` (\`pages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_timetables_id_idx\` ON \`payload_locked_documents_rels\` (\`timetables_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_closed_days_id_idx\` ON \`payload_locked_documents_rels\` (\`closed_days_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_departures_id_idx\` ON \`payload_locked_documents_rels\` (\`departures_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_bookings_id_idx\` ON \`payload_locked_documents_rels\` (\`bookings_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_tickets_id_idx\` ON \`payload_locked_documents_rels\` (\`tickets_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payment_notifications_id_idx\` ON \`payload_locked_documents_rels\` (\`payment_notifications_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payment_events_id_idx\` ON \`payload_locked_documents_rels\` (\`payment_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_resellers_id_idx\` ON \`payload_locked_documents_rels\` (\`resellers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_reseller_webhooks_id_idx\` ON \`payload_locked_documents_rels\` (\`reseller_webhooks_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_audit_log_id_idx\` ON \`payload_locked_documents_rels\` (\`audit_log_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_requests_id_idx\` ON \`payload_locked_documents_rels\` (\`requests_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_log_id_idx\` ON \`payload_locked_documents_rels\` (\`email_log_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_redirects_id_idx\` ON \`payload_locked_documents_rels\` (\`redirects_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`reseller_units\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`reseller_commission_percent\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`tickets_by_email\`;`)
}
