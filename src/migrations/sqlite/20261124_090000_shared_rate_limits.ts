import { MigrateUpArgs, MigrateDownArgs } from '@payloadcms/db-sqlite'

// No schema change: on the embedded SQLite default there is one instance, and its rate limits
// count in memory (decision 048). Kept so both adapters list the same migrations; PostgreSQL's
// twin creates the shared `rate_limits` table.
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
