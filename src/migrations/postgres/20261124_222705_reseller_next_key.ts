import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "resellers" ADD COLUMN "next_key_prefix" varchar;
  ALTER TABLE "resellers" ADD COLUMN "next_key_hash" varchar;
  CREATE UNIQUE INDEX "resellers_next_key_hash_idx" ON "resellers" USING btree ("next_key_hash");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "resellers_next_key_hash_idx";
  ALTER TABLE "resellers" DROP COLUMN "next_key_prefix";
  ALTER TABLE "resellers" DROP COLUMN "next_key_hash";`)
}
