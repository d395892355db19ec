import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** Every setting the server reads; README's configuration table and .env.example list the same (config-docs.spec.ts). */
export const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/kpi.sqlite')
    .refine((v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), 'must start with sqlite: or postgres://'),
  SQLITE_SYNCHRONOUS: z.enum(['full', 'normal'], { error: 'must be full or normal' }).default('full'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRES_IN: z.string().default('12h'),
  SUPERADMIN_EMAIL: z.email('must be an email address').optional(),
  SUPERADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  DEMO_SEED: boolFromEnv.optional(),
  LOGIN_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).default(30),
  EVENT_RETENTION_DAYS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(3650).default(30),
  AUDIT_RETENTION_DAYS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(36500).default(0),
  HANDSHAKE_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).default(120),
  REPLAY_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).default(30),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/, ]+|loopback|linklocal|uniquelocal)$/, 'must be true, false, a hop count or proxy addresses')
    .default('false'),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://kpi.example.com' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug'], { error: 'must be one of error, warn, log, debug' }).default('log'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  WEBHOOK_ALLOW_LOOPBACK: boolFromEnv.default(false),
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .regex(/^\d{1,6}(,\d{1,6}){0,19}$/, 'must be up to 20 whole numbers of seconds, separated by commas')
    .default('5,300,1800,7200,18000,36000,36000'),
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^/]+/, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('KPI Tracker <no-reply@localhost>'),
  MAIL_WORKERS: boolFromEnv.default(true),
});

/**
 * SQLite's `synchronous`: `full` (the default) syncs the WAL before a commit is acknowledged, so an acknowledged
 * write survives power loss; `normal` syncs at checkpoints only (faster; the last commits may be lost on power
 * loss, never on a crash of the process). docs/architecture.md, "Data".
 */
export type SqliteSynchronous = 'full' | 'normal';
export type DatabaseConfig = { driver: 'sqlite'; file: string; synchronous: SqliteSynchronous } | { driver: 'postgresql'; url: string };

export interface AppConfig {
  port: number;
  database: DatabaseConfig;
  dataDir: string;
  redisUrl?: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  superadmin?: { email: string; password: string };
  demoSeed: boolean;
  /** Failed sign-ins (and wall pairing codes, password links) per client address per minute. */
  loginRateLimit: number;
  /** Refused socket handshakes per client address, and handshakes per user, per minute. */
  handshakeRateLimit: number;
  replayRateLimit: number;
  /** Days the event log keeps events for replay (events/event-log-pruner.ts). */
  eventRetentionDays: number;
  /** Days the audit trail keeps entries (modules/audit/audit-pruner.ts); 0: kept for ever (docs/audit.md). */
  auditRetentionDays: number;
  /** Express `trust proxy`: which hops' X-Forwarded-For to believe for the client address (rate limits). */
  trustProxy: boolean | number | string;
  webDist: string;
  /** Where people reach the app: invitation and reset links, and the single sign-on return address. */
  publicUrl: string;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** Unset: pretty on a terminal, JSON lines otherwise. */
  logFormat?: 'json' | 'pretty';
  /** Development and tests only: webhooks may use http:// and loopback addresses (docs/webhooks.md). */
  webhookAllowLoopback: boolean;
  /** Seconds to wait after the 1st, 2nd… failed delivery; one failure more pauses the endpoint. */
  webhookRetryDelaysS: number[];
  /** Email (docs/notifications.md): unset `smtpUrl` writes .eml files to `{dataDir}/mail` instead of sending. */
  /** `workers`: this node runs the mail consumer, sender, digest and reminders (MAIL_WORKERS). */
  mail: { smtpUrl?: string; from: string; workers: boolean };
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (`SUPERADMIN_EMAIL=`) means unset.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.SUPERADMIN_EMAIL && !e.SUPERADMIN_PASSWORD) || (!e.SUPERADMIN_EMAIL && e.SUPERADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD must be set together');
  }
  if (e.DEMO_SEED === true && e.SUPERADMIN_EMAIL) {
    throw new ConfigError(
      'Invalid configuration:\n  DEMO_SEED=true cannot be combined with SUPERADMIN_EMAIL: a demo and its well-known accounts never sit beside a real superadmin',
    );
  }
  const database: DatabaseConfig = e.DATABASE_URL.startsWith('sqlite:')
    ? { driver: 'sqlite', file: e.DATABASE_URL === 'sqlite::memory:' ? ':memory:' : resolve(e.DATABASE_URL.slice('sqlite:'.length)), synchronous: e.SQLITE_SYNCHRONOUS }
    : { driver: 'postgresql', url: e.DATABASE_URL };
  const dataDir = database.driver === 'sqlite' && database.file !== ':memory:' ? dirname(database.file) : resolve('data');
  return {
    port: e.PORT,
    database,
    dataDir,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    superadmin: e.SUPERADMIN_EMAIL ? { email: e.SUPERADMIN_EMAIL.toLowerCase(), password: e.SUPERADMIN_PASSWORD! } : undefined,
    // The demo only where nobody configured a real superadmin; on PostgreSQL only when DEMO_SEED=true says so.
    demoSeed: e.DEMO_SEED ?? (database.driver === 'sqlite' && !e.SUPERADMIN_EMAIL),
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    handshakeRateLimit: e.HANDSHAKE_RATE_LIMIT,
    replayRateLimit: e.REPLAY_RATE_LIMIT,
    eventRetentionDays: e.EVENT_RETENTION_DAYS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    webDist: resolve(e.WEB_DIST ?? join(__dirname, '..', '..', '..', 'web', 'dist')),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webhookAllowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
    webhookRetryDelaysS: e.WEBHOOK_RETRY_DELAYS.split(',').map(Number),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, workers: e.MAIL_WORKERS },
  };
}

/** Without JWT_SECRET a secret is generated once and kept beside the data, so sign-ins survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
