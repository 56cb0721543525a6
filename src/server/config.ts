// Server configuration from the environment, parsed once with zod; a bad value stops start-up.
import { resolve } from 'node:path';
import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const boolean = (name: string) =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), {
      error: `${name} must be true or false`,
    })
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: `${name} must be an integer between ${min} and ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, {
      error: `${name} must be an integer between ${min} and ${max}`,
    });

/** false | true | hop count | comma-separated proxy addresses/CIDRs (Fastify's trustProxy). */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string[] => {
    const lower = v.toLowerCase();
    if (['false', '0', 'no', ''].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return true;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every((s) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s))) return list;
    ctx.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY must be false, true, a hop count or a comma-separated list of proxy IPs/CIDRs',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  PORT: integer('PORT', 0, 65535).default(3000),
  HOST: z.string().trim().min(1, { error: 'HOST must not be empty' }).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, { error: 'DATA_DIR must not be empty' }).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, {
      error: 'DATABASE_URL must be a postgres:// or postgresql:// connection URL',
    })
    .optional(),
  DATABASE_POOL_SIZE: integer('DATABASE_POOL_SIZE', 1, 1000).default(10),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: trustProxy.default(false),
  SEED_DEMO: boolean('SEED_DEMO').default(true),
  LOGIN_RATE_LIMIT_IP: integer('LOGIN_RATE_LIMIT_IP', 0, 1_000_000).default(50),
  LOGIN_RATE_LIMIT_EMAIL: integer('LOGIN_RATE_LIMIT_EMAIL', 0, 1_000_000).default(10),
  LOGIN_RATE_LIMIT_EMAIL_GLOBAL: integer('LOGIN_RATE_LIMIT_EMAIL_GLOBAL', 0, 1_000_000).default(
    100,
  ),
  LOGIN_RATE_LIMIT_ATTEMPTS_IP: integer('LOGIN_RATE_LIMIT_ATTEMPTS_IP', 0, 1_000_000).default(200),
  LOGIN_RATE_LIMIT_ACCOUNT: integer('LOGIN_RATE_LIMIT_ACCOUNT', 0, 1_000_000).default(30),
  SESSIONS_PER_USER: integer('SESSIONS_PER_USER', 0, 10_000).default(10),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: integer('LOGIN_RATE_LIMIT_WINDOW_SECONDS', 1, 86_400).default(
    900,
  ),
  REGISTER_RATE_LIMIT_IP: integer('REGISTER_RATE_LIMIT_IP', 0, 1_000_000).default(20),
  REGISTER_RATE_LIMIT_WINDOW_SECONDS: integer(
    'REGISTER_RATE_LIMIT_WINDOW_SECONDS',
    1,
    86_400,
  ).default(3600),
  DOG_WRITE_RATE_LIMIT_USER: integer('DOG_WRITE_RATE_LIMIT_USER', 0, 1_000_000).default(60),
  DOG_WRITE_RATE_LIMIT_IP: integer('DOG_WRITE_RATE_LIMIT_IP', 0, 1_000_000).default(200),
  DOG_WRITE_RATE_LIMIT_WINDOW_SECONDS: integer(
    'DOG_WRITE_RATE_LIMIT_WINDOW_SECONDS',
    1,
    86_400,
  ).default(3600),
  DOG_LIST_CACHE_MS: integer('DOG_LIST_CACHE_MS', 0, 60_000).default(1000),
  STATIC_DIR: z.string().trim().min(1, { error: 'STATIC_DIR must not be empty' }).optional(),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean | number | string[];
  seedDemo: boolean;
  /** How long a dog list page may be reused; 0 disables the cache. */
  dogListCacheMs: number;
  /** Absolute path of the built app when STATIC_DIR is set (scripts/start.mjs builds into it). */
  staticDir: string | undefined;
  /** Live sessions kept per user; a new login ends the oldest beyond it. 0: no cap. */
  sessionsPerUser: number;
  rateLimits: {
    // For every count below, 0 disables that limit.
    /** Failed logins per IP (any e-mail). */
    loginPerIp: number;
    /** Failed logins per e-mail from one IP. */
    loginPerEmail: number;
    /** Failed logins per e-mail from all IPs before it counts as under attack. */
    loginPerEmailGlobal: number;
    /** Login attempts per IP, successful or not. */
    loginAttemptsPerIp: number;
    /** Successful logins per account. */
    loginPerAccount: number;
    loginWindowMs: number;
    registerPerIp: number;
    registerWindowMs: number;
    /** Dog creations, edits and deletions per user and per IP. */
    dogWritePerUser: number;
    dogWritePerIp: number;
    dogWriteWindowMs: number;
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "use the default", as in most twelve-factor apps.
  const input: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const message = issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
    // Never echo DATABASE_URL: it may hold a password.
    const got = name === 'DATABASE_URL' ? '' : ` (got ${JSON.stringify(input[name] ?? '')})`;
    throw new ConfigError(`Invalid configuration: ${message}${got}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    dogListCacheMs: e.DOG_LIST_CACHE_MS,
    staticDir: e.STATIC_DIR === undefined ? undefined : resolve(e.STATIC_DIR),
    sessionsPerUser: e.SESSIONS_PER_USER,
    rateLimits: {
      loginPerIp: e.LOGIN_RATE_LIMIT_IP,
      loginPerEmail: e.LOGIN_RATE_LIMIT_EMAIL,
      loginPerEmailGlobal: e.LOGIN_RATE_LIMIT_EMAIL_GLOBAL,
      loginAttemptsPerIp: e.LOGIN_RATE_LIMIT_ATTEMPTS_IP,
      loginPerAccount: e.LOGIN_RATE_LIMIT_ACCOUNT,
      loginWindowMs: e.LOGIN_RATE_LIMIT_WINDOW_SECONDS * 1000,
      registerPerIp: e.REGISTER_RATE_LIMIT_IP,
      registerWindowMs: e.REGISTER_RATE_LIMIT_WINDOW_SECONDS * 1000,
      dogWritePerUser: e.DOG_WRITE_RATE_LIMIT_USER,
      dogWritePerIp: e.DOG_WRITE_RATE_LIMIT_IP,
      dogWriteWindowMs: e.DOG_WRITE_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
  };
}
