import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`resellers\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`contact_name\` text,
  	\`contact_email\` text,
  	\`commission_percent\` numeric DEFAULT 0 NOT NULL,
  	\`webhook_url\` text,
  	\`active\` integer DEFAULT true,
  	\`key_prefix\` text,
  	\`key_hash\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`resellers_key_prefix_idx\` ON \`resellers\` (\`key_prefix\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`resellers_key_hash_idx\` ON \`resellers\` (\`key_hash\`);`)
  await db.run(sql`CREATE INDEX \`resellers_updated_at_idx\` ON \`resellers\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`resellers_created_at_idx\` ON \`resellers\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`resellers_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`tours_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`resellers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`tours_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`resellers_rels_order_idx\` ON \`resellers_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`resellers_rels_parent_idx\` ON \`resellers_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`resellers_rels_path_idx\` ON \`resellers_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`resellers_rels_tours_id_idx\` ON \`resellers_rels\` (\`tours_id\`);`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`channel\` text;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`reseller_id\` integer REFERENCES resellers(id);`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`reseller_reference\` text;`)
  await db.run(sql`ALTER TABLE \`bookings\` ADD \`octo_uuid\` text;`)
  await db.run(sql`CREATE INDEX \`bookings_channel_idx\` ON \`bookings\` (\`channel\`);`)
  await db.run(sql`CREATE INDEX \`bookings_reseller_idx\` ON \`bookings\` (\`reseller_id\`);`)
  await db.run(sql`CREATE INDEX \`bookings_reseller_reference_idx\` ON \`bookings\` (\`reseller_reference\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`bookings_octo_uuid_idx\` ON \`bookings\` (\`octo_uuid\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`resellers_id\` integer REFERENCES resellers(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_resellers_id_idx\` ON \`payload_locked_documents_rels\` (\`resellers_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`resellers\`;`)
  await db.run(sql`DROP TABLE \`resellers_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_bookings\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`reference\` text NOT NULL,
  	\`tour_id\` integer NOT NULL,
  	\`departure_id\` integer NOT NULL,
  	\`status\` text DEFAULT 'held' NOT NULL,
  	\`trip_type\` text NOT NULL,
  	\`adults\` numeric NOT NULL,
  	\`reduced\` numeric NOT NULL,
  	\`children\` numeric NOT NULL,
  	\`super3\` numeric NOT NULL,
  	\`audio_guides\` numeric NOT NULL,
  	\`seats\` numeric NOT NULL,
  	\`total_cents\` numeric NOT NULL,
  	\`customer_name\` text NOT NULL,
  	\`customer_surnames\` text NOT NULL,
  	\`customer_email\` text NOT NULL,
  	\`customer_phone\` text NOT NULL,
  	\`customer_mobile_phone\` text NOT NULL,
  	\`customer_comments\` text,
  	\`locale\` text NOT NULL,
  	\`hold_expires_at\` text NOT NULL,
  	\`hold_extended\` integer DEFAULT false,
  	\`payment_order_ref\` text,
  	\`paid_at\` text,
  	\`paid_cents\` numeric DEFAULT 0,
  	\`refunded_cents\` numeric DEFAULT 0,
  	\`disrupted_at\` text,
  	\`disrupted_from\` numeric,
  	\`disruption_reminded_at\` text,
  	\`disruption_choice\` text,
  	\`disruption_chosen_by\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`tour_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`departure_id\`) REFERENCES \`departures\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_bookings\`("id", "reference", "tour_id", "departure_id", "status", "trip_type", "adults", "reduced", "children", "super3", "audio_guides", "seats", "total_cents", "customer_name", "customer_surnames", "customer_email", "customer_phone", "customer_mobile_phone", "customer_comments", "locale", "hold_expires_at", "hold_extended", "payment_order_ref", "paid_at", "paid_cents", "refunded_cents", "disrupted_at", "disrupted_from", "disruption_reminded_at", "disruption_choice", "disruption_chosen_by", "updated_at", "created_at") SELECT "id", "reference", "tour_id", "departure_id", "status", "trip_type", "adults", "reduced", "children", "super3", "audio_guides", "seats", "total_cents", "customer_name", "customer_surnames", "customer_email", "customer_phone", "customer_mobile_phone", "customer_comments", "locale", "hold_expires_at", "hold_extended", "payment_order_ref", "paid_at", "paid_cents", "refunded_cents", "disrupted_at", "disrupted_from", "disruption_reminded_at", "disruption_choice", "disruption_chosen_by", "updated_at", "created_at" FROM \`bookings\`;`)
  await db.run(sql`DROP TABLE \`bookings\`;`)
  await db.run(sql`ALTER TABLE \`__new_bookings\` RENAME TO \`bookings\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`bookings_reference_idx\` ON \`bookings\` (\`reference\`);`)
  await db.run(sql`CREATE INDEX \`bookings_tour_idx\` ON \`bookings\` (\`tour_id\`);`)
  await db.run(sql`CREATE INDEX \`bookings_departure_idx\` ON \`bookings\` (\`departure_id\`);`)
  await db.run(sql`CREATE INDEX \`bookings_status_idx\` ON \`bookings\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`bookings_hold_expires_at_idx\` ON \`bookings\` (\`hold_expires_at\`);`)
  await db.run(sql`CREATE INDEX \`bookings_payment_order_ref_idx\` ON \`bookings\` (\`payment_order_ref\`);`)
  await db.run(sql`CREATE INDEX \`bookings_disrupted_at_idx\` ON \`bookings\` (\`disrupted_at\`);`)
  await db.run(sql`CREATE INDEX \`bookings_disrupted_from_idx\` ON \`bookings\` (\`disrupted_from\`);`)
  await db.run(sql`CREATE INDEX \`bookings_updated_at_idx\` ON \`bookings\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`bookings_created_at_idx\` ON \`bookings\` (\`created_at\`);`)
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
  	FOREIGN KEY (\`audit_log_id\`) REFERENCES \`audit_log\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`requests_id\`) REFERENCES \`requests\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_log_id\`) REFERENCES \`email_log\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`redirects_id\`) REFERENCES \`redirects\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "tours_id", "school_tours_id", "boats_id", "boarding_points_id", "media_id", "past_images_id", "pages_id", "timetables_id", "closed_days_id", "departures_id", "bookings_id", "tickets_id", "payment_notifications_id", "payment_events_id", "audit_log_id", "requests_id", "email_log_id", "redirects_id", "users_id") SELECT "id", "order", "parent_id", "path", "tours_id", "school_tours_id", "boats_id", "boarding_points_id", "media_id", "past_images_id", "pages_id", "timetables_id", "closed_days_id", "departures_id", "bookings_id", "tickets_id", "payment_notifications_id", "payment_events_id", "audit_log_id", "requests_id", "email_log_id", "redirects_id", "users_id" FROM \`payload_locked_documents_rels\`;`)
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_audit_log_id_idx\` ON \`payload_locked_documents_rels\` (\`audit_log_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_requests_id_idx\` ON \`payload_locked_documents_rels\` (\`requests_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_log_id_idx\` ON \`payload_locked_documents_rels\` (\`email_log_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_redirects_id_idx\` ON \`payload_locked_documents_rels\` (\`redirects_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
}
