// The Next.js configuration a production server runs with, taken from the build
// (docs/decisions/120-server-runs-the-built-config.md). Loading next.config.ts at start-up would
// make Next transpile it with SWC: its native compilers stay mapped for the life of the process,
// ~40 MB of the server's memory, to read a file the build has already read and written down.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The host Server Actions accept as their origin besides the request's own: the public site's
 * (for a proxy that rewrites Host). Shared with next.config.ts.
 * @param {string | undefined} siteUrl
 */
export function siteHost(siteUrl) {
  try {
    return new URL(siteUrl ?? 'http://localhost:3000').host;
  } catch {
    return 'localhost:3000';
  }
}

/**
 * The build's serialized configuration (`.next/required-server-files.json`, what Next's own
 * standalone server runs with), with what next.config.ts derives from the environment taken
 * from this server's environment rather than the build machine's.
 * @param {string} distDir
 * @param {{ SITE_URL?: string }} env
 */
export function builtNextConfig(distDir, env) {
  const { config } = JSON.parse(readFileSync(path.join(distDir, 'required-server-files.json'), 'utf8'));
  const serverActions = config.experimental?.serverActions ?? {};
  return {
    ...config,
    experimental: {
      ...config.experimental,
      serverActions: { ...serverActions, allowedOrigins: [siteHost(env.SITE_URL)] },
    },
  };
}
