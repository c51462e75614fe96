import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { postgresAdapter } from '@payloadcms/db-postgres';
import { sqliteAdapter } from '@payloadcms/db-sqlite';
import { lexicalEditor } from '@payloadcms/richtext-lexical';
import { ca } from '@payloadcms/translations/languages/ca';
import { en } from '@payloadcms/translations/languages/en';
import { es } from '@payloadcms/translations/languages/es';
import { fr } from '@payloadcms/translations/languages/fr';
import { buildConfig } from 'payload';
import sharp from 'sharp';

import { BoardingPoints } from './collections/BoardingPoints';
import { Boats } from './collections/Boats';
import { Bookings, PaymentNotifications, Tickets } from './collections/Bookings';
import { Departures } from './collections/Departures';
import { Redirects } from './collections/Redirects';
import { Timetables } from './collections/Timetables';
import { SchoolTours, Tours } from './collections/Tours';
import { Users } from './collections/Users';
import { defaultLocale, localeInfo, locales } from './i18n/locales';
import { env } from './lib/env';
import { shopJobs } from './booking/jobs';

const dirname = path.dirname(fileURLToPath(import.meta.url));
const config = env();

function database() {
  if (config.databaseKind === 'postgres') {
    return postgresAdapter({
      pool: { connectionString: config.DATABASE_URL, max: 10 },
      migrationDir: path.resolve(dirname, 'migrations/postgres'),
      push: false,
    });
  }
  return sqliteAdapter({
    client: { url: config.DATABASE_URL },
    migrationDir: path.resolve(dirname, 'migrations/sqlite'),
    push: false,
  });
}

export default buildConfig({
  serverURL: config.SITE_URL,
  secret: config.PAYLOAD_SECRET,
  admin: {
    user: Users.slug,
    meta: { titleSuffix: ` · ${config.SITE_BRAND}` },
  },
  collections: [
    Tours,
    SchoolTours,
    Boats,
    BoardingPoints,
    Timetables,
    Departures,
    Bookings,
    Tickets,
    PaymentNotifications,
    Redirects,
    Users,
  ],
  // The crons start only where getPayload is called with `cron: true` (src/lib/payload.ts, in the
  // Next server), never in CLI runs such as migrate or seed.
  jobs: shopJobs(config.JOBS_AUTORUN),
  editor: lexicalEditor(),
  db: database(),
  localization: {
    locales: locales.map((code) => ({ code, label: localeInfo[code].label })),
    defaultLocale,
    fallback: true,
  },
  i18n: {
    supportedLanguages: { ca, es, en, fr },
    fallbackLanguage: 'ca',
  },
  sharp,
  telemetry: false,
  graphQL: { disable: true },
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts') },
});
