/**
 * Runs once when a server instance starts: a configuration error stops the instance at boot with
 * a readable message instead of failing on the first visitor's request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./lib/env');
  try {
    env();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (!env().JOBS_AUTORUN) return;
  const [{ getPayload }, { default: config }] = await Promise.all([import('payload'), import('@payload-config')]);
  await getPayload({ config, cron: true });
}
