import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { PublicSettings } from '@portal/shared/schemas/settings';
import { productionPasswordCost, type PasswordCost } from './modules/accounts/passwords';

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A space- or comma-separated list of http(s) origins; empty by default. */
const origins = z
  .string()
  .default('')
  .transform((value) => value.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin)));

const secret = z.string().min(32, 'must be at least 32 characters');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** The schema owner, when the app runs as a role of its own (decision 0034): migrations run as it. */
  DATABASE_MIGRATION_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * `demo`: the demo catalogue into an empty database (and, embedded only, its demo students);
   * `demo-with-students`: the demo students too, on any database, asked for by name (they sign in with the
   * passwords README.md prints).
   */
  SEED: z.enum(['demo', 'demo-with-students', 'none']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => parseTrustProxy(value, context)),

  PASSWORD_PEPPER: secret.optional(),
  SESSION_SECRET: secret.optional(),
  CAPTCHA_HMAC_KEY: secret.optional(),
  /** The bearer token /metrics answers to; without it, /metrics answers no one. */
  METRICS_TOKEN: secret.optional(),
  /** argon2id's memory (KiB) and passes for new password hashes; OWASP's 19 MiB and 2 unless told. */
  PASSWORD_HASH_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(8)
    .max(4 * 1024 * 1024)
    .default(productionPasswordCost.memoryKib),
  PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(100).default(productionPasswordCost.passes),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  /** How long a replaced or discarded upload stays in the store: at least the backup interval (decision 0040). */
  FILE_GRACE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(48),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(24),
  VERIFY_TOKEN_HOURS: z.coerce.number().int().min(1).default(24),
  RESET_TOKEN_MINUTES: z.coerce.number().int().min(5).default(60),

  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Student Portal <no-reply@localhost>'),

  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** How long a rate-limit command waits for Redis before the instance counts locally (decision 0037). */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(250),

  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The largest lecture video the console uploads (decision 0024); 4 GiB unless told. */
  VIDEO_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 ** 3),

  KUICKPAY_PREFIX: z
    .string()
    .regex(/^\d{5}$/, 'must be 5 digits')
    .default('73150'),
  KUICKPAY_USERNAME: z.string().min(1).optional(),
  KUICKPAY_PASSWORD: z.string().min(1).optional(),

  HELPLINE_NUMBER: z.string().min(3).default('+92 21 111 000 000'),
  SUPPORT_EMAIL: z.email().default('support@example.pk'),
  HOW_IT_WORKS_URL: z
    .url()
    .default('https://www.youtube.com/results?search_query=student+portal+how+it+works'),
  PROFILE_EDIT_ENABLED: boolean.default(true),
  DEV_MAILBOX: boolean.optional(),
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /** Hosts of lecture videos and textbook covers (space- or comma-separated origins), added to the CSP. */
  CONTENT_ORIGINS: origins,
  /** Hosts whose maps a branch may embed (space- or comma-separated origins), added to the CSP's frame-src. */
  MAP_ORIGINS: origins,
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Where PGlite keeps its files (DATA_DIR/pg); the tests use an in-memory database ('memory://'). */
  pgliteDir: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  databaseMigrationUrl: string | undefined;
  databasePoolSize: number;
  /** How long a query waits for a pooled connection before the call answers 503. */
  databaseConnectTimeoutMs: number;
  embedded: boolean;
  seed: 'demo' | 'demo-with-students' | 'none';
  logLevel: string;
  metricsToken: string | undefined;
  /** The addresses of the proxies in front, whose X-Forwarded-For is believed (decision 0005). */
  trustProxy: false | string;
  secrets: { passwordPepper: string; sessionSecret: string; captchaHmacKey: string; adminToken: string };
  /** The work of each new password hash (the tests lower it; production keeps OWASP's). */
  passwordCost: PasswordCost;
  session: { idleMinutes: number; maxHours: number };
  tokens: { verifyHours: number; resetMinutes: number };
  mail: { smtpUrl: string | undefined; from: string };
  /** GET /dev/mailbox: on by default only in embedded mode without SMTP. */
  devMailbox: boolean;
  redisUrl: string | undefined;
  redisCommandTimeoutMs: number;
  s3:
    | { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string }
    | undefined;
  kuickpay: { prefix: string; username: string | undefined; password: string | undefined };
  /** The public settings (GET /public/settings), as publicSettingsSchema describes them. */
  public: PublicSettings;
  profileEditEnabled: boolean;
  /** The captcha's work: the browser tries on average half this many hashes. */
  captchaMaxNumber: number;
  /** Origins the pages may load videos and images from besides their own (CONTENT_ORIGINS). */
  contentOrigins: string[];
  /** The largest lecture video an upload may be, in bytes. */
  videoUploadMaxBytes: number;
  /**
   * How long a file no row names any more (a replaced photo, an interrupted upload) stays in the store before
   * the sweeper deletes it: a database restored from a backup that young still finds every file it names.
   */
  fileGraceHours: number;
}

export class ConfigError extends Error {}

const secretNames = {
  passwordPepper: 'PASSWORD_PEPPER',
  sessionSecret: 'SESSION_SECRET',
  captchaHmacKey: 'CAPTCHA_HMAC_KEY',
} as const;

/**
 * Reads every setting once, at start-up. A bad value stops the server with a message naming the variable.
 * In embedded mode (no DATABASE_URL) missing secrets are generated once into DATA_DIR/secrets.json; with
 * DATABASE_URL several instances share one database, so each secret must be given.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const embedded = env.DATABASE_URL === undefined;
  // npm runs workspace scripts in the workspace folder; a relative DATA_DIR means the folder npm was run from.
  const dataDir = resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR);

  const s3Values = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3Values.some(Boolean) && !s3Values.every(Boolean)) {
    throw new ConfigError(
      'Invalid settings: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }

  const secrets = resolveSecrets(env, embedded, dataDir);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    pgliteDir: join(dataDir, 'pg'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    embedded,
    seed: env.SEED ?? (embedded ? 'demo' : 'none'),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    secrets,
    passwordCost: { memoryKib: env.PASSWORD_HASH_MEMORY_KIB, passes: env.PASSWORD_HASH_PASSES },
    session: { idleMinutes: env.SESSION_IDLE_MINUTES, maxHours: env.SESSION_MAX_HOURS },
    tokens: { verifyHours: env.VERIFY_TOKEN_HOURS, resetMinutes: env.RESET_TOKEN_MINUTES },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    devMailbox: env.DEV_MAILBOX ?? (embedded && env.SMTP_URL === undefined),
    redisUrl: env.REDIS_URL,
    redisCommandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            region: env.S3_REGION,
          }
        : undefined,
    kuickpay: {
      prefix: env.KUICKPAY_PREFIX,
      // Embedded mode has demo credentials (derived from its generated secrets) so that
      // `voucher:simulate-payment` works out of the box; with DATABASE_URL they must be given.
      username: env.KUICKPAY_USERNAME ?? (embedded ? 'kuickpay-demo' : undefined),
      password: env.KUICKPAY_PASSWORD ?? (embedded ? secrets.adminToken.slice(0, 24) : undefined),
    },
    public: {
      helplineNumber: env.HELPLINE_NUMBER,
      supportEmail: env.SUPPORT_EMAIL,
      howItWorksUrl: env.HOW_IT_WORKS_URL,
      mapOrigins: env.MAP_ORIGINS,
    },
    profileEditEnabled: env.PROFILE_EDIT_ENABLED,
    captchaMaxNumber: env.CAPTCHA_MAX_NUMBER,
    contentOrigins: env.CONTENT_ORIGINS,
    videoUploadMaxBytes: env.VIDEO_UPLOAD_MAX_BYTES,
    fileGraceHours: env.FILE_GRACE_HOURS,
  };
}

/** proxy-addr's names for address ranges, which Fastify accepts beside addresses and CIDR blocks. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: the addresses of the proxies in front of the portal (`127.0.0.1` for an nginx on the same
 * host, `10.1.0.0/16` for a load balancer's subnet). The client's address is then the one the nearest proxy
 * wrote into `X-Forwarded-For`. Refused (decision 0005): `true`, which takes the leftmost address, written by
 * the client itself; and a hop count, which cannot tell a proxy from a client that connects directly
 * (Fastify trusts no hop for a count, so every client would share the proxy's address).
 */
function parseTrustProxy(value: string | undefined, context: z.RefinementCtx): false | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  const refuse = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (text === 'true')
    return refuse(
      "true would let any client choose its own address (X-Forwarded-For); give the proxies' addresses",
    );
  if (/^\d+$/.test(text))
    return refuse("a hop count cannot tell a proxy from a client; give the proxies' addresses");
  const entries = text.split(/[\s,]+/).filter(Boolean);
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined) return refuse(`${wrong} is not an address or a CIDR block`);
  return entries.join(',');
}

function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

function resolveSecrets(
  env: z.infer<typeof envSchema>,
  embedded: boolean,
  dataDir: string,
): Config['secrets'] {
  const given = {
    passwordPepper: env.PASSWORD_PEPPER,
    sessionSecret: env.SESSION_SECRET,
    captchaHmacKey: env.CAPTCHA_HMAC_KEY,
  };
  const missing = (Object.keys(given) as (keyof typeof given)[]).filter((key) => !given[key]);
  // The admin token only opens the loopback admin call of an embedded server; with DATABASE_URL the
  // staff command line opens the database itself and no token exists.
  if (missing.length === 0 && !embedded)
    return { ...(given as Omit<Config['secrets'], 'adminToken'>), adminToken: '' };
  if (!embedded) {
    throw new ConfigError(
      `Missing settings: ${missing.map((key) => secretNames[key]).join(', ')} must be set when DATABASE_URL is set`,
    );
  }
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<Config['secrets']> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Config['secrets']>;
  let changed = false;
  for (const key of [...missing, 'adminToken' as const]) {
    if (!stored[key]) {
      stored[key] = randomBytes(32).toString('base64url');
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    passwordPepper: given.passwordPepper ?? stored.passwordPepper!,
    sessionSecret: given.sessionSecret ?? stored.sessionSecret!,
    captchaHmacKey: given.captchaHmacKey ?? stored.captchaHmacKey!,
    adminToken: stored.adminToken!,
  };
}
