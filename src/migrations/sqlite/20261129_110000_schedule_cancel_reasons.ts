import { MigrateUpArgs, MigrateDownArgs } from '@payloadcms/db-sqlite'

// Hand-written (docs/decisions/170-schedule-changes-are-disruptions.md): two more departure cancel
// reasons, `timetable` and `closedDay`. SQLite keeps a select as plain text with no CHECK, so its
// schema does not change; this entry keeps both adapters' migration lists alike.
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
