import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`_tours_v_version_includes\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`item\` text NOT NULL,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_tours_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_tours_v_version_includes_order_idx\` ON \`_tours_v_version_includes\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_includes_parent_id_idx\` ON \`_tours_v_version_includes\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_includes_locale_idx\` ON \`_tours_v_version_includes\` (\`_locale\`);`)
  await db.run(sql`CREATE TABLE \`_tours_v_version_languages_on_board\` (
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`value\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`_tours_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_tours_v_version_languages_on_board_order_idx\` ON \`_tours_v_version_languages_on_board\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_languages_on_board_parent_idx\` ON \`_tours_v_version_languages_on_board\` (\`parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_tours_v_version_gallery\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`image_id\` integer NOT NULL,
  	\`_uuid\` text,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_tours_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_tours_v_version_gallery_order_idx\` ON \`_tours_v_version_gallery\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_gallery_parent_id_idx\` ON \`_tours_v_version_gallery\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_gallery_image_idx\` ON \`_tours_v_version_gallery\` (\`image_id\`);`)
  await db.run(sql`CREATE TABLE \`_tours_v_version_faq\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`question\` text NOT NULL,
  	\`answer\` text NOT NULL,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_tours_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_tours_v_version_faq_order_idx\` ON \`_tours_v_version_faq\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_faq_parent_id_idx\` ON \`_tours_v_version_faq\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_faq_locale_idx\` ON \`_tours_v_version_faq\` (\`_locale\`);`)
  await db.run(sql`CREATE TABLE \`_tours_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`parent_id\` integer,
  	\`version_slug\` text NOT NULL,
  	\`version_menu_key\` text NOT NULL,
  	\`version_kind\` text NOT NULL,
  	\`version_duration_minutes\` numeric NOT NULL,
  	\`version_menu_order\` numeric DEFAULT 100,
  	\`version_booking_mode\` text DEFAULT 'onRequest' NOT NULL,
  	\`version_booking_round_trip_adult\` numeric,
  	\`version_booking_round_trip_reduced\` numeric,
  	\`version_booking_round_trip_child\` numeric,
  	\`version_booking_one_way_available\` integer DEFAULT false,
  	\`version_booking_one_way_adult\` numeric,
  	\`version_booking_one_way_reduced\` numeric,
  	\`version_booking_one_way_child\` numeric,
  	\`version_booking_audio_guide_cents\` numeric DEFAULT 300 NOT NULL,
  	\`version_booking_tax_treatment\` text DEFAULT 'passengerTransport' NOT NULL,
  	\`version_booking_vat_rate_pct\` numeric,
  	\`version_booking_audio_guide_vat_rate_pct\` numeric,
  	\`version_booking_boarding_minutes_before\` numeric DEFAULT 15 NOT NULL,
  	\`version_booking_booking_closes_minutes_before\` numeric DEFAULT 10 NOT NULL,
  	\`version_booking_self_change_hours_before\` numeric DEFAULT 24,
  	\`version_hero_image_id\` integer,
  	\`version_price_from_cents\` numeric,
  	\`version_boarding_point_id\` integer,
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`version_hero_image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`version_boarding_point_id\`) REFERENCES \`boarding_points\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`_tours_v_parent_idx\` ON \`_tours_v\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_version_slug_idx\` ON \`_tours_v\` (\`version_slug\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_version_menu_key_idx\` ON \`_tours_v\` (\`version_menu_key\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_version_hero_image_idx\` ON \`_tours_v\` (\`version_hero_image_id\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_version_boarding_point_idx\` ON \`_tours_v\` (\`version_boarding_point_id\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_version_updated_at_idx\` ON \`_tours_v\` (\`version_updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_version_version_created_at_idx\` ON \`_tours_v\` (\`version_created_at\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_created_at_idx\` ON \`_tours_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_tours_v_updated_at_idx\` ON \`_tours_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`_tours_v_locales\` (
  	\`version_title\` text NOT NULL,
  	\`version_summary\` text,
  	\`version_description\` text,
  	\`version_departures_weekday\` text,
  	\`version_departures_weekend\` text,
  	\`version_audio_guide\` text,
  	\`version_seo_title\` text,
  	\`version_seo_description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_tours_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`_tours_v_locales_locale_parent_id_unique\` ON \`_tours_v_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_school_tours_v_version_programmes\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`duration_minutes\` numeric NOT NULL,
  	\`departure\` text,
  	\`description\` text,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_school_tours_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_programmes_order_idx\` ON \`_school_tours_v_version_programmes\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_programmes_parent_id_idx\` ON \`_school_tours_v_version_programmes\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_programmes_locale_idx\` ON \`_school_tours_v_version_programmes\` (\`_locale\`);`)
  await db.run(sql`CREATE TABLE \`_school_tours_v_version_learning\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`item\` text NOT NULL,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_school_tours_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_learning_order_idx\` ON \`_school_tours_v_version_learning\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_learning_parent_id_idx\` ON \`_school_tours_v_version_learning\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_learning_locale_idx\` ON \`_school_tours_v_version_learning\` (\`_locale\`);`)
  await db.run(sql`CREATE TABLE \`_school_tours_v_version_practical\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`item\` text NOT NULL,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_school_tours_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_practical_order_idx\` ON \`_school_tours_v_version_practical\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_practical_parent_id_idx\` ON \`_school_tours_v_version_practical\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_practical_locale_idx\` ON \`_school_tours_v_version_practical\` (\`_locale\`);`)
  await db.run(sql`CREATE TABLE \`_school_tours_v_version_faq\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`question\` text NOT NULL,
  	\`answer\` text NOT NULL,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_school_tours_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_faq_order_idx\` ON \`_school_tours_v_version_faq\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_faq_parent_id_idx\` ON \`_school_tours_v_version_faq\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_faq_locale_idx\` ON \`_school_tours_v_version_faq\` (\`_locale\`);`)
  await db.run(sql`CREATE TABLE \`_school_tours_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`parent_id\` integer,
  	\`version_slug\` text NOT NULL,
  	\`version_hero_image_id\` integer,
  	\`version_min_students\` numeric DEFAULT 40,
  	\`version_boarding_point_id\` integer,
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`school_tours\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`version_hero_image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`version_boarding_point_id\`) REFERENCES \`boarding_points\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`_school_tours_v_parent_idx\` ON \`_school_tours_v\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_version_slug_idx\` ON \`_school_tours_v\` (\`version_slug\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_version_hero_image_idx\` ON \`_school_tours_v\` (\`version_hero_image_id\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_version_boarding_point_idx\` ON \`_school_tours_v\` (\`version_boarding_point_id\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_version_updated_at_idx\` ON \`_school_tours_v\` (\`version_updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_version_version_created_at_idx\` ON \`_school_tours_v\` (\`version_created_at\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_created_at_idx\` ON \`_school_tours_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_school_tours_v_updated_at_idx\` ON \`_school_tours_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`_school_tours_v_locales\` (
  	\`version_title\` text NOT NULL,
  	\`version_summary\` text,
  	\`version_description\` text,
  	\`version_seo_title\` text,
  	\`version_seo_description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_school_tours_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`_school_tours_v_locales_locale_parent_id_unique\` ON \`_school_tours_v_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_pages_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`parent_id\` integer,
  	\`version_key\` text NOT NULL,
  	\`version_image_id\` integer,
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`version_image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`_pages_v_parent_idx\` ON \`_pages_v\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_key_idx\` ON \`_pages_v\` (\`version_key\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_image_idx\` ON \`_pages_v\` (\`version_image_id\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_updated_at_idx\` ON \`_pages_v\` (\`version_updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_created_at_idx\` ON \`_pages_v\` (\`version_created_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_created_at_idx\` ON \`_pages_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_updated_at_idx\` ON \`_pages_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`_pages_v_locales\` (
  	\`version_title\` text NOT NULL,
  	\`version_intro\` text,
  	\`version_body\` text,
  	\`version_seo_description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_pages_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`_pages_v_locales_locale_parent_id_unique\` ON \`_pages_v_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_site_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`version_brand\` text DEFAULT 'Las Golondrinas' NOT NULL,
  	\`version_contact_address\` text,
  	\`version_contact_phone\` text,
  	\`version_contact_email\` text,
  	\`version_contact_legal_name\` text,
  	\`version_contact_tax_id\` text,
  	\`version_boarding_point_id\` integer,
  	\`version_hero_image_id\` integer,
  	\`version_allowed_redirect_hosts\` text,
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`version_boarding_point_id\`) REFERENCES \`boarding_points\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`version_hero_image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`_site_v_version_version_boarding_point_idx\` ON \`_site_v\` (\`version_boarding_point_id\`);`)
  await db.run(sql`CREATE INDEX \`_site_v_version_version_hero_image_idx\` ON \`_site_v\` (\`version_hero_image_id\`);`)
  await db.run(sql`CREATE INDEX \`_site_v_created_at_idx\` ON \`_site_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_site_v_updated_at_idx\` ON \`_site_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`_site_v_locales\` (
  	\`version_slogan\` text,
  	\`version_history_title\` text,
  	\`version_history_text\` text,
  	\`version_opening_times\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_site_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`_site_v_locales_locale_parent_id_unique\` ON \`_site_v_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_home_v_version_gallery\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`image_id\` integer NOT NULL,
  	\`_uuid\` text,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_home_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_home_v_version_gallery_order_idx\` ON \`_home_v_version_gallery\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_home_v_version_gallery_parent_id_idx\` ON \`_home_v_version_gallery\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_home_v_version_gallery_image_idx\` ON \`_home_v_version_gallery\` (\`image_id\`);`)
  await db.run(sql`CREATE TABLE \`_home_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`_home_v_created_at_idx\` ON \`_home_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_home_v_updated_at_idx\` ON \`_home_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`_home_v_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`tours_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`_home_v\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`tours_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_home_v_rels_order_idx\` ON \`_home_v_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`_home_v_rels_parent_idx\` ON \`_home_v_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_home_v_rels_path_idx\` ON \`_home_v_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`_home_v_rels_tours_id_idx\` ON \`_home_v_rels\` (\`tours_id\`);`)
  await db.run(sql`ALTER TABLE \`site\` ADD \`allowed_redirect_hosts\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`_tours_v_version_includes\`;`)
  await db.run(sql`DROP TABLE \`_tours_v_version_languages_on_board\`;`)
  await db.run(sql`DROP TABLE \`_tours_v_version_gallery\`;`)
  await db.run(sql`DROP TABLE \`_tours_v_version_faq\`;`)
  await db.run(sql`DROP TABLE \`_tours_v\`;`)
  await db.run(sql`DROP TABLE \`_tours_v_locales\`;`)
  await db.run(sql`DROP TABLE \`_school_tours_v_version_programmes\`;`)
  await db.run(sql`DROP TABLE \`_school_tours_v_version_learning\`;`)
  await db.run(sql`DROP TABLE \`_school_tours_v_version_practical\`;`)
  await db.run(sql`DROP TABLE \`_school_tours_v_version_faq\`;`)
  await db.run(sql`DROP TABLE \`_school_tours_v\`;`)
  await db.run(sql`DROP TABLE \`_school_tours_v_locales\`;`)
  await db.run(sql`DROP TABLE \`_pages_v\`;`)
  await db.run(sql`DROP TABLE \`_pages_v_locales\`;`)
  await db.run(sql`DROP TABLE \`_site_v\`;`)
  await db.run(sql`DROP TABLE \`_site_v_locales\`;`)
  await db.run(sql`DROP TABLE \`_home_v_version_gallery\`;`)
  await db.run(sql`DROP TABLE \`_home_v\`;`)
  await db.run(sql`DROP TABLE \`_home_v_rels\`;`)
  await db.run(sql`ALTER TABLE \`site\` DROP COLUMN \`allowed_redirect_hosts\`;`)
}
