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

import { audited, auditedGlobal } from './audit/collection-changes';
import { AuditLog } from './collections/AuditLog';
import { BoardingPoints } from './collections/BoardingPoints';
import { lockPayloadInternals } from './collections/access';
import { Boats } from './collections/Boats';
import { keptContent } from './collections/content-safety';
import { translateCollection, translateGlobal, translated } from './collections/labels';
import { Bookings } from './collections/Bookings';
import { Departures } from './collections/Departures';
import { EmailLog } from './collections/EmailLog';
import { Media } from './collections/Media';
import { Pages } from './collections/Pages';
import { BookingMoves } from './collections/BookingMoves';
import { PaymentEvents } from './collections/PaymentEvents';
import { PaymentNotifications } from './collections/PaymentNotifications';
import { PastImages } from './collections/PastImages';
import { Redirects } from './collections/Redirects';
import { Requests } from './collections/Requests';
import { ResellerWebhooks } from './collections/ResellerWebhooks';
import { Resellers } from './collections/Resellers';
import { Partners } from './collections/Partners';
import { PartnerCodes } from './collections/PartnerCodes';
import { Admissions } from './collections/Admissions';
import { SchoolTours } from './collections/SchoolTours';
import { Tickets } from './collections/Tickets';
import { Timetables } from './collections/Timetables';
import { ClosedDays } from './collections/ClosedDays';
import { withMadridDates } from './collections/madrid-dates';
import { Tours } from './collections/Tours';
import { Users } from './collections/Users';
import { Home } from './globals/Home';
import { OpsSettings } from './globals/OpsSettings';
import { Site } from './globals/Site';
import { adminTranslations } from './i18n/admin-translations';
import { defaultLocale, localeInfo, locales } from './i18n/locales';
import { env } from './lib/env';
import { guardJobsQueue, surviveLostConnections } from './lib/jobs-guard';
import { keepSqliteBusyTimeout, SQLITE_BUSY_TIMEOUT_MS } from './lib/sqlite-busy-timeout';
import { isJobsRunner } from './lib/jobs-leader';
import { wakeJobsOnCommit } from './lib/jobs-wake';
import { shopJobs } from './booking/jobs';
import { scheduleJobs } from './schedule/jobs';
import { mailAdapter } from './mail/adapter';
import { EMAIL_QUEUE, REQUEST_EMAIL_QUEUE } from './mail/queue';
import { sendEmailTask } from './mail/task';
import { sendSmsTask } from './sms';
import { registerSubscribers } from './subscribers';
import { invoicingJobs } from './invoicing/jobs';
import { noticeJobs } from './notices/jobs';
import { RESELLER_WEBHOOK_QUEUE, sendResellerWebhookTask } from './resellers/octo/jobs';
import { privacyJobs } from './privacy/jobs';
import { settlementJobs } from './operations/settlement-jobs';
import { ticketJobs } from './tickets/jobs';
import { WALLET_QUEUE, walletJobs } from './wallet/jobs';
import { keepPublicMessages } from './security/public-errors';

const dirname = path.dirname(fileURLToPath(import.meta.url));
const config = env();
const shop = shopJobs();

function database() {
  if (config.databaseKind === 'postgres') {
    return postgresAdapter({
      // Bounded per instance: N instances use at most N × 10 (+1 for the jobs leader's lock, and
      // +2 for the rate limits' own pool, src/lib/rate-limit.ts).
      pool: { connectionString: config.DATABASE_URL, max: 10, idleTimeoutMillis: 30_000 },
      migrationDir: path.resolve(dirname, 'migrations/postgres'),
      push: false,
    });
  }
  return sqliteAdapter({
    client: { url: config.DATABASE_URL },
    // The site, its jobs and a CLI run beside it (admin:create, reseller:create) share the file:
    // WAL lets readers and one writer go on together, and a writer waits for another instead of
    // failing at once with SQLITE_BUSY (the shop's own transactions set the same wait, db.ts).
    wal: true,
    busyTimeout: SQLITE_BUSY_TIMEOUT_MS,
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
    // Payload's own date displays (the edit page's "last modified"): 24-hour clock, as in Spain.
    dateFormat: 'd MMM yyyy, HH:mm',
    meta: { titleSuffix: ` · ${config.SITE_BRAND}` },
    // Component paths below are relative to src/.
    importMap: { baseDir: dirname },
    components: {
      // The day's screens (docs/decisions/080-ops-back-office.md): /admin is today's board.
      beforeNavLinks: ['/components/admin/OpsNavLinks#default'],
      // Signing out forgets the staff's phone app kept for offline use (src/components/staff-app);
      // Payload's toasts' region named in the staff's language.
      providers: [
        '/components/boarding/BoardingSignOut.client#BoardingSignOut',
        '/components/admin/FrameworkLabels.client#FrameworkLabels',
      ],
      views: {
        // No first user from the browser (docs/decisions/040-first-user.md): this screen says what to run.
        createFirstUser: { Component: '/components/admin/FirstUserNotice#FirstUserNotice' },
        dashboard: { Component: '/components/admin/TodayBoardView#default' },
        opsBookings: { Component: '/components/admin/BookingsView#default', path: '/ops/bookings', exact: true },
        opsBooking: {
          Component: '/components/admin/BookingView#default',
          path: '/ops/bookings/:reference',
          exact: true,
        },
        opsSell: { Component: '/components/admin/SellView#default', path: '/ops/sell', exact: true },
        opsCashUp: { Component: '/components/admin/CashUpView#default', path: '/ops/cash-up', exact: true },
        opsAudit: { Component: '/components/admin/AuditView#default', path: '/ops/audit', exact: true },
        opsTill: { Component: '/components/admin/TillView#default', path: '/ops/till', exact: true },
        opsTillSession: { Component: '/components/admin/TillView#default', path: '/ops/till/:id', exact: true },
        opsReports: { Component: '/components/admin/ReportsView#default', path: '/ops/reports', exact: true },
        opsInvoices: { Component: '/components/admin/InvoicesView#default', path: '/ops/invoices', exact: true },
        opsPrintTickets: {
          Component: '/components/admin/PrintTicketsView#default',
          path: '/ops/bookings/:reference/tickets',
          exact: true,
        },
        opsManifest: {
          Component: '/components/admin/ManifestView#default',
          path: '/ops/departures/:id/manifest',
          exact: true,
        },
      },
    },
  },
  // Labels in the staff's language: src/collections/labels.ts.
  collections: [
    // Content: kept while used, never deleted or edited in bulk (src/collections/content-safety.ts).
    keptContent(audited(Tours)),
    keptContent(audited(SchoolTours)),
    keptContent(audited(Boats)),
    keptContent(audited(BoardingPoints)),
    keptContent(audited(Media)),
    keptContent(audited(PastImages)),
    keptContent(audited(Pages)),
    keptContent(audited(Timetables)),
    keptContent(audited(ClosedDays)),
    audited(Departures),
    Bookings,
    Tickets,
    PaymentNotifications,
    PaymentEvents,
    BookingMoves,
    audited(Resellers),
    audited(Partners),
    PartnerCodes,
    Admissions,
    ResellerWebhooks,
    AuditLog,
    Requests,
    EmailLog,
    keptContent(audited(Redirects)),
    audited(Users),
  ]
    .map(withMadridDates)
    .map(translateCollection),
  globals: [auditedGlobal(Site), auditedGlobal(Home), auditedGlobal(OpsSettings)].map(translateGlobal),
  onInit: async (payload) => {
    // Every SQLite connection waits its turn for the write lock, not only the first one.
    const adapter = payload.db as unknown as { name: string; client?: Parameters<typeof keepSqliteBusyTimeout>[0] };
    if (adapter.name === 'sqlite' && adapter.client) await keepSqliteBusyTimeout(adapter.client);
    lockPayloadInternals(payload.config);
    // One claim of jobs at a time, and a failed job update gives its connection back (decision 124).
    guardJobsQueue(payload);
    // A committed job wakes its queue's runner at once, on this instance or the leader (decision 171).
    wakeJobsOnCommit(payload);
    // A lost PostgreSQL connection is logged, not the end of the process.
    surviveLostConnections(payload);
    // Domain events reach their subscribers wherever Payload runs: server, tests, CLI.
    registerSubscribers();
  },
  editor: lexicalEditor(),
  email: mailAdapter,
  jobs: {
    tasks: [
      ...shop.tasks,
      ...scheduleJobs(),
      ...ticketJobs().tasks,
      ...invoicingJobs().tasks,
      ...noticeJobs().tasks,
      ...privacyJobs().tasks,
      ...settlementJobs().tasks,
      sendEmailTask,
      sendSmsTask,
      sendResellerWebhookTask,
      ...walletJobs(),
    ],
    // In-process runner: each server instance polls the queues (src/instrumentation.ts starts
    // it). Payload marks a job as processing before running it; the e-mail log shows attempts.
    // The e-mail queue is silent: Payload's job logs print the job input, which holds personal
    // data; the mail task logs its own outcome without it.
    autoRun: config.JOBS_AUTORUN
      ? [
          ...shop.autoRun,
          { cron: '*/5 * * * * *', queue: EMAIL_QUEUE, limit: 20, silent: true },
          // Request mail runs on its own schedule, a few at a time: it never holds up tickets.
          { cron: '*/10 * * * * *', queue: REQUEST_EMAIL_QUEUE, limit: 5, silent: true },
          { cron: '*/10 * * * * *', queue: RESELLER_WEBHOOK_QUEUE, limit: 10 },
          { cron: '*/10 * * * * *', queue: WALLET_QUEUE, limit: 10 },
        ]
      : [],
    // Several instances on one PostgreSQL: only the advisory-lock holder runs jobs (decision 046).
    shouldAutoRun: isJobsRunner,
    // Only the leader runs jobs (decision 124): nobody runs, queues or cancels them over HTTP
    // (`/api/payload-jobs/run` and `/handle-schedules` answer 401), whatever their role. The app's
    // own code uses the local API, which does not ask.
    access: { run: () => false, queue: () => false, cancel: () => false },
    deleteJobOnComplete: true,
    jobsCollectionOverrides: ({ defaultJobsCollection }) => ({
      ...defaultJobsCollection,
      admin: { ...defaultJobsCollection.admin, hidden: false, group: translated('Operations') },
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
    // Payload's own texts where they are wrong, or cannot agree with our names (src/i18n/admin-translations.ts).
    translations: adminTranslations,
  },
  sharp,
  telemetry: false,
  graphQL: { disable: true },
  // A hook's public refusal keeps its message in the production build (src/security/public-errors.ts).
  hooks: { afterError: [keepPublicMessages] },
  // Types are generated on purpose (`npm run generate`) and committed. Payload's default spawns a
  // `payload generate:types` process at every start outside production: one per integration test
  // file and test instance, which cost the suite minutes of CPU and rewrote this file mid-typecheck.
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: false },
});
