/**
 * Runs once when a server instance starts: brings Payload up with its cron runner so queued
 * jobs (e-mails) are processed even while every page is served from cache.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./lib/env');
  if (!env().JOBS_AUTORUN) return;
  const [{ getPayload }, { default: config }] = await Promise.all([import('payload'), import('@payload-config')]);
  await getPayload({ config, cron: true });
}
