import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`timetables_weekdays\` (
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`value\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`timetables\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`timetables_weekdays_order_idx\` ON \`timetables_weekdays\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`timetables_weekdays_parent_idx\` ON \`timetables_weekdays\` (\`parent_id\`);`)
  await db.run(sql`CREATE TABLE \`timetables_times\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`time\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`timetables\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`timetables_times_order_idx\` ON \`timetables_times\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`timetables_times_parent_id_idx\` ON \`timetables_times\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`timetables_closed_dates\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`date\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`timetables\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`timetables_closed_dates_order_idx\` ON \`timetables_closed_dates\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`timetables_closed_dates_parent_id_idx\` ON \`timetables_closed_dates\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`timetables_extra_departures\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`date\` text NOT NULL,
  	\`time\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`timetables\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`timetables_extra_departures_order_idx\` ON \`timetables_extra_departures\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`timetables_extra_departures_parent_id_idx\` ON \`timetables_extra_departures\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`timetables\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`label\` text NOT NULL,
  	\`tour_id\` integer NOT NULL,
  	\`boat_id\` integer NOT NULL,
  	\`valid_from\` text NOT NULL,
  	\`valid_to\` text NOT NULL,
  	\`days\` text DEFAULT 'daily' NOT NULL,
  	\`active\` integer DEFAULT true,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`tour_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`boat_id\`) REFERENCES \`boats\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`timetables_tour_idx\` ON \`timetables\` (\`tour_id\`);`)
  await db.run(sql`CREATE INDEX \`timetables_boat_idx\` ON \`timetables\` (\`boat_id\`);`)
  await db.run(sql`CREATE INDEX \`timetables_updated_at_idx\` ON \`timetables\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`timetables_created_at_idx\` ON \`timetables\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`departures\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`key\` text NOT NULL,
  	\`tour_id\` integer NOT NULL,
  	\`boat_id\` integer NOT NULL,
  	\`timetable_id\` numeric,
  	\`starts_at\` text NOT NULL,
  	\`local_date\` text NOT NULL,
  	\`local_time\` text NOT NULL,
  	\`duration_minutes\` numeric NOT NULL,
  	\`capacity\` numeric NOT NULL,
  	\`seats_sold\` numeric DEFAULT 0,
  	\`seats_held\` numeric DEFAULT 0,
  	\`status\` text DEFAULT 'scheduled' NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`tour_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`boat_id\`) REFERENCES \`boats\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`departures_key_idx\` ON \`departures\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`departures_tour_idx\` ON \`departures\` (\`tour_id\`);`)
  await db.run(sql`CREATE INDEX \`departures_boat_idx\` ON \`departures\` (\`boat_id\`);`)
  await db.run(sql`CREATE INDEX \`departures_starts_at_idx\` ON \`departures\` (\`starts_at\`);`)
  await db.run(sql`CREATE INDEX \`departures_local_date_idx\` ON \`departures\` (\`local_date\`);`)
  await db.run(sql`CREATE INDEX \`departures_updated_at_idx\` ON \`departures\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`departures_created_at_idx\` ON \`departures\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`bookings\` (
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
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`tour_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`departure_id\`) REFERENCES \`departures\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`bookings_reference_idx\` ON \`bookings\` (\`reference\`);`)
  await db.run(sql`CREATE INDEX \`bookings_tour_idx\` ON \`bookings\` (\`tour_id\`);`)
  await db.run(sql`CREATE INDEX \`bookings_departure_idx\` ON \`bookings\` (\`departure_id\`);`)
  await db.run(sql`CREATE INDEX \`bookings_status_idx\` ON \`bookings\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`bookings_hold_expires_at_idx\` ON \`bookings\` (\`hold_expires_at\`);`)
  await db.run(sql`CREATE INDEX \`bookings_payment_order_ref_idx\` ON \`bookings\` (\`payment_order_ref\`);`)
  await db.run(sql`CREATE INDEX \`bookings_updated_at_idx\` ON \`bookings\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`bookings_created_at_idx\` ON \`bookings\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`tickets\` (
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
  await db.run(sql`CREATE UNIQUE INDEX \`tickets_code_idx\` ON \`tickets\` (\`code\`);`)
  await db.run(sql`CREATE INDEX \`tickets_booking_idx\` ON \`tickets\` (\`booking_id\`);`)
  await db.run(sql`CREATE INDEX \`tickets_updated_at_idx\` ON \`tickets\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`tickets_created_at_idx\` ON \`tickets\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`payment_notifications\` (
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
  await db.run(sql`CREATE INDEX \`payment_notifications_order_ref_idx\` ON \`payment_notifications\` (\`order_ref\`);`)
  await db.run(sql`CREATE INDEX \`payment_notifications_booking_idx\` ON \`payment_notifications\` (\`booking_id\`);`)
  await db.run(sql`CREATE INDEX \`payment_notifications_updated_at_idx\` ON \`payment_notifications\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payment_notifications_created_at_idx\` ON \`payment_notifications\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`payload_jobs_log\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`executed_at\` text NOT NULL,
  	\`completed_at\` text NOT NULL,
  	\`task_slug\` text NOT NULL,
  	\`task_i_d\` text NOT NULL,
  	\`input\` text,
  	\`output\` text,
  	\`state\` text NOT NULL,
  	\`error\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`payload_jobs\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`payload_jobs_log_order_idx\` ON \`payload_jobs_log\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_log_parent_id_idx\` ON \`payload_jobs_log\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`payload_jobs\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`input\` text,
  	\`completed_at\` text,
  	\`total_tried\` numeric DEFAULT 0,
  	\`has_error\` integer DEFAULT false,
  	\`error\` text,
  	\`task_slug\` text,
  	\`queue\` text DEFAULT 'default',
  	\`wait_until\` text,
  	\`processing\` integer DEFAULT false,
  	\`meta\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`payload_jobs_completed_at_idx\` ON \`payload_jobs\` (\`completed_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_total_tried_idx\` ON \`payload_jobs\` (\`total_tried\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_has_error_idx\` ON \`payload_jobs\` (\`has_error\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_task_slug_idx\` ON \`payload_jobs\` (\`task_slug\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_queue_idx\` ON \`payload_jobs\` (\`queue\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_wait_until_idx\` ON \`payload_jobs\` (\`wait_until\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_processing_idx\` ON \`payload_jobs\` (\`processing\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_updated_at_idx\` ON \`payload_jobs\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payload_jobs_created_at_idx\` ON \`payload_jobs\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`payload_jobs_stats\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`stats\` text,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_mode\` text DEFAULT 'onRequest' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_round_trip_adult\` numeric;`)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_round_trip_reduced\` numeric;`)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_round_trip_child\` numeric;`)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_one_way_available\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_one_way_adult\` numeric;`)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_one_way_reduced\` numeric;`)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_one_way_child\` numeric;`)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_audio_guide_cents\` numeric DEFAULT 300 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_boarding_minutes_before\` numeric DEFAULT 15 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_booking_closes_minutes_before\` numeric DEFAULT 10 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`tours\` ADD \`booking_boarding_point_id\` integer REFERENCES boarding_points(id);`)
  await db.run(sql`CREATE INDEX \`tours_booking_booking_boarding_point_idx\` ON \`tours\` (\`booking_boarding_point_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`timetables_id\` integer REFERENCES timetables(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`departures_id\` integer REFERENCES departures(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`bookings_id\` integer REFERENCES bookings(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`tickets_id\` integer REFERENCES tickets(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`payment_notifications_id\` integer REFERENCES payment_notifications(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_timetables_id_idx\` ON \`payload_locked_documents_rels\` (\`timetables_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_departures_id_idx\` ON \`payload_locked_documents_rels\` (\`departures_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_bookings_id_idx\` ON \`payload_locked_documents_rels\` (\`bookings_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_tickets_id_idx\` ON \`payload_locked_documents_rels\` (\`tickets_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payment_notifications_id_idx\` ON \`payload_locked_documents_rels\` (\`payment_notifications_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`timetables_weekdays\`;`)
  await db.run(sql`DROP TABLE \`timetables_times\`;`)
  await db.run(sql`DROP TABLE \`timetables_closed_dates\`;`)
  await db.run(sql`DROP TABLE \`timetables_extra_departures\`;`)
  await db.run(sql`DROP TABLE \`timetables\`;`)
  await db.run(sql`DROP TABLE \`departures\`;`)
  await db.run(sql`DROP TABLE \`bookings\`;`)
  await db.run(sql`DROP TABLE \`tickets\`;`)
  await db.run(sql`DROP TABLE \`payment_notifications\`;`)
  await db.run(sql`DROP TABLE \`payload_jobs_log\`;`)
  await db.run(sql`DROP TABLE \`payload_jobs\`;`)
  await db.run(sql`DROP TABLE \`payload_jobs_stats\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_tours\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`slug\` text NOT NULL,
  	\`menu_key\` text NOT NULL,
  	\`kind\` text NOT NULL,
  	\`duration_minutes\` numeric NOT NULL,
  	\`menu_order\` numeric DEFAULT 100,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_tours\`("id", "slug", "menu_key", "kind", "duration_minutes", "menu_order", "updated_at", "created_at") SELECT "id", "slug", "menu_key", "kind", "duration_minutes", "menu_order", "updated_at", "created_at" FROM \`tours\`;`)
  await db.run(sql`DROP TABLE \`tours\`;`)
  await db.run(sql`ALTER TABLE \`__new_tours\` RENAME TO \`tours\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`tours_slug_idx\` ON \`tours\` (\`slug\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`tours_menu_key_idx\` ON \`tours\` (\`menu_key\`);`)
  await db.run(sql`CREATE INDEX \`tours_updated_at_idx\` ON \`tours\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`tours_created_at_idx\` ON \`tours\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`tours_id\` integer,
  	\`school_tours_id\` integer,
  	\`boats_id\` integer,
  	\`boarding_points_id\` integer,
  	\`redirects_id\` integer,
  	\`users_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`tours_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`school_tours_id\`) REFERENCES \`school_tours\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`boats_id\`) REFERENCES \`boats\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`boarding_points_id\`) REFERENCES \`boarding_points\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`redirects_id\`) REFERENCES \`redirects\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "tours_id", "school_tours_id", "boats_id", "boarding_points_id", "redirects_id", "users_id") SELECT "id", "order", "parent_id", "path", "tours_id", "school_tours_id", "boats_id", "boarding_points_id", "redirects_id", "users_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_tours_id_idx\` ON \`payload_locked_documents_rels\` (\`tours_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_school_tours_id_idx\` ON \`payload_locked_documents_rels\` (\`school_tours_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_boats_id_idx\` ON \`payload_locked_documents_rels\` (\`boats_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_boarding_points_id_idx\` ON \`payload_locked_documents_rels\` (\`boarding_points_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_redirects_id_idx\` ON \`payload_locked_documents_rels\` (\`redirects_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
}
