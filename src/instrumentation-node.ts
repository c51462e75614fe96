/**
 * The Node.js half of instrumentation.ts (the file Next also compiles for the edge runtime, where
 * these Node APIs do not exist): kept apart so the edge build leaves it out instead of warning
 * about process.exit and process.on on every development start.
 */
export async function registerNode() {
  const { env } = await import('./lib/env');
  try {
    env();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  // Payload's PostgreSQL adapter rejects an internal promise nobody awaits when it cannot connect;
  // Node would end the process for it, so an instance started before its database died instead
  // of retrying. Log stray rejections; never die of them.
  process.on('unhandledRejection', (reason) => {
    console.error('Unhandled promise rejection:', reason instanceof Error ? reason.message : String(reason));
  });
  const { siteUrlProblems } = await import('./lib/env');
  const problems = siteUrlProblems(env());
  if (problems.length > 0) {
    const { logger } = await import('./lib/logger');
    for (const problem of problems) logger.error({ setting: 'SITE_URL' }, problem);
  }
  // The AEAT schema validator checks itself once, in the background: /healthz and the log say when
  // it cannot run (docs/decisions/160-schema-validator-in-the-build.md).
  void import('./invoicing/validator-health')
    .then(({ checkInvoicingValidator }) => checkInvoicingValidator())
    .catch((error: unknown) => {
      console.error('The AEAT schema check did not start:', error instanceof Error ? error.message : error);
    });
  const { JOBS_AUTORUN, ADMIN_EMAIL } = env();
  if (!JOBS_AUTORUN && !ADMIN_EMAIL) return;
  const [{ getPayload }, { default: config }, { retryWithBackoff }, { startTransactionReaper }] = await Promise.all([
    import('payload'),
    import('@payload-config'),
    import('./lib/retry'),
    import('./lib/jobs-guard'),
  ]);
  void retryWithBackoff(() => getPayload({ config, cron: true }), {
    onRetry: (error, delayMs) =>
      console.error(
        `Database not reachable (${error instanceof Error ? error.message : String(error)}); retrying in ${delayMs / 1000} s`,
      ),
  }).then(async (payload) => {
    startTransactionReaper(payload);
    if (!ADMIN_EMAIL) return;
    const { bootstrapAdmin } = await import('./security/admin-bootstrap');
    // A failure here (e.g. migrations not applied yet) must not keep the site down.
    await bootstrapAdmin(payload, ADMIN_EMAIL).catch((error: unknown) => {
      console.error('ADMIN_EMAIL: could not create the first user:', error instanceof Error ? error.message : error);
    });
  });
}
