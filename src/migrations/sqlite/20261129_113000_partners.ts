import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`tours_booking_partner_parts\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`partner_id\` integer NOT NULL,
  	\`adult_cents\` numeric NOT NULL,
  	\`reduced_cents\` numeric NOT NULL,
  	\`child_cents\` numeric NOT NULL,
  	FOREIGN KEY (\`partner_id\`) REFERENCES \`partners\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`tours_booking_partner_parts_order_idx\` ON \`tours_booking_partner_parts\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`tours_booking_partner_parts_parent_id_idx\` ON \`tours_booking_partner_parts\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`tours_booking_partner_parts_partner_idx\` ON \`tours_booking_partner_parts\` (\`partner_id\`);`)
  await db.run(sql`CREATE TABLE \`_tours_v_version_booking_partner_parts\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`partner_id\` integer NOT NULL,
  	\`adult_cents\` numeric NOT NULL,
  	\`reduced_cents\` numeric NOT NULL,
  	\`child_cents\` numeric NOT NULL,
  	\`_uuid\` text,
  	FOREIGN KEY (\`partner_id\`) REFERENCES \`partners\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_tours_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_tours_v_version_booking_partner_parts_order_idx\` ON \`_tours_v_version_booking_partner_parts\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_booking_partner_parts_parent_id_idx\` ON \`_tours_v_version_booking_partner_parts\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_booking_partner_parts_partner_idx\` ON \`_tours_v_version_booking_partner_parts\` (\`partner_id\`);`)
  await db.run(sql`CREATE TABLE \`partners\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`active\` integer DEFAULT true,
  	\`legal_name\` text NOT NULL,
  	\`tax_id\` text NOT NULL,
  	\`address\` text NOT NULL,
  	\`contact_email\` text NOT NULL,
  	\`contact_phone\` text,
  	\`language\` text DEFAULT 'ca' NOT NULL,
  	\`map_url\` text,
  	\`agreement_payment\` text DEFAULT 'perAdmission' NOT NULL,
  	\`agreement_adult_cents\` numeric DEFAULT 0,
  	\`agreement_reduced_cents\` numeric DEFAULT 0,
  	\`agreement_child_cents\` numeric DEFAULT 0,
  	\`agreement_super3_cents\` numeric DEFAULT 0,
  	\`agreement_share_percent\` numeric DEFAULT 100,
  	\`agreement_check\` text DEFAULT 'ourQr' NOT NULL,
  	\`agreement_low_codes_warning\` numeric DEFAULT 50,
  	\`agreement_validity\` text DEFAULT 'tripDay' NOT NULL,
  	\`agreement_validity_days\` numeric DEFAULT 0,
  	\`agreement_valid_from\` text,
  	\`agreement_valid_until\` text,
  	\`agreement_tax_treatment\` text DEFAULT 'agency' NOT NULL,
  	\`agreement_resale_vat_rate_pct\` numeric DEFAULT 21,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`partners_updated_at_idx\` ON \`partners\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`partners_created_at_idx\` ON \`partners\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`partners_locales\` (
  	\`opening_hours\` text,
  	\`closed_days\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`partners\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`partners_locales_locale_parent_id_unique\` ON \`partners_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`partner_codes\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`partner_id\` integer NOT NULL,
  	\`code\` text NOT NULL,
  	\`claimed_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`partner_id\`) REFERENCES \`partners\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`partner_codes_partner_idx\` ON \`partner_codes\` (\`partner_id\`);`)
  await db.run(sql`CREATE INDEX \`partner_codes_claimed_at_idx\` ON \`partner_codes\` (\`claimed_at\`);`)
  await db.run(sql`CREATE INDEX \`partner_codes_updated_at_idx\` ON \`partner_codes\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`partner_codes_created_at_idx\` ON \`partner_codes\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`partner_code_idx\` ON \`partner_codes\` (\`partner_id\`,\`code\`);`)
  await db.run(sql`CREATE TABLE \`admissions\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`code\` text NOT NULL,
  	\`supplied\` integer DEFAULT false,
  	\`ticket_id\` integer NOT NULL,
  	\`booking_id\` integer NOT NULL,
  	\`partner_id\` integer NOT NULL,
  	\`category\` text NOT NULL,
  	\`share_cents\` numeric NOT NULL,
  	\`owed_cents\` numeric NOT NULL,
  	\`tax_treatment\` text NOT NULL,
  	\`vat_rate_pct\` numeric,
  	\`valid_from\` text NOT NULL,
  	\`valid_until\` text NOT NULL,
  	\`used_at\` text,
  	\`used_by_id\` integer,
  	\`voided_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`ticket_id\`) REFERENCES \`tickets\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`booking_id\`) REFERENCES \`bookings\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`partner_id\`) REFERENCES \`partners\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`used_by_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`admissions_code_idx\` ON \`admissions\` (\`code\`);`)
  await db.run(sql`CREATE INDEX \`admissions_ticket_idx\` ON \`admissions\` (\`ticket_id\`);`)
  await db.run(sql`CREATE INDEX \`admissions_booking_idx\` ON \`admissions\` (\`booking_id\`);`)
  await db.run(sql`CREATE INDEX \`admissions_partner_idx\` ON \`admissions\` (\`partner_id\`);`)
  await db.run(sql`CREATE INDEX \`admissions_valid_from_idx\` ON \`admissions\` (\`valid_from\`);`)
  await db.run(sql`CREATE INDEX \`admissions_used_by_idx\` ON \`admissions\` (\`used_by_id\`);`)
  await db.run(sql`CREATE INDEX \`admissions_updated_at_idx\` ON \`admissions\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`admissions_created_at_idx\` ON \`admissions\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`partner_code_1_idx\` ON \`admissions\` (\`partner_id\`,\`code\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`partners_id\` integer REFERENCES partners(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`partner_codes_id\` integer REFERENCES partner_codes(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`admissions_id\` integer REFERENCES admissions(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_partners_id_idx\` ON \`payload_locked_documents_rels\` (\`partners_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_partner_codes_id_idx\` ON \`payload_locked_documents_rels\` (\`partner_codes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_admissions_id_idx\` ON \`payload_locked_documents_rels\` (\`admissions_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`tours_booking_partner_parts\`;`)
  await db.run(sql`DROP TABLE \`_tours_v_version_booking_partner_parts\`;`)
  await db.run(sql`DROP TABLE \`partners\`;`)
  await db.run(sql`DROP TABLE \`partners_locales\`;`)
  await db.run(sql`DROP TABLE \`partner_codes\`;`)
  await db.run(sql`DROP TABLE \`admissions\`;`)
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
  	\`closed_days_id\` integer,
  	\`departures_id\` integer,
  	\`bookings_id\` integer,
  	\`tickets_id\` integer,
  	\`payment_notifications_id\` integer,
  	\`payment_events_id\` integer,
  	\`booking_moves_id\` integer,
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
  	FOREIGN KEY (\`booking_moves_id\`) REFERENCES \`booking_moves\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`resellers_id\`) REFERENCES \`resellers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`reseller_webhooks_id\`) REFERENCES \`reseller_webhooks\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`audit_log_id\`) REFERENCES \`audit_log\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`requests_id\`) REFERENCES \`requests\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_log_id\`) REFERENCES \`email_log\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`redirects_id\`) REFERENCES \`redirects\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "tours_id", "school_tours_id", "boats_id", "boarding_points_id", "media_id", "past_images_id", "pages_id", "timetables_id", "closed_days_id", "departures_id", "bookings_id", "tickets_id", "payment_notifications_id", "payment_events_id", "booking_moves_id", "resellers_id", "reseller_webhooks_id", "audit_log_id", "requests_id", "email_log_id", "redirects_id", "users_id") SELECT "id", "order", "parent_id", "path", "tours_id", "school_tours_id", "boats_id", "boarding_points_id", "media_id", "past_images_id", "pages_id", "timetables_id", "closed_days_id", "departures_id", "bookings_id", "tickets_id", "payment_notifications_id", "payment_events_id", "booking_moves_id", "resellers_id", "reseller_webhooks_id", "audit_log_id", "requests_id", "email_log_id", "redirects_id", "users_id" FROM \`payload_locked_documents_rels\`;`)
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_closed_days_id_idx\` ON \`payload_locked_documents_rels\` (\`closed_days_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_departures_id_idx\` ON \`payload_locked_documents_rels\` (\`departures_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_bookings_id_idx\` ON \`payload_locked_documents_rels\` (\`bookings_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_tickets_id_idx\` ON \`payload_locked_documents_rels\` (\`tickets_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payment_notifications_id_idx\` ON \`payload_locked_documents_rels\` (\`payment_notifications_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payment_events_id_idx\` ON \`payload_locked_documents_rels\` (\`payment_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_booking_moves_id_idx\` ON \`payload_locked_documents_rels\` (\`booking_moves_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_resellers_id_idx\` ON \`payload_locked_documents_rels\` (\`resellers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_reseller_webhooks_id_idx\` ON \`payload_locked_documents_rels\` (\`reseller_webhooks_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_audit_log_id_idx\` ON \`payload_locked_documents_rels\` (\`audit_log_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_requests_id_idx\` ON \`payload_locked_documents_rels\` (\`requests_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_log_id_idx\` ON \`payload_locked_documents_rels\` (\`email_log_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_redirects_id_idx\` ON \`payload_locked_documents_rels\` (\`redirects_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
}
