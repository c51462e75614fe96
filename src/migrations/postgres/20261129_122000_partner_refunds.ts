import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "partners" ADD COLUMN "agreement_used_refundable" boolean DEFAULT false;
  ALTER TABLE "admissions" ADD COLUMN "refunded_at" timestamp(3) with time zone;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "partners" DROP COLUMN "agreement_used_refundable";
  ALTER TABLE "admissions" DROP COLUMN "refunded_at";`)
}
