import { MigrateUpArgs, MigrateDownArgs } from '@payloadcms/db-sqlite'

// No schema change: five branches each committed migrations generated from their own starting
// point, so the newest JSON snapshot knew only its branch. This migration carries the snapshot of
// the merged schema (the .json beside it), so the next `npm run db:migrate:create` diffs against
// what the earlier migrations really built instead of re-creating their tables and columns.
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
