import { z } from 'zod';

/**
 * Every environment variable the app reads, validated once. Defaults make `npm start` work on a
 * fresh machine (SQLite file, sandbox payments, local outbox); production refuses to start
 * without the secrets it must not guess.
 */
const DEV_SECRET = 'dev-only-secret-do-not-use-in-production';

const schema = z
  .object({
    /** `production` is a real deployment: no guessed secrets, no sandbox payments. */
    APP_ENV: z.enum(['local', 'test', 'production']).default('local'),
    DATABASE_URL: z
      .string()
      .default('file:./var/data.db')
      .refine((v) => /^(file:|postgres(ql)?:\/\/)/.test(v), {
        message: 'must be a file: URL (SQLite) or a postgres:// URL',
      }),
    PAYLOAD_SECRET: z.string().optional(),
    SITE_URL: z.url().default('http://localhost:3000'),
    MEDIA_BASE_URL: z.url().optional(),
    SITE_BRAND: z.string().min(1).default('Las Golondrinas'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ENABLE_TEST_ROUTES: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((v) => v === '1' || v === 'true'),
    /** Google Analytics 4 id (G-XXXXXXX). Unset: no analytics script is ever loaded. */
    GA_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'must look like G-XXXXXXX')
      .optional(),
    /** Where gtag.js is loaded from; tests point it at a local stub. */
    GTAG_SCRIPT_URL: z.url().default('https://www.googletagmanager.com/gtag/js'),
    /** Space-separated origins checkout forms may post to (CSP form-action), besides ours. */
    PAYMENT_FORM_ORIGINS: z.string().default('https://sis-t.redsys.es:25443 https://sis.redsys.es'),
    /**
     * The nonce pages are rendered with; scripts/server.mjs derives it from PAYLOAD_SECRET and
     * swaps it per response (docs/decisions/030-csp.md). Unset (`next dev`): a fresh nonce per request.
     */
    CSP_RENDER_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9_-]{22}$/)
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV !== 'production') return;
    if (!env.PAYLOAD_SECRET || env.PAYLOAD_SECRET.length < 32) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYLOAD_SECRET'],
        message: 'is required in production: a random string of at least 32 characters (openssl rand -hex 32)',
      });
    }
    if (!process.env.SITE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message: 'is required in production (e.g. https://example.com)',
      });
    }
  });

export type Env = Omit<z.infer<typeof schema>, 'PAYLOAD_SECRET' | 'MEDIA_BASE_URL'> & {
  PAYLOAD_SECRET: string;
  MEDIA_BASE_URL: string;
  databaseKind: 'sqlite' | 'postgres';
};

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example and the README.`);
  }
  const env = result.data;
  return {
    ...env,
    PAYLOAD_SECRET: env.PAYLOAD_SECRET ?? DEV_SECRET,
    SITE_URL: env.SITE_URL.replace(/\/$/, ''),
    MEDIA_BASE_URL: (env.MEDIA_BASE_URL ?? `${env.SITE_URL.replace(/\/$/, '')}/media`).replace(/\/$/, ''),
    databaseKind: env.DATABASE_URL.startsWith('file:') ? 'sqlite' : 'postgres',
  };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
