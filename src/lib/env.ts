import { z } from 'zod';

import { parseRangeList } from '../security/ip-ranges';

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
    SITE_URL: z.url().optional(),
    /** The port this instance serves on (scripts/server.mjs sets it from -p); the local SITE_URL follows it. */
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    MEDIA_BASE_URL: z.url().optional(),
    SITE_BRAND: z.string().min(1).default('Las Golondrinas'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Run the jobs queue (e-mails, hold expiry, departure generation) inside this server process. */
    JOBS_AUTORUN: z
      .enum(['0', '1', 'true', 'false'])
      .default('1')
      .transform((v) => v === '1' || v === 'true'),
    /**
     * Wake the jobs runner the moment a job is committed (decision 171), the queue's tick staying as
     * the safety net. `0` leaves the ticks alone (an e-mail then waits up to the next tick).
     */
    JOBS_WAKE: z
      .enum(['0', '1', 'true', 'false'])
      .default('1')
      .transform((v) => v === '1' || v === 'true'),
    /** `sandbox` (default, refused in production) or `redsys`, which needs the REDSYS_* variables. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'redsys']).default('sandbox'),
    REDSYS_MERCHANT_CODE: z.string().optional(),
    REDSYS_TERMINAL: z.string().optional(),
    REDSYS_SECRET_KEY: z.string().optional(),
    REDSYS_ENVIRONMENT: z.enum(['test', 'production']).optional(),
    /** The sandbox gateway's own books (authorised orders, accepted refunds), one JSON file per order. */
    SANDBOX_GATEWAY_DIR: z.string().min(1).default('var/sandbox-gateway'),
    /** `outbox` (default: text files in SMS_OUTBOX_DIR) or `twilio` (needs the TWILIO_* variables). */
    SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
    SMS_OUTBOX_DIR: z.string().min(1).default('var/sms-outbox'),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be the Account SID (AC…)')
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
    /** The sender: a Twilio number in E.164 (+34…) or an alphanumeric sender id. */
    TWILIO_FROM: z.string().min(2).max(16).optional(),
    /** Hours after a departure's cancellation before visitors who have not chosen get a reminder. */
    DISRUPTION_REMINDER_HOURS: z.coerce.number().min(1).max(240).default(24),
    /** Where uploaded images are stored (relative to the app root or absolute); served by Payload. */
    MEDIA_DIR: z.string().min(1).default('var/media'),
    /** MET Norway Locationforecast "compact" endpoint (free for commercial use with a User-Agent). */
    WEATHER_API_URL: z.url().default('https://api.met.no/weatherapi/locationforecast/2.0/complete'),
    /** A slow weather service must not hold up a page: after this, the page says it is unavailable. */
    WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
    /** Raster tiles for the on-demand interactive map; {z}/{x}/{y} are filled by Leaflet. */
    MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_ATTRIBUTION: z
      .string()
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    ENABLE_TEST_ROUTES: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((v) => v === '1' || v === 'true'),
    /** smtp(s)://user:pass@host:port; unset = messages are written to MAIL_OUTBOX_DIR as .eml files. */
    SMTP_URL: z
      .string()
      .optional()
      .refine((v) => !v || /^smtps?:\/\//.test(v), { message: 'must be an smtp:// or smtps:// URL' }),
    MAIL_OUTBOX_DIR: z.string().min(1).default('var/outbox'),
    /** Sender of every message: a bare address; the display name is SITE_BRAND. */
    MAIL_FROM: z.email().default('no-reply@golondrinas.example'),
    /** Where visitors' requests go (school, group, contact). */
    OPERATOR_EMAIL: z.email().default('operator@golondrinas.example'),
    /**
     * Our reverse proxies (addresses or CIDR ranges, IPv4 and IPv6, comma-separated): only a
     * connection from one of them may name the client in X-Forwarded-For
     * (src/lib/client-ip.ts, docs/decisions/166-trusted-proxies.md). Empty: nobody may.
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const { ranges, invalid } = parseRangeList(value);
        for (const entry of invalid) {
          ctx.addIssue({
            code: 'custom',
            message: `"${entry}" is not an IP address or CIDR range (e.g. 10.0.0.5, 10.0.0.0/24, fd00::/8)`,
          });
        }
        return ranges;
      }),
    /**
     * Replaced by TRUSTED_PROXIES (decision 166). A count of hops let any client that reached an
     * instance directly choose its own address; a deployment still setting it must not start
     * believing it trusts its proxy while trusting nobody, or everybody.
     */
    TRUSTED_PROXY_HOPS: z
      .string()
      .optional()
      .refine((value) => value === undefined || value === '0', {
        message:
          "is no longer read: list your reverse proxies' addresses in TRUSTED_PROXIES instead (e.g. TRUSTED_PROXIES=127.0.0.1 when nginx runs on this machine; docs/decisions/166-trusted-proxies.md)",
      }),
    /** On start, when no back-office user exists, create this admin and print a one-time password. */
    ADMIN_EMAIL: z.email().optional(),
    /**
     * Set by scripts/server.mjs, never by hand: the per-process random name of the header in which
     * it passes the socket address to route handlers (docs/decisions/041-client-ip.md).
     */
    CLIENT_ADDRESS_HEADER: z
      .string()
      .regex(/^x-client-address-[0-9a-f]{16,64}$/)
      .optional(),
    /** Seats one visitor (an IP, and separately a browser) may hold at once across open holds. */
    HOLD_SEATS_PER_VISITOR: z.coerce.number().int().min(1).max(1000).default(20),
    /** Forms sent faster than this after the visitor started are refused as automated. */
    FORM_MIN_FILL_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
    /** Google Analytics 4 id (G-XXXXXXX). Unset: no analytics script is ever loaded. */
    GA_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'must look like G-XXXXXXX')
      .optional(),
    /** Where gtag.js is loaded from; tests point it at a local stub. */
    GTAG_SCRIPT_URL: z.url().default('https://www.googletagmanager.com/gtag/js'),
    /** The operator as invoices name it: legal name, Spanish tax id (NIF) and registered address. */
    INVOICE_ISSUER_NAME: z.string().min(1).max(120).default('Las Golondrinas (demo)'),
    /** Default: the AEAT's own test NIF, so local invoices can never be mistaken for real ones. */
    INVOICE_ISSUER_NIF: z
      .string()
      .regex(/^[0-9A-Z]{9}$/, 'must be a Spanish NIF: 9 characters, upper case')
      .default('89890001K'),
    INVOICE_ISSUER_ADDRESS: z.string().min(1).max(200).default('Moll de les Drassanes, s/n, 08039 Barcelona'),
    /** VAT on tickets when a tour does not set its own rate, in percent (passenger transport: 10). */
    INVOICE_VAT_PCT: z.coerce.number().min(0).max(100).default(10),
    /** VAT on the audio guide when a tour does not set its own rate, in percent. */
    INVOICE_AUDIO_GUIDE_VAT_PCT: z.coerce.number().min(0).max(100).default(21),
    /**
     * `verifactu`, the only mode this system supports: every record is sent to the AEAT. The other
     * mode (NO VERI*FACTU) needs each record signed (XAdES) and an event log, which it does not do
     * (docs/decisions/131-invoicing.md).
     */
    VERIFACTU_MODE: z
      .enum(['verifactu'], { message: 'only verifactu is supported (records are sent to the AEAT; decision 131)' })
      .default('verifactu'),
    /** Where records are sent: `sandbox` (default, the local AEAT; refused in production) or the AEAT's URL. */
    VERIFACTU_ENDPOINT: z
      .string()
      .default('sandbox')
      .refine((v) => v === 'sandbox' || /^https:\/\//.test(v), { message: 'must be sandbox or an https:// URL' }),
    /** The operator's certificate for the AEAT (PKCS#12 file) and its password. */
    VERIFACTU_CERT_PATH: z.string().min(1).optional(),
    VERIFACTU_CERT_PASSWORD: z.string().optional(),
    /** Who produces this billing software (SistemaInformatico); default: the operator itself. */
    VERIFACTU_PRODUCER_NAME: z.string().min(1).max(120).optional(),
    VERIFACTU_PRODUCER_NIF: z
      .string()
      .regex(/^[0-9A-Z]{9}$/)
      .optional(),
    /** NumeroInstalacion: tells this installation apart from the producer's others. */
    VERIFACTU_INSTALLATION: z.string().min(1).max(100).default('1'),
    /**
     * The producer's full postal address for contact, as the declaración responsable gives it
     * (Orden HAC/1177/2024 art. 15.1.j); default: the operator's, when the operator is the producer.
     */
    VERIFACTU_PRODUCER_ADDRESS: z.string().min(1).max(200).optional(),
    /**
     * Where and when the producer signed the declaración responsable of this version (art. 15.1.l):
     * a place ("Barcelona") and a date (YYYY-MM-DD). Required in production; a new version of the
     * system (SYSTEM_VERSION) is a new declaration with its own date.
     */
    VERIFACTU_DECLARATION_PLACE: z.string().min(1).max(120).optional(),
    VERIFACTU_DECLARATION_DATE: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
      .refine(
        (value) =>
          !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
          new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
        {
          message: 'is not a calendar date',
        },
      )
      .optional(),
    /**
     * Apple Wallet passes (src/wallet/): all of the pass type, team, certificate and WWDR set, or
     * no "Add to Apple Wallet" anywhere. The certificate is the operator's Pass Type ID
     * certificate with its private key, as PKCS#12 (.p12, with WALLET_APPLE_CERT_PASSWORD) or PEM
     * (certificate and key in one file); WWDR is Apple's intermediate certificate (PEM or DER).
     */
    WALLET_APPLE_PASS_TYPE_ID: z
      .string()
      .regex(/^pass\.[A-Za-z0-9.-]+$/, 'must be a Pass Type ID (pass.com.example.tickets)')
      .optional(),
    WALLET_APPLE_TEAM_ID: z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team identifier')
      .optional(),
    WALLET_APPLE_CERT_PATH: z.string().min(1).optional(),
    WALLET_APPLE_CERT_PASSWORD: z.string().optional(),
    WALLET_APPLE_WWDR_PATH: z.string().min(1).optional(),
    /** Where pass updates are pushed (APNs); tests point it at a local HTTP/2 server. */
    WALLET_APPLE_APNS_URL: z.url().default('https://api.push.apple.com'),
    /** Google Wallet: the issuer id and the service account's JSON key (a file path or the JSON itself). */
    WALLET_GOOGLE_ISSUER_ID: z
      .string()
      .regex(/^\d{10,25}$/, 'must be the numeric issuer id of the Google Wallet console')
      .optional(),
    WALLET_GOOGLE_SERVICE_ACCOUNT: z.string().min(1).optional(),
    /** The Google Wallet REST API and OAuth token endpoint; tests point them at a local server. */
    WALLET_GOOGLE_API_URL: z.url().default('https://walletobjects.googleapis.com'),
    WALLET_GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
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
    if (env.SMS_PROVIDER === 'twilio') {
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when SMS_PROVIDER=twilio' });
      }
    }
    if (env.VERIFACTU_PRODUCER_NAME && !env.VERIFACTU_PRODUCER_ADDRESS) {
      // Another producer than the operator: the operator's address would be the wrong one.
      ctx.addIssue({
        code: 'custom',
        path: ['VERIFACTU_PRODUCER_ADDRESS'],
        message:
          'is required with VERIFACTU_PRODUCER_NAME (the producer’s postal address, for the declaración responsable)',
      });
    }
    if (env.APP_ENV !== 'production') return;
    if (env.VERIFACTU_ENDPOINT === 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['VERIFACTU_ENDPOINT'],
        message: "is the local AEAT sandbox; production sends to the AEAT's URL (see docs/accounting.md)",
      });
    }
    if (env.VERIFACTU_ENDPOINT !== 'sandbox' && !env.VERIFACTU_CERT_PATH) {
      ctx.addIssue({
        code: 'custom',
        path: ['VERIFACTU_CERT_PATH'],
        message: "is required to send records to the AEAT (the operator's PKCS#12 certificate)",
      });
    }
    if (!env.PAYLOAD_SECRET || env.PAYLOAD_SECRET.length < 32) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYLOAD_SECRET'],
        message: 'is required in production: a random string of at least 32 characters (openssl rand -hex 32)',
      });
    }
  });

/** Every variable the app reads: docs/configuration.md lists exactly these (src/docs.test.ts checks it). */
export const variableNames: readonly string[] = Object.keys(schema.shape);

export type Env = Omit<z.infer<typeof schema>, 'PAYLOAD_SECRET' | 'MEDIA_BASE_URL' | 'SITE_URL'> & {
  PAYLOAD_SECRET: string;
  SITE_URL: string;
  MEDIA_BASE_URL: string;
  databaseKind: 'sqlite' | 'postgres';
};

const MUST_BE_SET_IN_PRODUCTION: readonly (readonly [string, string])[] = [
  ['SITE_URL', 'is required in production (e.g. https://example.com)'],
  ['SMTP_URL', 'is required in production (real mail delivery)'],
  ['MAIL_FROM', 'is required in production (real mail delivery)'],
  ['OPERATOR_EMAIL', 'is required in production (real mail delivery)'],
  ['INVOICE_ISSUER_NAME', 'is required in production (the name on every invoice)'],
  ['INVOICE_ISSUER_NIF', 'is required in production (the tax id on every invoice)'],
  ['INVOICE_ISSUER_ADDRESS', 'is required in production (the address on every invoice)'],
  ['VERIFACTU_DECLARATION_PLACE', 'is required in production (where the declaración responsable was signed)'],
  ['VERIFACTU_DECLARATION_DATE', 'is required in production (when the declaración responsable was signed)'],
];

export function parseEnv(rawSource: Record<string, string | undefined>): Env {
  // `NAME=` in an .env file (as in .env.example) means "not set", not "set to nothing".
  const source = Object.fromEntries(Object.entries(rawSource).filter(([, value]) => value !== ''));
  const result = schema.safeParse(source);
  // Variables with a local default that production must set on purpose: only the source can tell.
  const unsetInProduction =
    source.APP_ENV === 'production' ? MUST_BE_SET_IN_PRODUCTION.filter(([name]) => !source[name]) : [];
  if (!result.success || unsetInProduction.length > 0) {
    const issues = [
      ...(result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
      ...unsetInProduction.map(([path, message]) => ({ path, message })),
    ];
    const lines = issues.map((i) => `  - ${i.path || '(env)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example and docs/configuration.md.`);
  }
  const env = result.data;
  // Local and test runs serve on localhost, on the port actually served; production has been
  // required to set it above.
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    PAYLOAD_SECRET: env.PAYLOAD_SECRET ?? DEV_SECRET,
    SITE_URL: siteUrl,
    MEDIA_BASE_URL: (env.MEDIA_BASE_URL ?? `${siteUrl}/media`).replace(/\/$/, ''),
    databaseKind: env.DATABASE_URL.startsWith('file:') ? 'sqlite' : 'postgres',
  };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\])$/;

/**
 * What is wrong with SITE_URL for this deployment, reported at start (src/instrumentation.ts):
 * payment return URLs, e-mail links and canonical URLs are built from it, so a wrong value
 * breaks purchases without any error on the page.
 */
export function siteUrlProblems(config: Pick<Env, 'APP_ENV' | 'SITE_URL' | 'PORT'>): string[] {
  const url = new URL(config.SITE_URL);
  const problems: string[] = [];
  const loopback = LOOPBACK.test(url.hostname);
  if (config.APP_ENV === 'production') {
    if (loopback)
      problems.push(
        `SITE_URL (${config.SITE_URL}) points at this machine; visitors and the payment gateway cannot reach it`,
      );
    if (url.protocol !== 'https:')
      problems.push(`SITE_URL (${config.SITE_URL}) is not https; payments and cookies need https`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    problems.push(`SITE_URL (${config.SITE_URL}) must be an origin without a path, query or fragment`);
  }
  // Locally the site is reached directly, so a loopback SITE_URL must name the port we serve on.
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (loopback && port !== config.PORT) {
    problems.push(`SITE_URL (${config.SITE_URL}) names port ${port}, but this instance serves on port ${config.PORT}`);
  }
  return problems;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
