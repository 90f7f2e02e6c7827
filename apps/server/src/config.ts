import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { invalidAllowHosts, type OutboundPolicy } from './kernel/messaging/outbound';
import { generateSecretsKey, parseSecretsKey } from './kernel/secrets/secret-box';
import type { S3Options } from './kernel/storage/s3-store';
import type { PaymentsConfig } from './modules/payments/providers/types';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SECRETS_KEY: optionalText.pipe(
    z.string().refine(isSecretsKey, 'must be 32 bytes as 64 hex characters or base64 (openssl rand -base64 32)').optional(),
  ),
  SECRETS_KEY_PREVIOUS: optionalText.pipe(
    z
      .string()
      .refine((v) => v.split(',').every((k) => isSecretsKey(k.trim())), 'must be keys like SECRETS_KEY, separated by commas')
      .optional(),
  ),
  PAYMENTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  PAYMENTS_RAZORPAY_URL: optionalText.pipe(z.url('must be an http:// or https:// URL').optional()),
  PAYMENTS_RAZORPAY_CHECKOUT_URL: optionalText.pipe(z.url('must be an http:// or https:// URL').optional()),
  PAYMENTS_PAYU_URL: optionalText.pipe(z.url('must be an http:// or https:// URL').optional()),
  PAYMENTS_PAYU_INFO_URL: optionalText.pipe(z.url('must be an http:// or https:// URL').optional()),
  PAYMENTS_STRIPE_URL: optionalText.pipe(z.url('must be an http:// or https:// URL').optional()),
  ADMIN_EMAIL: z.email().default('admin@atrium.local'),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SEED_COMMUNITY: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'must be a lowercase slug')
    .default('demo'),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Atrium <no-reply@atrium.local>'),
  PUBLIC_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/?#\s]+\/?$/, 'must be an http(s) address without a path, e.g. https://atrium.example.com')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(10),
  JOBS: z.enum(['on', 'off']).default('on'),
  // pg-boss refuses a heartbeat under 10 s.
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .regex(
        /^(false|\d{1,2}|[0-9a-fA-F:./,\s]+|loopback|linklocal|uniquelocal)$/,
        'must be false, a hop count, or proxy addresses/CIDRs separated by commas',
      )
      .optional(),
  ),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lowercase letters, digits, dots, dashes)')
      .optional(),
  ),
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(['true', 'false'], 'must be true or false').optional()),
  S3_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9!_.*'()/-]*\/$/, 'must be a key prefix ending in /')
      .optional(),
  ),
  OUTBOUND_ALLOW_HOSTS: optionalText.pipe(
    z
      .string()
      .refine(
        (v) => invalidAllowHosts(listOf(v)).length === 0,
        'must be host names or addresses, each with an optional :port, separated by commas',
      )
      .optional(),
  ),
  OUTBOUND_ALLOW_HTTP: optionalText.pipe(z.enum(['true', 'false'], 'must be true or false').optional()),
  BILLING_COUNTRY_HEADER: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/i, 'must be a header name such as cf-ipcountry')
      .optional(),
  ),
  AI_BASE_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) address such as https://api.openai.com/v1' }).optional(),
  ),
  AI_API_KEY: optionalText.pipe(z.string().max(500).optional()),
  AI_MODEL: optionalText.pipe(z.string().max(200).optional()),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  /** Encrypts credentials at rest (AES-256-GCM): SECRETS_KEY, or generated once into DATA_DIR outside production. */
  secretsKey: string;
  /** Older keys that still open what they sealed (rotation). */
  previousSecretsKeys: string[];
  /** Payment gateways' API addresses (overridable, e.g. for a sandbox proxy or tests) and their timeout. */
  payments: PaymentsConfig;
  adminEmail: string;
  adminPassword?: string;
  seedCommunity: string;
  smtpUrl?: string;
  /** The server's address as visitors reach it (links in mail); unset = the address each request came to. */
  publicUrl?: string;
  mailFrom: string;
  logLevel: string;
  maxUploadBytes: number;
  jobs: boolean;
  /**
   * A running job's heartbeat (JOB_HEARTBEAT_SECONDS): a job whose process stopped beating this long
   * is failed and retried by another process (checked every half of it).
   */
  jobHeartbeatSeconds: number;
  /**
   * Which proxies may set X-Forwarded-For (Fastify's trustProxy): false (the socket address is the
   * client), a hop count, or addresses/CIDRs.
   */
  trustProxy: boolean | number | string;
  /** Files in an S3-compatible bucket (S3_BUCKET set); unset = local disk in DATA_DIR/files. */
  s3?: S3Options;
  /**
   * Calls to addresses communities configure (SMS gateway, WhatsApp Graph address): public https
   * only, unless a host is allowed here (OUTBOUND_ALLOW_HOSTS) or plain http is (OUTBOUND_ALLOW_HTTP).
   */
  outbound: OutboundPolicy;
  /**
   * Billing: the request header a trusted proxy sets to the client's country (BILLING_COUNTRY_HEADER,
   * e.g. cf-ipcountry); unset = the offline GeoIP database, then the community's billing country.
   */
  billingCountryHeader?: string;
  /**
   * AI writing assistance (billing meters it against the community's AI credits): an OpenAI-compatible
   * chat-completions API (AI_BASE_URL, e.g. https://api.openai.com/v1; AI_API_KEY; AI_MODEL). Unset =
   * off, and the console hides its buttons. Called through `outbound` (a private address must be allowed).
   */
  ai?: { baseUrl: string; apiKey?: string; model: string };
  /** Embedded databases only: keep PGlite in memory (tests). */
  inMemory?: boolean;
  version: string;
};

export class ConfigError extends Error {}

function isSecretsKey(value: string): boolean {
  try {
    parseSecretsKey(value);
    return true;
  } catch {
    return false;
  }
}

/** Reads and validates the environment; the messages name the variable and what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production') {
    // Generated secrets would change with the data directory; a link built from a request's Host
    // header (mailed confirmation links) could be pointed elsewhere by whoever sends the request.
    const missing = (['JWT_SECRET', 'SECRETS_KEY', 'PUBLIC_URL'] as const).filter((name) => !e[name]);
    if (missing.length > 0)
      throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: required when NODE_ENV=production`).join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? overrides.jwtSecret ?? persistedSecret(dataDir),
    secretsKey: e.SECRETS_KEY ?? overrides.secretsKey ?? persistedSecret(dataDir, 'secrets-key', generateSecretsKey),
    previousSecretsKeys: (e.SECRETS_KEY_PREVIOUS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    payments: {
      timeoutMs: e.PAYMENTS_TIMEOUT_MS,
      razorpayUrl: e.PAYMENTS_RAZORPAY_URL,
      razorpayCheckoutUrl: e.PAYMENTS_RAZORPAY_CHECKOUT_URL,
      payuUrl: e.PAYMENTS_PAYU_URL,
      payuInfoUrl: e.PAYMENTS_PAYU_INFO_URL,
      stripeUrl: e.PAYMENTS_STRIPE_URL,
    },
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedCommunity: e.SEED_COMMUNITY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    jobs: e.JOBS === 'on',
    jobHeartbeatSeconds: e.JOB_HEARTBEAT_SECONDS,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    s3: s3Of(e),
    outbound: { allowHosts: listOf(e.OUTBOUND_ALLOW_HOSTS ?? ''), allowHttp: e.OUTBOUND_ALLOW_HTTP === 'true' },
    billingCountryHeader: e.BILLING_COUNTRY_HEADER?.toLowerCase(),
    ai: e.AI_BASE_URL && e.AI_MODEL ? { baseUrl: e.AI_BASE_URL.replace(/\/$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL } : undefined,
    version: readVersion(),
    ...overrides,
  };
}

function s3Of(e: z.infer<typeof envSchema>): S3Options | undefined {
  const others = (
    ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const
  ).filter((name) => e[name] !== undefined);
  if (!e.S3_BUCKET) {
    if (others.length > 0)
      throw new ConfigError(
        `Invalid configuration:\n  S3_BUCKET: required when ${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} set`,
      );
    return undefined;
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: required with ${missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}`,
    );
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    prefix: e.S3_PREFIX ?? '',
  };
}

const listOf = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

function trustProxyOf(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .join(',');
}

/** Outside production an unset JWT_SECRET (or SECRETS_KEY) is generated once and kept in DATA_DIR. */
function persistedSecret(dataDir: string, name = 'jwt-secret', generate = () => randomBytes(48).toString('base64url')): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = generate();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    return String(pkg.version);
  } catch {
    return '0.0.0';
  }
}
