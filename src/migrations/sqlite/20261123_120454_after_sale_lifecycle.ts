import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`payment_events\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`booking_id\` integer NOT NULL,
  	\`kind\` text NOT NULL,
  	\`status\` text NOT NULL,
  	\`amount_cents\` numeric NOT NULL,
  	\`method\` text,
  	\`order_ref\` text,
  	\`idempotency_key\` text NOT NULL,
  	\`requested_by\` text NOT NULL,
  	\`reason\` text,
  	\`gateway_code\` text,
  	\`gateway_answer\` text,
  	\`attempts\` numeric DEFAULT 0,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`booking_id\`) REFERENCES \`bookings\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`payment_events_booking_idx\` ON \`payment_events\` (\`booking_id\`);`)
  await db.run(sql`CREATE INDEX \`payment_events_status_idx\` ON \`payment_events\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`payment_events_order_ref_idx\` ON \`payment_events\` (\`order_ref\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`payment_events_idempotency_key_idx\` ON \`payment_events\` (\`idempotency_key\`);`)
  await db.run(sql`CREATE INDEX \`payment_events_updated_at_idx\` ON \`payment_events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payment_events_created_at_idx\` ON \`payment_events\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`audit_log\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`actor\` text NOT NULL,
  	\`action\` text NOT NULL,
  	\`subject\` text NOT NULL,
  	\`before\` text,
  	\`after\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`audit_log_actor_idx\` ON \`audit_log\` (\`actor\`);`)
  await db.run(sql`CREATE INDEX \`audit_log_action_idx\` ON \`audit_log\` (\`action\`);`)
  await db.run(sql`CREATE INDEX \`audit_log_subject_idx\` ON \`audit_log\` (\`subject\`);`)
  await db.run(sql`CREATE INDEX \`audit_log_updated_at_idx\` ON \`audit_log\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`audit_log_created_at_idx\` ON \`audit_log\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`departures\` ADD \`cancel_reason\` text;`)
  await db.run(sql`ALTER TABLE \`departures\` ADD \`cancelled_at\` text;`)
  await db.run(sql`ALTER TABLE \`departures\` ADD \`cancel_note\` text;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`paid_cents\` numeric DEFAULT 0;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`refunded_cents\` numeric DEFAULT 0;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`disrupted_at\` text;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`disrupted_from\` numeric;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`disruption_reminded_at\` text;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`disruption_choice\` text;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`disruption_chosen_by\` text;`)
  await db.run(sql`CREATE INDEX \`bookings_disrupted_at_idx\` ON \`bookings\` (\`disrupted_at\`);`)
  await db.run(sql`CREATE INDEX \`bookings_disrupted_from_idx\` ON \`bookings\` (\`disrupted_from\`);`)
  await db.run(sql`ALTER TABLE \`tickets\` ADD \`voided_at\` text;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`payment_events_id\` integer REFERENCES payment_events(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`audit_log_id\` integer REFERENCES audit_log(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payment_events_id_idx\` ON \`payload_locked_documents_rels\` (\`payment_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_audit_log_id_idx\` ON \`payload_locked_documents_rels\` (\`audit_log_id\`);`)
  // Bookings paid before payment events existed: their money is one card payment of the total.
  await db.run(sql`UPDATE \`bookings\` SET \`paid_cents\` = \`total_cents\` WHERE \`status\` IN ('paid', 'refundPending');`)
  await db.run(sql`INSERT INTO \`payment_events\` (\`booking_id\`, \`kind\`, \`status\`, \`amount_cents\`, \`method\`, \`order_ref\`, \`idempotency_key\`, \`requested_by\`, \`reason\`, \`attempts\`)
    SELECT \`id\`, 'payment', 'succeeded', \`total_cents\`, 'card', \`payment_order_ref\`, 'backfill:' || \`id\`, 'system', 'before payment events', 1
    FROM \`bookings\` WHERE \`status\` IN ('paid', 'refundPending') AND \`total_cents\` > 0;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`payment_events\`;`)
  await db.run(sql`DROP TABLE \`audit_log\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
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
  	\`departures_id\` integer,
  	\`bookings_id\` integer,
  	\`tickets_id\` integer,
  	\`payment_notifications_id\` integer,
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
  	FOREIGN KEY (\`departures_id\`) REFERENCES \`departures\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`bookings_id\`) REFERENCES \`bookings\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`tickets_id\`) REFERENCES \`tickets\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`payment_notifications_id\`) REFERENCES \`payment_notifications\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`requests_id\`) REFERENCES \`requests\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_log_id\`) REFERENCES \`email_log\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`redirects_id\`) REFERENCES \`redirects\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "tours_id", "school_tours_id", "boats_id", "boarding_points_id", "media_id", "past_images_id", "pages_id", "timetables_id", "departures_id", "bookings_id", "tickets_id", "payment_notifications_id", "requests_id", "email_log_id", "redirects_id", "users_id") SELECT "id", "order", "parent_id", "path", "tours_id", "school_tours_id", "boats_id", "boarding_points_id", "media_id", "past_images_id", "pages_id", "timetables_id", "departures_id", "bookings_id", "tickets_id", "payment_notifications_id", "requests_id", "email_log_id", "redirects_id", "users_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_departures_id_idx\` ON \`payload_locked_documents_rels\` (\`departures_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_bookings_id_idx\` ON \`payload_locked_documents_rels\` (\`bookings_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_tickets_id_idx\` ON \`payload_locked_documents_rels\` (\`tickets_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payment_notifications_id_idx\` ON \`payload_locked_documents_rels\` (\`payment_notifications_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_requests_id_idx\` ON \`payload_locked_documents_rels\` (\`requests_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_log_id_idx\` ON \`payload_locked_documents_rels\` (\`email_log_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_redirects_id_idx\` ON \`payload_locked_documents_rels\` (\`redirects_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`DROP INDEX \`bookings_disrupted_at_idx\`;`)
  await db.run(sql`DROP INDEX \`bookings_disrupted_from_idx\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`paid_cents\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`refunded_cents\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`disrupted_at\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`disrupted_from\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`disruption_reminded_at\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`disruption_choice\`;`)
  await db.run(sql`ALTER TABLE \`bookings\` DROP COLUMN \`disruption_chosen_by\`;`)
  await db.run(sql`ALTER TABLE \`departures\` DROP COLUMN \`cancel_reason\`;`)
  await db.run(sql`ALTER TABLE \`departures\` DROP COLUMN \`cancelled_at\`;`)
  await db.run(sql`ALTER TABLE \`departures\` DROP COLUMN \`cancel_note\`;`)
  await db.run(sql`ALTER TABLE \`tickets\` DROP COLUMN \`voided_at\`;`)
}
