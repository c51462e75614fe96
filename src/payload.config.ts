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
import { EmailLog } from './collections/EmailLog';
import { Media } from './collections/Media';
import { Pages } from './collections/Pages';
import { PastImages } from './collections/PastImages';
import { Redirects } from './collections/Redirects';
import { Requests } from './collections/Requests';
import { Timetables } from './collections/Timetables';
import { SchoolTours, Tours } from './collections/Tours';
import { Users } from './collections/Users';
import { Home } from './globals/Home';
import { Site } from './globals/Site';
import { defaultLocale, localeInfo, locales } from './i18n/locales';
import { env } from './lib/env';
import { shopJobs } from './booking/jobs';
import { mailAdapter } from './mail/adapter';
import { EMAIL_QUEUE } from './mail/queue';
import { sendEmailTask } from './mail/task';

const dirname = path.dirname(fileURLToPath(import.meta.url));
const config = env();
const shop = shopJobs();

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
  // Cookie-authenticated back-office requests are accepted only from our own origin (CSRF),
  // and no other origin may read the API with credentials.
  csrf: [config.SITE_URL],
  cors: [config.SITE_URL],
  admin: {
    user: Users.slug,
    // Payload's default would fetch staff avatars from Gravatar: a third-party request (and the
    // staff's e-mail hash) that the CSP blocks anyway.
    avatar: 'default',
    meta: { titleSuffix: ` · ${config.SITE_BRAND}` },
  },
  collections: [
    Tours,
    SchoolTours,
    Boats,
    BoardingPoints,
    Media,
    PastImages,
    Pages,
    Timetables,
    Departures,
    Bookings,
    Tickets,
    PaymentNotifications,
    Requests,
    EmailLog,
    Redirects,
    Users,
  ],
  globals: [Site, Home],
  editor: lexicalEditor(),
  email: mailAdapter,
  jobs: {
    tasks: [...shop.tasks, sendEmailTask],
    // In-process runner: each server instance polls the queues (src/instrumentation.ts starts
    // it). Payload marks a job as processing before running it; the e-mail log shows attempts.
    // The e-mail queue is silent: Payload's job logs print the job input, which holds personal
    // data; the mail task logs its own outcome without it.
    autoRun: config.JOBS_AUTORUN
      ? [...shop.autoRun, { cron: '*/5 * * * * *', queue: EMAIL_QUEUE, limit: 20, silent: true }]
      : [],
    deleteJobOnComplete: true,
    jobsCollectionOverrides: ({ defaultJobsCollection }) => ({
      ...defaultJobsCollection,
      admin: { ...defaultJobsCollection.admin, hidden: false, group: 'Operations' },
    }),
  },
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
