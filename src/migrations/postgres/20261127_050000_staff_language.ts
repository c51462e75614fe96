import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-written: a staff member's back-office language lives on their account (it lived only in
// the browser's `payload-lng` cookie, so a fresh sign-in on the crew's phone showed the browser's
// language). Empty for existing accounts: they keep the cookie's, or the browser's, until set.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  DO $$ BEGIN
    CREATE TYPE "public"."enum_users_language" AS ENUM('ca', 'es', 'en', 'fr');
  EXCEPTION WHEN duplicate_object THEN NULL;
  END $$;
  ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "language" "enum_users_language";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "users" DROP COLUMN IF EXISTS "language";
  DROP TYPE IF EXISTS "public"."enum_users_language";`)
}
