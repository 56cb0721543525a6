// Server configuration from the environment, parsed once with zod; a bad value stops start-up.
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PLACEHOLDER_SITE, type SiteIdentity } from '../shared/site';

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

/**
 * false | true | hop count | comma-separated proxy addresses/CIDRs (Fastify's trustProxy). `true`
 * means one proxy in front: trusting every hop would take the client's address from the left end
 * of X-Forwarded-For, which the client writes itself, so anyone could choose their IP and escape
 * every per-IP limit.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    const lower = v.toLowerCase();
    if (['false', '0', 'no', ''].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
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

const DURATION_UNITS_S: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** A duration such as `90s`, `5m`, `2h` or `7d` (a bare `0` is zero), in seconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)\s*([smhd])?$/.exec(text.trim());
  if (!match) return undefined;
  const n = Number(match[1]);
  if (!match[2]) return n === 0 ? 0 : undefined;
  return n * DURATION_UNITS_S[match[2]]!;
}

const duration = (name: string) =>
  z.string().transform((v, ctx): number => {
    const seconds = parseDuration(v);
    if (seconds === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be a duration such as 30s, 10m, 24h or 7d (0 turns it off)`,
      });
      return z.NEVER;
    }
    return seconds;
  });

const durationList = (name: string) =>
  z.string().transform((v, ctx): number[] => {
    const parts = v.split(',').map((p) => parseDuration(p));
    if (parts.length === 0 || parts.length > 20 || parts.some((p) => p === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be a comma-separated list of durations such as 1m,5m,30m,2h,12h`,
      });
      return z.NEVER;
    }
    return parts as number[];
  });
const siteUrl = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^https:\/\/[^\s/?#]+(\/[^\s]*)?$/, { error: `${name} must be an https:// address` })
    .optional();

/** Each part of the site's identity and the variable that sets it. */
const SITE_VARIABLES = {
  email: 'SITE_EMAIL',
  phone: 'SITE_PHONE',
  street: 'SITE_ADDRESS',
  city: 'SITE_CITY',
  instagram: 'SITE_INSTAGRAM_URL',
  facebook: 'SITE_FACEBOOK_URL',
  whatsapp: 'SITE_WHATSAPP_URL',
} as const satisfies Record<keyof SiteIdentity, string>;

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
  SEED_DEMO: boolean('SEED_DEMO').optional(),
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
  REPORT_RATE_LIMIT_USER: integer('REPORT_RATE_LIMIT_USER', 0, 1_000_000).default(10),
  REPORT_RATE_LIMIT_IP: integer('REPORT_RATE_LIMIT_IP', 0, 1_000_000).default(50),
  REPORT_RATE_LIMIT_WINDOW_SECONDS: integer('REPORT_RATE_LIMIT_WINDOW_SECONDS', 1, 86_400).default(
    3600,
  ),
  INTEREST_RATE_LIMIT_USER: integer('INTEREST_RATE_LIMIT_USER', 0, 1_000_000).default(10),
  INTEREST_RATE_LIMIT_IP: integer('INTEREST_RATE_LIMIT_IP', 0, 1_000_000).default(50),
  INTEREST_ANSWER_RATE_LIMIT_USER: integer('INTEREST_ANSWER_RATE_LIMIT_USER', 0, 1_000_000).default(
    60,
  ),
  INTEREST_ANSWER_RATE_LIMIT_IP: integer('INTEREST_ANSWER_RATE_LIMIT_IP', 0, 1_000_000).default(
    200,
  ),
  INTEREST_RATE_LIMIT_WINDOW_SECONDS: integer(
    'INTEREST_RATE_LIMIT_WINDOW_SECONDS',
    1,
    86_400,
  ).default(3600),
  ALERT_RATE_LIMIT_USER: integer('ALERT_RATE_LIMIT_USER', 0, 1_000_000).default(30),
  ALERT_RATE_LIMIT_IP: integer('ALERT_RATE_LIMIT_IP', 0, 1_000_000).default(100),
  ALERT_RATE_LIMIT_WINDOW_SECONDS: integer('ALERT_RATE_LIMIT_WINDOW_SECONDS', 1, 86_400).default(
    3600,
  ),
  PHOTO_UPLOAD_RATE_LIMIT_USER: integer('PHOTO_UPLOAD_RATE_LIMIT_USER', 0, 1_000_000).default(60),
  PHOTO_UPLOAD_RATE_LIMIT_IP: integer('PHOTO_UPLOAD_RATE_LIMIT_IP', 0, 1_000_000).default(200),
  PHOTO_UPLOAD_RATE_LIMIT_WINDOW_SECONDS: integer(
    'PHOTO_UPLOAD_RATE_LIMIT_WINDOW_SECONDS',
    1,
    86_400,
  ).default(3600),
  DOG_LIST_CACHE_MS: integer('DOG_LIST_CACHE_MS', 0, 60_000).default(1000),
  PAGE_CACHE_TTL_MS: integer('PAGE_CACHE_TTL_MS', 0, 600_000).default(60_000),
  HTTP_HEADERS_TIMEOUT_SECONDS: integer('HTTP_HEADERS_TIMEOUT_SECONDS', 1, 3600).default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: integer('HTTP_REQUEST_TIMEOUT_SECONDS', 1, 3600).default(30),
  HTTP_IDLE_TIMEOUT_SECONDS: integer('HTTP_IDLE_TIMEOUT_SECONDS', 1, 3600).default(30),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: integer('HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', 1, 3600).default(5),
  PHOTO_UPLOAD_TIMEOUT_SECONDS: integer('PHOTO_UPLOAD_TIMEOUT_SECONDS', 1, 3600).default(15),
  STATIC_DIR: z.string().trim().min(1, { error: 'STATIC_DIR must not be empty' }).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/\S+$/, { error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^[^\r\n@]*<?[^\s@<>"]+@[^\s@<>"]+>?$/, {
      error:
        'MAIL_FROM must be an e-mail address, optionally with a name: "Happy Dog" <no-responder@example.com>',
    })
    .default('"Happy Dog" <no-responder@happydog.com.co>'),
  PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, {
      error:
        'PUBLIC_URL must be the http:// or https:// address of the site, e.g. https://happydog.com.co',
    })
    .optional(),
  SITE_EMAIL: z
    .string()
    .trim()
    .regex(/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/, {
      error: 'SITE_EMAIL must be the e-mail address people write to, e.g. hola@happydog.com.co',
    })
    .optional(),
  SITE_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{7,20}$/, {
      error: 'SITE_PHONE must be a phone number, e.g. +57 602 555 0142',
    })
    .optional(),
  SITE_ADDRESS: z.string().trim().max(200).optional(),
  SITE_CITY: z.string().trim().max(200).optional(),
  SITE_INSTAGRAM_URL: siteUrl('SITE_INSTAGRAM_URL'),
  SITE_FACEBOOK_URL: siteUrl('SITE_FACEBOOK_URL'),
  SITE_WHATSAPP_URL: siteUrl('SITE_WHATSAPP_URL'),
  PUBLIC_ORIGIN: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/?#]+\/?$/, {
      error: "PUBLIC_ORIGIN must be the site's origin, e.g. https://happydog.com.co",
    })
    .optional(),
  MAIL_RETRY_SCHEDULE: durationList('MAIL_RETRY_SCHEDULE').default([60, 300, 1800, 7200, 43200]),
  FOLLOW_UP_SCHEDULE: durationList('FOLLOW_UP_SCHEDULE').default([
    3 * 86_400,
    21 * 86_400,
    90 * 86_400,
    365 * 86_400,
  ]),
  FOLLOW_UP_REMINDER_AFTER: duration('FOLLOW_UP_REMINDER_AFTER').default(7 * 86_400),
  BACKUP_INTERVAL: duration('BACKUP_INTERVAL').default(86_400),
  BACKUP_DIR: z.string().trim().min(1, { error: 'BACKUP_DIR must not be empty' }).optional(),
  BACKUP_KEEP: integer('BACKUP_KEEP', 1, 10_000).default(7),
  PASSWORD_RESET_RATE_LIMIT_IP: integer('PASSWORD_RESET_RATE_LIMIT_IP', 0, 1_000_000).default(10),
  PASSWORD_RESET_RATE_LIMIT_EMAIL: integer('PASSWORD_RESET_RATE_LIMIT_EMAIL', 0, 1_000_000).default(
    3,
  ),
  PASSWORD_RESET_RATE_LIMIT_WINDOW_SECONDS: integer(
    'PASSWORD_RESET_RATE_LIMIT_WINDOW_SECONDS',
    1,
    86_400,
  ).default(3600),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** false, the number of proxies in front (`true` is 1), or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Demo dogs in a new embedded database: SEED_DEMO, else on except with NODE_ENV=production. */
  seedDemo: boolean;
  /** How long a dog list page may be reused; 0 disables the cache. */
  dogListCacheMs: number;
  /**
   * How long a page drawn for an anonymous visitor may be served again while no data it may show
   * has changed (its relative times, such as "hace 5 minutos", age that long at most); 0 disables
   * the page cache.
   */
  pageCacheTtlMs: number;
  /** Absolute path of the built app when STATIC_DIR is set (scripts/start.mjs builds into it). */
  staticDir: string | undefined;
  /** How long a client may take (slow clients must not hold connections open). */
  httpTimeouts: {
    /** From connecting to the end of the request's headers. */
    headersMs: number;
    /** From connecting to the end of the request's body. */
    requestMs: number;
    /** A connection with no bytes moving either way is closed. */
    idleMs: number;
    /** An idle keep-alive connection is closed after this long. */
    keepAliveMs: number;
    /** A photo upload's body must arrive whole within this (from when its route starts). */
    photoBodyMs: number;
  };
  /** Live sessions kept per user; a new login ends the oldest beyond it. 0: no cap. */
  sessionsPerUser: number;
  mail: {
    /** SMTP server to send through; undefined writes every message to `outboxDir` instead. */
    smtpUrl: string | undefined;
    /** `<DATA_DIR>/outbox`: where messages are written when there is no SMTP server. */
    outboxDir: string;
    from: string;
  };
  jobs: {
    /** Pauses before each e-mail retry, in seconds (MAIL_RETRY_SCHEDULE); then the job fails. */
    mailRetryScheduleS: number[];
  };
  /** Follow-up of closed adoptions. */
  followUp: {
    /** When each check-in falls due after the acta is accepted, in seconds, ascending. */
    scheduleS: number[];
    /** An unanswered check-in is reminded once after this long; twice this tells the rescuer. */
    reminderAfterS: number;
  };
  /** Automatic backups of the embedded database (ignored with DATABASE_URL). */
  backup: {
    /** Seconds between backups; 0 turns them off. */
    intervalS: number;
    /** Absolute path (`<DATA_DIR>/backups` by default). */
    dir: string;
    /** Backups kept; older ones are deleted. */
    keep: number;
  };
  /** The site's address as people reach it, for links in e-mails (never taken from a request). */
  publicUrl: string;
  /** Who runs the site and how to reach them (SITE_*), shown in the footer, policy and e-mails. */
  site: SiteIdentity;
  /** The SITE_* variables left unset, whose placeholder values are shown (warned about at start). */
  sitePlaceholders: string[];
  /**
   * In production, PUBLIC_URL on plain http:// other than this machine's own address: e-mailed
   * links (and the alerts' one-click unsubscribe) would travel unencrypted (warned about at start).
   */
  insecurePublicUrl: boolean;
  /** Origin for shared pages' absolute URLs; undefined: PUBLIC_URL's (see seo/routes.ts). */
  publicOrigin: string | undefined;
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
    /** Password reset requests per IP and per e-mail. */
    passwordResetPerIp: number;
    passwordResetPerEmail: number;
    passwordResetWindowMs: number;
    /** Photo uploads per user and per IP. */
    photoUploadPerUser: number;
    photoUploadPerIp: number;
    photoUploadWindowMs: number;
    /** Reports of listings per user and per IP. */
    reportPerUser: number;
    reportPerIp: number;
    reportWindowMs: number;
    /** "Me interesa" requests sent per user and per IP. */
    interestPerUser: number;
    interestPerIp: number;
    interestWindowMs: number;
    /** Answers to "Me interesa" requests (state changes) per user and per IP, same window. */
    interestAnswerPerUser: number;
    interestAnswerPerIp: number;
    /** Alerts ("Avísame") created, changed or deleted per user and per IP. */
    alertPerUser: number;
    alertPerIp: number;
    alertWindowMs: number;
  };
}

/** Whether `url` is plain http:// to a host other than this machine's loopback. */
export function isInsecurePublicUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  const loopback = hostname === 'localhost' || hostname === '[::1]' || /^127\./.test(hostname);
  return protocol === 'http:' && !loopback;
}

/** The address of a server listening on host:port, as a browser on this machine would open it. */
function localUrl(host: string, port: number): string {
  const name = ['0.0.0.0', '::', '[::]'].includes(host) ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

function siteIdentity(e: Partial<Record<(typeof SITE_VARIABLES)[keyof SiteIdentity], string>>) {
  const site = { ...PLACEHOLDER_SITE };
  const sitePlaceholders: string[] = [];
  for (const [key, variable] of Object.entries(SITE_VARIABLES) as Array<
    [keyof SiteIdentity, (typeof SITE_VARIABLES)[keyof SiteIdentity]]
  >) {
    const value = e[variable];
    if (value) site[key] = value;
    else sitePlaceholders.push(variable);
  }
  return { site, sitePlaceholders };
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
    // Never echo DATABASE_URL or SMTP_URL: they may hold a password.
    const got =
      name === 'DATABASE_URL' || name === 'SMTP_URL'
        ? ''
        : ` (got ${JSON.stringify(input[name] ?? '')})`;
    throw new ConfigError(`Invalid configuration: ${message}${got}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO ?? env.NODE_ENV?.trim() !== 'production',
    dogListCacheMs: e.DOG_LIST_CACHE_MS,
    pageCacheTtlMs: e.PAGE_CACHE_TTL_MS,
    staticDir: e.STATIC_DIR === undefined ? undefined : resolve(e.STATIC_DIR),
    sessionsPerUser: e.SESSIONS_PER_USER,
    httpTimeouts: {
      // Node refuses a headers timeout longer than the request timeout.
      headersMs: Math.min(e.HTTP_HEADERS_TIMEOUT_SECONDS, e.HTTP_REQUEST_TIMEOUT_SECONDS) * 1000,
      requestMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      idleMs: e.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      photoBodyMs: e.PHOTO_UPLOAD_TIMEOUT_SECONDS * 1000,
    },
    mail: { smtpUrl: e.SMTP_URL, outboxDir: join(dataDir, 'outbox'), from: e.MAIL_FROM },
    jobs: { mailRetryScheduleS: e.MAIL_RETRY_SCHEDULE },
    followUp: {
      scheduleS: [...e.FOLLOW_UP_SCHEDULE].sort((a, b) => a - b),
      reminderAfterS: e.FOLLOW_UP_REMINDER_AFTER,
    },
    backup: {
      intervalS: e.BACKUP_INTERVAL,
      dir: e.BACKUP_DIR ? resolve(e.BACKUP_DIR) : join(dataDir, 'backups'),
      keep: e.BACKUP_KEEP,
    },
    publicUrl: (e.PUBLIC_URL ?? localUrl(e.HOST, e.PORT)).replace(/\/+$/, ''),
    insecurePublicUrl:
      env.NODE_ENV?.trim() === 'production' &&
      isInsecurePublicUrl(e.PUBLIC_URL ?? localUrl(e.HOST, e.PORT)),
    ...siteIdentity(e),
    /**
     * Origin of the absolute URLs shared pages carry (canonical, Open Graph, sitemap):
     * PUBLIC_ORIGIN, else PUBLIC_URL's origin, else (undefined) that of the local default.
     */
    publicOrigin: e.PUBLIC_ORIGIN
      ? e.PUBLIC_ORIGIN.replace(/\/+$/, '')
      : e.PUBLIC_URL
        ? new URL(e.PUBLIC_URL).origin
        : undefined,
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
      passwordResetPerIp: e.PASSWORD_RESET_RATE_LIMIT_IP,
      passwordResetPerEmail: e.PASSWORD_RESET_RATE_LIMIT_EMAIL,
      passwordResetWindowMs: e.PASSWORD_RESET_RATE_LIMIT_WINDOW_SECONDS * 1000,
      photoUploadPerUser: e.PHOTO_UPLOAD_RATE_LIMIT_USER,
      photoUploadPerIp: e.PHOTO_UPLOAD_RATE_LIMIT_IP,
      photoUploadWindowMs: e.PHOTO_UPLOAD_RATE_LIMIT_WINDOW_SECONDS * 1000,
      reportPerUser: e.REPORT_RATE_LIMIT_USER,
      reportPerIp: e.REPORT_RATE_LIMIT_IP,
      reportWindowMs: e.REPORT_RATE_LIMIT_WINDOW_SECONDS * 1000,
      interestPerUser: e.INTEREST_RATE_LIMIT_USER,
      interestPerIp: e.INTEREST_RATE_LIMIT_IP,
      interestWindowMs: e.INTEREST_RATE_LIMIT_WINDOW_SECONDS * 1000,
      interestAnswerPerUser: e.INTEREST_ANSWER_RATE_LIMIT_USER,
      interestAnswerPerIp: e.INTEREST_ANSWER_RATE_LIMIT_IP,
      alertPerUser: e.ALERT_RATE_LIMIT_USER,
      alertPerIp: e.ALERT_RATE_LIMIT_IP,
      alertWindowMs: e.ALERT_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
  };
}

/**
 * The origin absolute URLs are written with: PUBLIC_ORIGIN, else PUBLIC_URL's (whose default is
 * the local server's address). Never the request's Host or X-Forwarded-Host, which anyone can
 * write: robots.txt and the sitemap are publicly cacheable, so a shared cache would hand
 * everyone links to the host an attacker named.
 */
export function siteOrigin(config: Config): string {
  return config.publicOrigin ?? new URL(config.publicUrl).origin;
}
