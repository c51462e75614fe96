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
    /** Run the jobs queue (hold expiry, departure generation) inside the Next server process. */
    JOBS_AUTORUN: z
      .enum(['0', '1', 'true', 'false'])
      .default('1')
      .transform((v) => v === '1' || v === 'true'),
    /** `sandbox` (default, refused in production) or `redsys`, which needs the REDSYS_* variables. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'redsys']).default('sandbox'),
    REDSYS_MERCHANT_CODE: z.string().optional(),
    REDSYS_TERMINAL: z.string().optional(),
    REDSYS_SECRET_KEY: z.string().optional(),
    REDSYS_ENVIRONMENT: z.enum(['test', 'production']).optional(),
    ENABLE_TEST_ROUTES: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((v) => v === '1' || v === 'true'),
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
