import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`tours_includes\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`item\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`tours_includes_order_idx\` ON \`tours_includes\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`tours_includes_parent_id_idx\` ON \`tours_includes\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`tours_includes_locale_idx\` ON \`tours_includes\` (\`_locale\`);`)
  await db.run(sql`CREATE TABLE \`tours_languages_on_board\` (
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`value\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`tours_languages_on_board_order_idx\` ON \`tours_languages_on_board\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`tours_languages_on_board_parent_idx\` ON \`tours_languages_on_board\` (\`parent_id\`);`)
  await db.run(sql`CREATE TABLE \`tours_gallery\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`image_id\` integer NOT NULL,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`tours_gallery_order_idx\` ON \`tours_gallery\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`tours_gallery_parent_id_idx\` ON \`tours_gallery\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`tours_gallery_image_idx\` ON \`tours_gallery\` (\`image_id\`);`)
  await db.run(sql`CREATE TABLE \`tours_faq\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`question\` text NOT NULL,
  	\`answer\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`tours_faq_order_idx\` ON \`tours_faq\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`tours_faq_parent_id_idx\` ON \`tours_faq\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`tours_faq_locale_idx\` ON \`tours_faq\` (\`_locale\`);`)
  await db.run(sql`CREATE TABLE \`school_tours_programmes\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`duration_minutes\` numeric NOT NULL,
  	\`departure\` text,
  	\`description\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`school_tours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`school_tours_programmes_order_idx\` ON \`school_tours_programmes\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`school_tours_programmes_parent_id_idx\` ON \`school_tours_programmes\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`school_tours_programmes_locale_idx\` ON \`school_tours_programmes\` (\`_locale\`);`)
  await db.run(sql`CREATE TABLE \`school_tours_learning\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`item\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`school_tours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`school_tours_learning_order_idx\` ON \`school_tours_learning\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`school_tours_learning_parent_id_idx\` ON \`school_tours_learning\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`school_tours_learning_locale_idx\` ON \`school_tours_learning\` (\`_locale\`);`)
  await db.run(sql`CREATE TABLE \`school_tours_practical\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`item\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`school_tours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`school_tours_practical_order_idx\` ON \`school_tours_practical\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`school_tours_practical_parent_id_idx\` ON \`school_tours_practical\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`school_tours_practical_locale_idx\` ON \`school_tours_practical\` (\`_locale\`);`)
  await db.run(sql`CREATE TABLE \`school_tours_faq\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`question\` text NOT NULL,
  	\`answer\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`school_tours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`school_tours_faq_order_idx\` ON \`school_tours_faq\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`school_tours_faq_parent_id_idx\` ON \`school_tours_faq\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`school_tours_faq_locale_idx\` ON \`school_tours_faq\` (\`_locale\`);`)
  await db.run(sql`CREATE TABLE \`media\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`url\` text,
  	\`thumbnail_u_r_l\` text,
  	\`filename\` text,
  	\`mime_type\` text,
  	\`filesize\` numeric,
  	\`width\` numeric,
  	\`height\` numeric,
  	\`focal_x\` numeric,
  	\`focal_y\` numeric,
  	\`sizes_card_url\` text,
  	\`sizes_card_width\` numeric,
  	\`sizes_card_height\` numeric,
  	\`sizes_card_mime_type\` text,
  	\`sizes_card_filesize\` numeric,
  	\`sizes_card_filename\` text,
  	\`sizes_hero_url\` text,
  	\`sizes_hero_width\` numeric,
  	\`sizes_hero_height\` numeric,
  	\`sizes_hero_mime_type\` text,
  	\`sizes_hero_filesize\` numeric,
  	\`sizes_hero_filename\` text
  );
  `)
  await db.run(sql`CREATE INDEX \`media_updated_at_idx\` ON \`media\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`media_created_at_idx\` ON \`media\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`media_filename_idx\` ON \`media\` (\`filename\`);`)
  await db.run(sql`CREATE INDEX \`media_sizes_card_sizes_card_filename_idx\` ON \`media\` (\`sizes_card_filename\`);`)
  await db.run(sql`CREATE INDEX \`media_sizes_hero_sizes_hero_filename_idx\` ON \`media\` (\`sizes_hero_filename\`);`)
  await db.run(sql`CREATE TABLE \`media_locales\` (
  	\`alt\` text NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`media_locales_locale_parent_id_unique\` ON \`media_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`past_images\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`key\` text NOT NULL,
  	\`year\` numeric NOT NULL,
  	\`image_id\` integer NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`past_images_key_idx\` ON \`past_images\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`past_images_image_idx\` ON \`past_images\` (\`image_id\`);`)
  await db.run(sql`CREATE INDEX \`past_images_updated_at_idx\` ON \`past_images\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`past_images_created_at_idx\` ON \`past_images\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`past_images_locales\` (
  	\`caption\` text NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`past_images\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`past_images_locales_locale_parent_id_unique\` ON \`past_images_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`pages\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`key\` text NOT NULL,
  	\`image_id\` integer,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`pages_key_idx\` ON \`pages\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`pages_image_idx\` ON \`pages\` (\`image_id\`);`)
  await db.run(sql`CREATE INDEX \`pages_updated_at_idx\` ON \`pages\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`pages_created_at_idx\` ON \`pages\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`pages_locales\` (
  	\`title\` text NOT NULL,
  	\`intro\` text,
  	\`body\` text,
  	\`seo_description\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`pages_locales_locale_parent_id_unique\` ON \`pages_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`site\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`brand\` text DEFAULT 'Las Golondrinas' NOT NULL,
  	\`contact_address\` text,
  	\`contact_phone\` text,
  	\`contact_email\` text,
  	\`contact_legal_name\` text,
  	\`contact_tax_id\` text,
  	\`boarding_point_id\` integer,
  	\`hero_image_id\` integer,
  	\`updated_at\` text,
  	\`created_at\` text,
  	FOREIGN KEY (\`boarding_point_id\`) REFERENCES \`boarding_points\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`hero_image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`site_boarding_point_idx\` ON \`site\` (\`boarding_point_id\`);`)
  await db.run(sql`CREATE INDEX \`site_hero_image_idx\` ON \`site\` (\`hero_image_id\`);`)
  await db.run(sql`CREATE TABLE \`site_locales\` (
  	\`slogan\` text,
  	\`history_title\` text,
  	\`history_text\` text,
  	\`opening_times\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`site\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`site_locales_locale_parent_id_unique\` ON \`site_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`home_gallery\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`image_id\` integer NOT NULL,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`home\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`home_gallery_order_idx\` ON \`home_gallery\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`home_gallery_parent_id_idx\` ON \`home_gallery\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`home_gallery_image_idx\` ON \`home_gallery\` (\`image_id\`);`)
  await db.run(sql`CREATE TABLE \`home\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`CREATE TABLE \`home_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`tours_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`home\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`tours_id\`) REFERENCES \`tours\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`home_rels_order_idx\` ON \`home_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`home_rels_parent_idx\` ON \`home_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`home_rels_path_idx\` ON \`home_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`home_rels_tours_id_idx\` ON \`home_rels\` (\`tours_id\`);`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_tours\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`slug\` text NOT NULL,
  	\`menu_key\` text NOT NULL,
  	\`kind\` text NOT NULL,
  	\`duration_minutes\` numeric NOT NULL,
  	\`menu_order\` numeric DEFAULT 100,
  	\`booking_mode\` text DEFAULT 'onRequest' NOT NULL,
  	\`booking_round_trip_adult\` numeric,
  	\`booking_round_trip_reduced\` numeric,
  	\`booking_round_trip_child\` numeric,
  	\`booking_one_way_available\` integer DEFAULT false,
  	\`booking_one_way_adult\` numeric,
  	\`booking_one_way_reduced\` numeric,
  	\`booking_one_way_child\` numeric,
  	\`booking_audio_guide_cents\` numeric DEFAULT 300 NOT NULL,
  	\`booking_boarding_minutes_before\` numeric DEFAULT 15 NOT NULL,
  	\`booking_booking_closes_minutes_before\` numeric DEFAULT 10 NOT NULL,
  	\`hero_image_id\` integer,
  	\`price_from_cents\` numeric,
  	\`boarding_point_id\` integer,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`hero_image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`boarding_point_id\`) REFERENCES \`boarding_points\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_tours\`("id", "slug", "menu_key", "kind", "duration_minutes", "menu_order", "booking_mode", "booking_round_trip_adult", "booking_round_trip_reduced", "booking_round_trip_child", "booking_one_way_available", "booking_one_way_adult", "booking_one_way_reduced", "booking_one_way_child", "booking_audio_guide_cents", "booking_boarding_minutes_before", "booking_booking_closes_minutes_before", "updated_at", "created_at") SELECT "id", "slug", "menu_key", "kind", "duration_minutes", "menu_order", "booking_mode", "booking_round_trip_adult", "booking_round_trip_reduced", "booking_round_trip_child", "booking_one_way_available", "booking_one_way_adult", "booking_one_way_reduced", "booking_one_way_child", "booking_audio_guide_cents", "booking_boarding_minutes_before", "booking_booking_closes_minutes_before", "updated_at", "created_at" FROM \`tours\`;`)
  await db.run(sql`DROP TABLE \`tours\`;`)
  await db.run(sql`ALTER TABLE \`__new_tours\` RENAME TO \`tours\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`tours_slug_idx\` ON \`tours\` (\`slug\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`tours_menu_key_idx\` ON \`tours\` (\`menu_key\`);`)
  await db.run(sql`CREATE INDEX \`tours_hero_image_idx\` ON \`tours\` (\`hero_image_id\`);`)
  await db.run(sql`CREATE INDEX \`tours_boarding_point_idx\` ON \`tours\` (\`boarding_point_id\`);`)
  await db.run(sql`CREATE INDEX \`tours_updated_at_idx\` ON \`tours\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`tours_created_at_idx\` ON \`tours\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`tours_locales\` ADD \`description\` text;`)
  await db.run(sql`ALTER TABLE \`tours_locales\` ADD \`departures_weekday\` text;`)
  await db.run(sql`ALTER TABLE \`tours_locales\` ADD \`departures_weekend\` text;`)
  await db.run(sql`ALTER TABLE \`tours_locales\` ADD \`audio_guide\` text;`)
  await db.run(sql`ALTER TABLE \`tours_locales\` ADD \`seo_title\` text;`)
  await db.run(sql`ALTER TABLE \`tours_locales\` ADD \`seo_description\` text;`)
  await db.run(sql`ALTER TABLE \`school_tours\` ADD \`hero_image_id\` integer REFERENCES media(id);`)
  await db.run(sql`ALTER TABLE \`school_tours\` ADD \`min_students\` numeric DEFAULT 40;`)
  await db.run(sql`ALTER TABLE \`school_tours\` ADD \`boarding_point_id\` integer REFERENCES boarding_points(id);`)
  await db.run(sql`CREATE INDEX \`school_tours_hero_image_idx\` ON \`school_tours\` (\`hero_image_id\`);`)
  await db.run(sql`CREATE INDEX \`school_tours_boarding_point_idx\` ON \`school_tours\` (\`boarding_point_id\`);`)
  await db.run(sql`ALTER TABLE \`school_tours_locales\` ADD \`description\` text;`)
  await db.run(sql`ALTER TABLE \`school_tours_locales\` ADD \`seo_title\` text;`)
  await db.run(sql`ALTER TABLE \`school_tours_locales\` ADD \`seo_description\` text;`)
  await db.run(sql`ALTER TABLE \`boats\` ADD \`photo_id\` integer REFERENCES media(id);`)
  await db.run(sql`CREATE INDEX \`boats_photo_idx\` ON \`boats\` (\`photo_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`media_id\` integer REFERENCES media(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`past_images_id\` integer REFERENCES past_images(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`pages_id\` integer REFERENCES pages(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_past_images_id_idx\` ON \`payload_locked_documents_rels\` (\`past_images_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_pages_id_idx\` ON \`payload_locked_documents_rels\` (\`pages_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`tours_includes\`;`)
  await db.run(sql`DROP TABLE \`tours_languages_on_board\`;`)
  await db.run(sql`DROP TABLE \`tours_gallery\`;`)
  await db.run(sql`DROP TABLE \`tours_faq\`;`)
  await db.run(sql`DROP TABLE \`school_tours_programmes\`;`)
  await db.run(sql`DROP TABLE \`school_tours_learning\`;`)
  await db.run(sql`DROP TABLE \`school_tours_practical\`;`)
  await db.run(sql`DROP TABLE \`school_tours_faq\`;`)
  await db.run(sql`DROP TABLE \`media\`;`)
  await db.run(sql`DROP TABLE \`media_locales\`;`)
  await db.run(sql`DROP TABLE \`past_images\`;`)
  await db.run(sql`DROP TABLE \`past_images_locales\`;`)
  await db.run(sql`DROP TABLE \`pages\`;`)
  await db.run(sql`DROP TABLE \`pages_locales\`;`)
  await db.run(sql`DROP TABLE \`site\`;`)
  await db.run(sql`DROP TABLE \`site_locales\`;`)
  await db.run(sql`DROP TABLE \`home_gallery\`;`)
  await db.run(sql`DROP TABLE \`home\`;`)
  await db.run(sql`DROP TABLE \`home_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_tours\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`slug\` text NOT NULL,
  	\`menu_key\` text NOT NULL,
  	\`kind\` text NOT NULL,
  	\`duration_minutes\` numeric NOT NULL,
  	\`menu_order\` numeric DEFAULT 100,
  	\`booking_mode\` text DEFAULT 'onRequest' NOT NULL,
  	\`booking_round_trip_adult\` numeric,
  	\`booking_round_trip_reduced\` numeric,
  	\`booking_round_trip_child\` numeric,
  	\`booking_one_way_available\` integer DEFAULT false,
  	\`booking_one_way_adult\` numeric,
  	\`booking_one_way_reduced\` numeric,
  	\`booking_one_way_child\` numeric,
  	\`booking_audio_guide_cents\` numeric DEFAULT 300 NOT NULL,
  	\`booking_boarding_minutes_before\` numeric DEFAULT 15 NOT NULL,
  	\`booking_booking_closes_minutes_before\` numeric DEFAULT 10 NOT NULL,
  	\`booking_boarding_point_id\` integer,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`booking_boarding_point_id\`) REFERENCES \`boarding_points\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_tours\`("id", "slug", "menu_key", "kind", "duration_minutes", "menu_order", "booking_mode", "booking_round_trip_adult", "booking_round_trip_reduced", "booking_round_trip_child", "booking_one_way_available", "booking_one_way_adult", "booking_one_way_reduced", "booking_one_way_child", "booking_audio_guide_cents", "booking_boarding_minutes_before", "booking_booking_closes_minutes_before", "booking_boarding_point_id", "updated_at", "created_at") SELECT "id", "slug", "menu_key", "kind", "duration_minutes", "menu_order", "booking_mode", "booking_round_trip_adult", "booking_round_trip_reduced", "booking_round_trip_child", "booking_one_way_available", "booking_one_way_adult", "booking_one_way_reduced", "booking_one_way_child", "booking_audio_guide_cents", "booking_boarding_minutes_before", "booking_booking_closes_minutes_before", "booking_boarding_point_id", "updated_at", "created_at" FROM \`tours\`;`)
  await db.run(sql`DROP TABLE \`tours\`;`)
  await db.run(sql`ALTER TABLE \`__new_tours\` RENAME TO \`tours\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`tours_slug_idx\` ON \`tours\` (\`slug\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`tours_menu_key_idx\` ON \`tours\` (\`menu_key\`);`)
  await db.run(sql`CREATE INDEX \`tours_booking_booking_boarding_point_idx\` ON \`tours\` (\`booking_boarding_point_id\`);`)
  await db.run(sql`CREATE INDEX \`tours_updated_at_idx\` ON \`tours\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`tours_created_at_idx\` ON \`tours\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_school_tours\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`slug\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_school_tours\`("id", "slug", "updated_at", "created_at") SELECT "id", "slug", "updated_at", "created_at" FROM \`school_tours\`;`)
  await db.run(sql`DROP TABLE \`school_tours\`;`)
  await db.run(sql`ALTER TABLE \`__new_school_tours\` RENAME TO \`school_tours\`;`)
  await db.run(sql`CREATE UNIQUE INDEX \`school_tours_slug_idx\` ON \`school_tours\` (\`slug\`);`)
  await db.run(sql`CREATE INDEX \`school_tours_updated_at_idx\` ON \`school_tours\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`school_tours_created_at_idx\` ON \`school_tours\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_boats\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`slug\` text NOT NULL,
  	\`length_meters\` numeric,
  	\`breadth_meters\` numeric,
  	\`launched_year\` numeric,
  	\`capacity\` numeric NOT NULL,
  	\`active\` integer DEFAULT true,
  	\`fleet_order\` numeric DEFAULT 100,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_boats\`("id", "name", "slug", "length_meters", "breadth_meters", "launched_year", "capacity", "active", "fleet_order", "updated_at", "created_at") SELECT "id", "name", "slug", "length_meters", "breadth_meters", "launched_year", "capacity", "active", "fleet_order", "updated_at", "created_at" FROM \`boats\`;`)
  await db.run(sql`DROP TABLE \`boats\`;`)
  await db.run(sql`ALTER TABLE \`__new_boats\` RENAME TO \`boats\`;`)
  await db.run(sql`CREATE UNIQUE INDEX \`boats_slug_idx\` ON \`boats\` (\`slug\`);`)
  await db.run(sql`CREATE INDEX \`boats_updated_at_idx\` ON \`boats\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`boats_created_at_idx\` ON \`boats\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`tours_id\` integer,
  	\`school_tours_id\` integer,
  	\`boats_id\` integer,
  	\`boarding_points_id\` integer,
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
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "tours_id", "school_tours_id", "boats_id", "boarding_points_id", "timetables_id", "departures_id", "bookings_id", "tickets_id", "payment_notifications_id", "requests_id", "email_log_id", "redirects_id", "users_id") SELECT "id", "order", "parent_id", "path", "tours_id", "school_tours_id", "boats_id", "boarding_points_id", "timetables_id", "departures_id", "bookings_id", "tickets_id", "payment_notifications_id", "requests_id", "email_log_id", "redirects_id", "users_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_tours_id_idx\` ON \`payload_locked_documents_rels\` (\`tours_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_school_tours_id_idx\` ON \`payload_locked_documents_rels\` (\`school_tours_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_boats_id_idx\` ON \`payload_locked_documents_rels\` (\`boats_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_boarding_points_id_idx\` ON \`payload_locked_documents_rels\` (\`boarding_points_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_timetables_id_idx\` ON \`payload_locked_documents_rels\` (\`timetables_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_departures_id_idx\` ON \`payload_locked_documents_rels\` (\`departures_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_bookings_id_idx\` ON \`payload_locked_documents_rels\` (\`bookings_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_tickets_id_idx\` ON \`payload_locked_documents_rels\` (\`tickets_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payment_notifications_id_idx\` ON \`payload_locked_documents_rels\` (\`payment_notifications_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_requests_id_idx\` ON \`payload_locked_documents_rels\` (\`requests_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_log_id_idx\` ON \`payload_locked_documents_rels\` (\`email_log_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_redirects_id_idx\` ON \`payload_locked_documents_rels\` (\`redirects_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`ALTER TABLE \`tours_locales\` DROP COLUMN \`description\`;`)
  await db.run(sql`ALTER TABLE \`tours_locales\` DROP COLUMN \`departures_weekday\`;`)
  await db.run(sql`ALTER TABLE \`tours_locales\` DROP COLUMN \`departures_weekend\`;`)
  await db.run(sql`ALTER TABLE \`tours_locales\` DROP COLUMN \`audio_guide\`;`)
  await db.run(sql`ALTER TABLE \`tours_locales\` DROP COLUMN \`seo_title\`;`)
  await db.run(sql`ALTER TABLE \`tours_locales\` DROP COLUMN \`seo_description\`;`)
  await db.run(sql`ALTER TABLE \`school_tours_locales\` DROP COLUMN \`description\`;`)
  await db.run(sql`ALTER TABLE \`school_tours_locales\` DROP COLUMN \`seo_title\`;`)
  await db.run(sql`ALTER TABLE \`school_tours_locales\` DROP COLUMN \`seo_description\`;`)
}
