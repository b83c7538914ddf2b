import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from './db/timeouts';

/** The repository root, found from this file whether it runs from src/ (tsx) or dist/ (bundle). */
export const repoRoot = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'apps', 'server', 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const secret = (min: number) =>
  z
    .string()
    .min(min, { message: `must be at least ${min} characters long` })
    .optional();

/**
 * Every setting the server reads from the environment. Parsed once at start-up: a bad value
 * stops the server with a message naming the variable. Secrets come only from here.
 */
/**
 * Set to true by the server's bundle (build.mjs): a built server with NODE_ENV unset runs with
 * production settings; only `tsx` from the sources defaults to development.
 */
declare const __KAUNTI_BUILT__: boolean | undefined;
const BUILT = typeof __KAUNTI_BUILT__ !== 'undefined' && __KAUNTI_BUILT__ === true;

/**
 * TRUST_PROXY: which proxies may say who the client is (X-Forwarded-For / -Proto). A number is
 * how many proxy hops stand in front of the portal; otherwise a comma list of addresses or CIDR
 * ranges. Unset: none (the socket's address is the client's). Never every hop.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (/^\d+$/.test(value)) return Number(value);
    if (/^(true|yes|\*)$/i.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must name the proxy hops (a number) or addresses, never every hop',
      });
      return z.NEVER;
    }
    const list = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const bad = list.find((part) => !/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(part));
    if (bad || list.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a number of hops or a comma list of IP addresses / CIDR ranges',
      });
      return z.NEVER;
    }
    return list;
  });

/** A time limit in milliseconds, from the environment. */
const milliseconds = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number of milliseconds' })
    .int({ message: 'must be a whole number of milliseconds' })
    .positive({ message: 'must be a whole number of milliseconds' })
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default(BUILT ? 'production' : 'development'),
  HOST: z.string().min(1).optional(),
  PORT: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be between 1 and 65535' })
    .max(65535, { message: 'must be between 1 and 65535' })
    .default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url({ message: 'must be a full URL such as https://eservices.example.go.ke' }).optional(),
  KAUNTI_DATA_DIR: z.string().min(1).default('./data'),
  /** The county's slug: one of the profiles under core/county/counties (checked at start-up). */
  KAUNTI_COUNTY: z
    .string()
    .regex(/^[a-z][a-z-]{1,40}$/, { message: 'must be a county slug such as nairobi or mombasa' })
    .default('nairobi'),
  KAUNTI_DEMO_DATA: bool.optional(),
  KAUNTI_WEB_DIST: z.string().min(1).optional(),
  /** The web app's service worker (decision 039); false is the kill switch: every browser's is removed. */
  KAUNTI_SERVICE_WORKER: bool.optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  DATABASE_QUERY_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.queryMs),
  DATABASE_IDLE_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.idleMs),
  DATABASE_REPORT_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.reportMs),
  METRICS_TOKEN: z
    .string()
    .min(24, { message: 'must be at least 24 characters (it guards /metrics)' })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'must be a redis:// URL' })
    .optional(),
  JWT_SECRET: secret(32),
  SMS_DRIVER: z.enum(['outbox', 'africastalking']).optional(),
  AT_USERNAME: z.string().min(1).optional(),
  AT_API_KEY: secret(8),
  AT_SENDER_ID: z.string().min(1).optional(),
  AT_BASE_URL: z
    .url({ message: "must be a full URL, e.g. Africa's Talking's https://api.africastalking.com" })
    .optional(),
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number({ message: 'must be a whole number' })
    .int()
    .min(1, { message: 'must be at least 1' })
    .optional(),
  PASSWORD_HASH_QUEUE: z.coerce
    .number({ message: 'must be a whole number' })
    .int()
    .min(0, { message: 'must be 0 or more' })
    .default(64),
  UPLOAD_MAX_BYTES: z.coerce
    .number({ message: 'must be a whole number of bytes' })
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  STORAGE_DRIVER: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: z.url({ message: 'must be a full URL, e.g. https://s3.af-south-1.amazonaws.com' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be an S3 bucket name (3 to 63 lower-case letters, digits, dots, hyphens)',
    })
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  BILL_NO_PREFIX: z
    .string()
    .regex(/^[A-Z]{2,4}$/, {
      message: 'must be 2 to 4 capital letters (bill numbers are at most 12 characters)',
    })
    .optional(),
  MPESA_BASE_URL: z.url({ message: 'must be a full URL such as https://api.safaricom.co.ke' }).optional(),
  MPESA_CONSUMER_KEY: z.string().min(1).optional(),
  MPESA_CONSUMER_SECRET: secret(8),
  MPESA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, { message: 'must be a 5 to 7 digit shortcode' })
    .optional(),
  MPESA_PASSKEY: secret(8),
  MPESA_CALLBACK_SECRET: secret(24),
  /** The secret in the USSD gateway's callback path (`POST /api/ussd/{secret}`). */
  USSD_CALLBACK_SECRET: z
    .string()
    .min(16, { message: 'must be at least 16 characters long' })
    .max(100, { message: 'must be at most 100 characters long (it is part of a path)' })
    .optional(),
  /** The API operator (initiator) name and its encrypted password, for the transaction status query. */
  MPESA_INITIATOR: z.string().min(1).optional(),
  MPESA_SECURITY_CREDENTIAL: secret(16),
  MPESA_SIM: bool.optional(),
  /**
   * The most M-Pesa moves in one payment, in whole shillings (KES 150,000 under the 2023 limits;
   * Safaricom changes it): a larger bill is paid in parts, or at the bank with its invoice.
   */
  MPESA_MAX_PAYMENT: z.coerce
    .number({ message: 'must be a whole number of shillings' })
    .int({ message: 'must be a whole number of shillings' })
    .min(1, { message: 'must be at least 1' })
    .max(1_000_000, { message: 'must be at most 1000000' })
    .default(150_000),
  /**
   * Matching unmatched money above this many whole shillings needs a second revenue officer to
   * confirm it (four eyes). 0: every match does.
   */
  /** A payment plan of at most this many monthly instalments is granted at once (decision 037). */
  PAYMENT_PLAN_INSTANT_MONTHS: z.coerce
    .number({ message: 'must be a whole number of months' })
    .int({ message: 'must be a whole number of months' })
    .min(2, { message: 'must be 2 to 12' })
    .max(12, { message: 'must be 2 to 12' })
    .default(6),
  /** A payment plan of arrears up to this many whole shillings is granted at once (decision 037). */
  PAYMENT_PLAN_INSTANT_MAX: z.coerce
    .number({ message: 'must be a whole number of shillings' })
    .int({ message: 'must be a whole number of shillings' })
    .min(0, { message: 'must be 0 or more' })
    .default(200_000),
  REVENUE_SECOND_OFFICER_ABOVE: z.coerce
    .number({ message: 'must be a whole number of shillings' })
    .int({ message: 'must be a whole number of shillings' })
    .min(0, { message: 'must be 0 or more' })
    .default(10_000),
  SIGNING_KEYS: z.string().min(1).optional(),
  TRUST_PROXY: trustProxy.optional(),
  /** Development only: the SMS outbox route (`/api/dev/sms-outbox`). Refused in production. */
  KAUNTI_DEV_OUTBOX: bool.optional(),
  /** The callback secret being retired: accepted beside MPESA_CALLBACK_SECRET while Daraja's URLs move. */
  MPESA_CALLBACK_SECRET_PREVIOUS: secret(24),
});

export type Env = z.infer<typeof envSchema>;

/** The server's configuration, after defaults and derived values are applied. */
export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  publicUrl: string;
  dataDir: string;
  county: Env['KAUNTI_COUNTY'];
  demoData: boolean;
  webDist: string;
  /** Whether the web app runs its service worker (false: the kill switch, decision 039). */
  serviceWorker: boolean;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL pool limits: how long to wait for a connection, for a query's answer (also the
   * server-side statement_timeout), and how long an idle connection is kept. A request that
   * cannot get the database in time answers 503 with Retry-After, never a hang.
   */
  databaseTimeouts: DatabaseTimeouts;
  redisUrl: string | undefined;
  /** With it, `/metrics` (Prometheus) answers to `Authorization: Bearer <token>`; without it, there is none. */
  metricsToken: string | undefined;
  jwtSecret: string;
  sms: {
    driver: 'outbox' | 'africastalking';
    africasTalking: { username?: string; apiKey?: string; senderId?: string; baseUrl: string };
  };
  /** argon2id hashes at once, and how many may wait for a slot before sign-ins answer 503. */
  passwordWork: { concurrency: number; maxWaiting: number };
  uploads: { maxBytes: number; driver: 'local' | 's3'; dir: string; s3: S3Settings | undefined };
  /**
   * Bill numbers are this prefix + 8 digits: the M-Pesa account reference (at most 12
   * characters). Unset: the county profile's own prefix (Nairobi NCCB, Mombasa MCB).
   */
  billing: { billNoPrefix: string | undefined };
  mpesa: {
    baseUrl: string;
    consumerKey: string;
    consumerSecret: string;
    shortcode: string;
    passkey: string;
    callbackSecret: string;
    /** For the transaction status query (confirming paybill payments). */
    initiator: string;
    securityCredential: string;
    /** The retiring secret, still accepted during a rotation (MPESA_CALLBACK_SECRET_PREVIOUS). */
    previousCallbackSecret: string | undefined;
    /** True when the portal talks to the local simulator (tools/mpesa-sim), not Safaricom. */
    simulator: boolean;
    /** The most one M-Pesa payment moves, in cents (MPESA_MAX_PAYMENT). */
    maxPaymentCents: number;
  };
  /** Matching unmatched money above this (cents) needs a second revenue officer (REVENUE_SECOND_OFFICER_ABOVE). */
  revenue: { secondOfficerAboveCents: number };
  /** Payment plans granted at once within these (PAYMENT_PLAN_INSTANT_MONTHS, PAYMENT_PLAN_INSTANT_MAX); above, an officer decides. */
  paymentPlans: { instantMaxInstalments: number; instantMaxCents: number };
  /** Ed25519 signing keys for E-Verify as a JSON array of private JWKs (production), else generated. */
  signingKeys: string | undefined;
  /** Fastify's trustProxy: false, a number of hops, or the proxies' addresses / CIDR ranges. */
  trustProxy: false | number | string[];
  /** The development SMS outbox route is on (KAUNTI_DEV_OUTBOX=true, never in production). */
  devOutbox: boolean;
  /** The USSD gateway's path secret (USSD_CALLBACK_SECRET; generated in development). */
  ussdSecret: string;
}

/** Where the S3-compatible object store is (STORAGE_DRIVER=s3). */
export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** The names of every setting the server reads (a deployment file is checked against them). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Turns zod's issues into one line per bad variable, naming each one. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      return `  ${name}: ${issue.message}`;
    })
    .join('\n');
}

/**
 * Reads the configuration from an environment (process.env by default). Throws ConfigError
 * naming every bad variable. Outside production, a missing JWT secret or M-Pesa credential is
 * generated (and the JWT secret kept in the data directory so sessions survive a restart).
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${describeIssues(parsed.error)}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = isAbsolute(env.KAUNTI_DATA_DIR) ? env.KAUNTI_DATA_DIR : resolve(env.KAUNTI_DATA_DIR);
  const port = env.PORT;

  const missing: string[] = [];
  const need = (name: keyof Env, value: unknown, why: string) => {
    if (value === undefined) missing.push(`  ${name}: is required ${why}`);
  };
  if (isProduction) {
    for (const name of [
      'JWT_SECRET',
      'PUBLIC_URL',
      'SIGNING_KEYS',
      'MPESA_BASE_URL',
      'MPESA_CONSUMER_KEY',
      'MPESA_CONSUMER_SECRET',
      'MPESA_SHORTCODE',
      'MPESA_PASSKEY',
      'MPESA_CALLBACK_SECRET',
      'USSD_CALLBACK_SECRET',
      'MPESA_INITIATOR',
      'MPESA_SECURITY_CREDENTIAL',
    ] as const) {
      need(name, env[name], 'in production');
    }
  }
  if (isProduction && env.KAUNTI_DEV_OUTBOX) {
    missing.push('  KAUNTI_DEV_OUTBOX: must not be set in production (anyone could read the SMS codes)');
  }
  const smsDriver = env.SMS_DRIVER ?? (isProduction ? 'africastalking' : 'outbox');
  if (smsDriver === 'africastalking') {
    need('AT_USERNAME', env.AT_USERNAME, 'when SMS_DRIVER is africastalking');
    need('AT_API_KEY', env.AT_API_KEY, 'when SMS_DRIVER is africastalking');
  }
  if (env.STORAGE_DRIVER === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      need(name, env[name], 'when STORAGE_DRIVER is s3');
    }
  }
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);

  const simulator = env.MPESA_SIM ?? env.MPESA_BASE_URL === undefined;
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    port,
    logLevel: env.LOG_LEVEL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    county: env.KAUNTI_COUNTY,
    demoData: env.KAUNTI_DEMO_DATA ?? !isProduction,
    webDist: env.KAUNTI_WEB_DIST ? resolve(env.KAUNTI_WEB_DIST) : join(repoRoot, 'apps', 'web', 'dist'),
    serviceWorker: env.KAUNTI_SERVICE_WORKER ?? true,
    databaseUrl: env.DATABASE_URL,
    databaseTimeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      queryMs: env.DATABASE_QUERY_TIMEOUT_MS,
      idleMs: env.DATABASE_IDLE_TIMEOUT_MS,
      reportMs: env.DATABASE_REPORT_TIMEOUT_MS,
    },
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    jwtSecret: env.JWT_SECRET ?? devSecret(dataDir, 'jwt-secret', env.NODE_ENV),
    sms: {
      driver: smsDriver,
      africasTalking: {
        ...(env.AT_USERNAME === undefined ? {} : { username: env.AT_USERNAME }),
        ...(env.AT_API_KEY === undefined ? {} : { apiKey: env.AT_API_KEY }),
        ...(env.AT_SENDER_ID === undefined ? {} : { senderId: env.AT_SENDER_ID }),
        baseUrl: env.AT_BASE_URL ?? 'https://api.africastalking.com',
      },
    },
    passwordWork: {
      concurrency: env.PASSWORD_HASH_CONCURRENCY ?? Math.max(1, availableParallelism() - 1),
      maxWaiting: env.PASSWORD_HASH_QUEUE,
    },
    uploads: {
      maxBytes: env.UPLOAD_MAX_BYTES,
      driver: env.STORAGE_DRIVER,
      dir: join(dataDir, 'uploads'),
      s3:
        env.STORAGE_DRIVER === 's3'
          ? {
              endpoint: env.S3_ENDPOINT,
              bucket: env.S3_BUCKET!,
              region: env.S3_REGION ?? 'us-east-1',
              accessKeyId: env.S3_ACCESS_KEY_ID!,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
              forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
            }
          : undefined,
    },
    billing: { billNoPrefix: env.BILL_NO_PREFIX },
    mpesa: {
      baseUrl: (env.MPESA_BASE_URL ?? 'http://127.0.0.1:3100').replace(/\/+$/, ''),
      consumerKey: env.MPESA_CONSUMER_KEY ?? 'kaunti-sim-consumer-key',
      consumerSecret: env.MPESA_CONSUMER_SECRET ?? 'kaunti-sim-consumer-secret',
      shortcode: env.MPESA_SHORTCODE ?? '6060047',
      passkey: env.MPESA_PASSKEY ?? 'kaunti-sim-passkey',
      callbackSecret: env.MPESA_CALLBACK_SECRET ?? devSecret(dataDir, 'mpesa-callback-secret', env.NODE_ENV),
      previousCallbackSecret: env.MPESA_CALLBACK_SECRET_PREVIOUS,
      initiator: env.MPESA_INITIATOR ?? 'kaunti-sim-initiator',
      securityCredential: env.MPESA_SECURITY_CREDENTIAL ?? 'kaunti-sim-security-credential',
      simulator,
      maxPaymentCents: env.MPESA_MAX_PAYMENT * 100,
    },
    revenue: { secondOfficerAboveCents: env.REVENUE_SECOND_OFFICER_ABOVE * 100 },
    paymentPlans: {
      instantMaxInstalments: env.PAYMENT_PLAN_INSTANT_MONTHS,
      instantMaxCents: env.PAYMENT_PLAN_INSTANT_MAX * 100,
    },
    signingKeys: env.SIGNING_KEYS,
    trustProxy: env.TRUST_PROXY ?? false,
    devOutbox: env.KAUNTI_DEV_OUTBOX ?? false,
    ussdSecret: env.USSD_CALLBACK_SECRET ?? devSecret(dataDir, 'ussd-callback-secret', env.NODE_ENV),
  };
}

/**
 * A development-only secret: random, kept in the data directory so it survives restarts.
 * Tests get a fresh one in memory. Production never comes here (loadConfig demands the variable).
 */
function devSecret(dataDir: string, name: string, nodeEnv: Env['NODE_ENV']): string {
  if (nodeEnv === 'test') return randomBytes(32).toString('base64url');
  const file = join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}
