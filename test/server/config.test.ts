// Environment parsing: defaults, accepted forms, and one clear line for each bad value.
import { PLACEHOLDER_SITE } from '../../src/shared/site';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      databasePoolSize: 10,
      logLevel: 'info',
      trustProxy: false,
      seedDemo: true,
      dogListCacheMs: 1000,
      pageCacheTtlMs: 60_000,
      sessionsPerUser: 10,
      httpTimeouts: {
        headersMs: 10_000,
        requestMs: 30_000,
        idleMs: 30_000,
        keepAliveMs: 5_000,
        photoBodyMs: 15_000,
      },
      mail: {
        smtpUrl: undefined,
        outboxDir: resolve('./data/outbox'),
        from: '"Happy Dog" <no-responder@happydog.com.co>',
      },
      jobs: { mailRetryScheduleS: [60, 300, 1800, 7200, 43200] },
      followUp: { scheduleS: [259_200, 1_814_400, 7_776_000, 31_536_000], reminderAfterS: 604_800 },
      backup: { intervalS: 86_400, dir: resolve('./data/backups'), keep: 7 },
      publicUrl: 'http://127.0.0.1:3000',
      rateLimits: {
        loginPerIp: 50,
        loginPerEmail: 10,
        loginPerEmailGlobal: 100,
        loginAttemptsPerIp: 200,
        loginPerAccount: 30,
        loginWindowMs: 15 * 60 * 1000,
        registerPerIp: 20,
        registerWindowMs: 60 * 60 * 1000,
        dogWritePerUser: 60,
        dogWritePerIp: 200,
        dogWriteWindowMs: 60 * 60 * 1000,
        passwordResetPerIp: 10,
        passwordResetPerEmail: 3,
        passwordResetWindowMs: 60 * 60 * 1000,
        photoUploadPerUser: 60,
        photoUploadPerIp: 200,
        photoUploadWindowMs: 60 * 60 * 1000,
        reportPerUser: 10,
        reportPerIp: 50,
        reportWindowMs: 60 * 60 * 1000,
        interestPerUser: 10,
        interestPerIp: 50,
        interestWindowMs: 60 * 60 * 1000,
        interestAnswerPerUser: 60,
        interestAnswerPerIp: 200,
        alertPerUser: 30,
        alertPerIp: 100,
        alertWindowMs: 60 * 60 * 1000,
      },
      site: PLACEHOLDER_SITE,
      insecurePublicUrl: false,
      sitePlaceholders: [
        'SITE_EMAIL',
        'SITE_PHONE',
        'SITE_ADDRESS',
        'SITE_CITY',
        'SITE_INSTAGRAM_URL',
        'SITE_FACEBOOK_URL',
        'SITE_WHATSAPP_URL',
      ],
    });
  });

  it('the site identity comes from SITE_*; what is left unset stays a placeholder, listed', () => {
    const config = loadConfig({
      SITE_EMAIL: 'hola@refugio.example',
      SITE_PHONE: '+57 300 555 0199',
      SITE_ADDRESS: 'Carrera 100 # 11-60',
    });
    expect(config.site).toEqual({
      ...PLACEHOLDER_SITE,
      email: 'hola@refugio.example',
      phone: '+57 300 555 0199',
      street: 'Carrera 100 # 11-60',
    });
    expect(config.sitePlaceholders).toEqual([
      'SITE_CITY',
      'SITE_INSTAGRAM_URL',
      'SITE_FACEBOOK_URL',
      'SITE_WHATSAPP_URL',
    ]);
    expect(() => loadConfig({ SITE_EMAIL: 'sin-arroba' })).toThrow(/SITE_EMAIL/);
    expect(() => loadConfig({ SITE_INSTAGRAM_URL: 'javascript:alert(1)' })).toThrow(
      /SITE_INSTAGRAM_URL must be an https:\/\/ address/,
    );
  });

  it('reads the mail settings; links in e-mails point at PUBLIC_URL or the local server', () => {
    expect(
      loadConfig({
        DATA_DIR: '/var/lib/happydog',
        SMTP_URL: 'smtps://user:clave@smtp.example.com:465',
        MAIL_FROM: 'Happy Dog <hola@happydog.com.co>',
        PUBLIC_URL: 'https://happydog.com.co/',
        PASSWORD_RESET_RATE_LIMIT_IP: '5',
        PASSWORD_RESET_RATE_LIMIT_EMAIL: '2',
        PASSWORD_RESET_RATE_LIMIT_WINDOW_SECONDS: '600',
      }),
    ).toMatchObject({
      mail: {
        smtpUrl: 'smtps://user:clave@smtp.example.com:465',
        outboxDir: '/var/lib/happydog/outbox',
        from: 'Happy Dog <hola@happydog.com.co>',
      },
      publicUrl: 'https://happydog.com.co',
      rateLimits: {
        passwordResetPerIp: 5,
        passwordResetPerEmail: 2,
        passwordResetWindowMs: 600_000,
      },
    });
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('flags a production PUBLIC_URL on plain http:// (e-mailed links would travel unencrypted)', () => {
    const insecure = (env: Record<string, string>) => loadConfig(env).insecurePublicUrl;
    expect(insecure({ NODE_ENV: 'production', PUBLIC_URL: 'http://happydog.com.co' })).toBe(true);
    expect(insecure({ NODE_ENV: 'production', PUBLIC_URL: 'http://10.0.0.5:3000' })).toBe(true);
    expect(insecure({ NODE_ENV: 'production', PUBLIC_URL: 'https://happydog.com.co' })).toBe(false);
    // This machine's own address: a local production run, not a deployment.
    expect(insecure({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3000' })).toBe(false);
    expect(insecure({ NODE_ENV: 'production', HOST: '0.0.0.0' })).toBe(false);
    expect(insecure({ NODE_ENV: 'production', HOST: '192.168.1.20' })).toBe(true);
    expect(insecure({ PUBLIC_URL: 'http://happydog.com.co' })).toBe(false);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/happydog',
      DATABASE_URL: 'postgres://u:p@db:5432/happy',
      DATABASE_POOL_SIZE: '20',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      SEED_DEMO: 'false',
      LOGIN_RATE_LIMIT_IP: '500',
      LOGIN_RATE_LIMIT_EMAIL: '0',
      LOGIN_RATE_LIMIT_EMAIL_GLOBAL: '1000',
      LOGIN_RATE_LIMIT_ATTEMPTS_IP: '0',
      LOGIN_RATE_LIMIT_ACCOUNT: '5',
      LOGIN_RATE_LIMIT_WINDOW_SECONDS: '60',
      REGISTER_RATE_LIMIT_IP: '7',
      REGISTER_RATE_LIMIT_WINDOW_SECONDS: '120',
      SESSIONS_PER_USER: '3',
      DOG_WRITE_RATE_LIMIT_USER: '0',
      DOG_WRITE_RATE_LIMIT_IP: '9',
      DOG_WRITE_RATE_LIMIT_WINDOW_SECONDS: '30',
      DOG_LIST_CACHE_MS: '0',
      PHOTO_UPLOAD_RATE_LIMIT_USER: '4',
      PHOTO_UPLOAD_RATE_LIMIT_IP: '0',
      PHOTO_UPLOAD_RATE_LIMIT_WINDOW_SECONDS: '90',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/happydog',
      databaseUrl: 'postgres://u:p@db:5432/happy',
      databasePoolSize: 20,
      logLevel: 'warn',
      trustProxy: 1,
      seedDemo: false,
      dogListCacheMs: 0,
      sessionsPerUser: 3,
      rateLimits: {
        loginPerIp: 500,
        loginPerEmail: 0,
        loginPerEmailGlobal: 1000,
        loginAttemptsPerIp: 0,
        loginPerAccount: 5,
        loginWindowMs: 60_000,
        registerPerIp: 7,
        registerWindowMs: 120_000,
        dogWritePerUser: 0,
        dogWritePerIp: 9,
        dogWriteWindowMs: 30_000,
        photoUploadPerUser: 4,
        photoUploadPerIp: 0,
        photoUploadWindowMs: 90_000,
      },
    });
  });

  it.each([
    // One proxy in front: never "every hop", whose client address the client itself writes.
    ['true', 1],
    ['false', false],
    ['yes', 1],
    ['0', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('reads the backup and mail retry settings (durations in s, m, h, d; 0 turns backups off)', () => {
    const config = loadConfig({
      DATA_DIR: '/srv/happydog',
      BACKUP_INTERVAL: '90m',
      BACKUP_DIR: '/srv/copias',
      BACKUP_KEEP: '30',
      MAIL_RETRY_SCHEDULE: '30s, 2m,1h,1d',
    });
    expect(config.backup).toEqual({ intervalS: 5400, dir: '/srv/copias', keep: 30 });
    expect(config.jobs.mailRetryScheduleS).toEqual([30, 120, 3600, 86_400]);
    expect(
      loadConfig({ FOLLOW_UP_SCHEDULE: '21d,3d,90s', FOLLOW_UP_REMINDER_AFTER: '2h' }).followUp,
    ).toEqual({ scheduleS: [90, 259_200, 1_814_400], reminderAfterS: 7200 });
    expect(() => loadConfig({ FOLLOW_UP_SCHEDULE: '3d,,9x' })).toThrow(/FOLLOW_UP_SCHEDULE/);
    expect(loadConfig({ DATA_DIR: '/srv/happydog', BACKUP_INTERVAL: '0' }).backup).toEqual({
      intervalS: 0,
      dir: '/srv/happydog/backups',
      keep: 7,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', SEED_DEMO: ' ' }).port).toBe(3000);
    // Demo dogs only where asked for: on by default, off by default in production.
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it.each([
    [
      { PORT: 'abc' },
      'Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc")',
    ],
    [
      { PORT: '65536' },
      'Invalid configuration: PORT must be an integer between 0 and 65535 (got "65536")',
    ],
    [
      { SEED_DEMO: 'maybe' },
      'Invalid configuration: SEED_DEMO must be true or false (got "maybe")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [
      { TRUST_PROXY: 'perhaps!' },
      'Invalid configuration: TRUST_PROXY must be false, true, a hop count or a comma-separated list of proxy IPs/CIDRs (got "perhaps!")',
    ],
    [
      { LOGIN_RATE_LIMIT_IP: '-1' },
      'Invalid configuration: LOGIN_RATE_LIMIT_IP must be an integer between 0 and 1000000 (got "-1")',
    ],
    [
      { REGISTER_RATE_LIMIT_WINDOW_SECONDS: '0' },
      'Invalid configuration: REGISTER_RATE_LIMIT_WINDOW_SECONDS must be an integer between 1 and 86400 (got "0")',
    ],
    [
      { SESSIONS_PER_USER: '10001' },
      'Invalid configuration: SESSIONS_PER_USER must be an integer between 0 and 10000 (got "10001")',
    ],
    [
      { DOG_WRITE_RATE_LIMIT_USER: 'mucho' },
      'Invalid configuration: DOG_WRITE_RATE_LIMIT_USER must be an integer between 0 and 1000000 (got "mucho")',
    ],
    [
      { DOG_WRITE_RATE_LIMIT_WINDOW_SECONDS: '0' },
      'Invalid configuration: DOG_WRITE_RATE_LIMIT_WINDOW_SECONDS must be an integer between 1 and 86400 (got "0")',
    ],
    [
      { LOGIN_RATE_LIMIT_ACCOUNT: '1.5' },
      'Invalid configuration: LOGIN_RATE_LIMIT_ACCOUNT must be an integer between 0 and 1000000 (got "1.5")',
    ],
    [
      { SMTP_URL: 'http://user:hunter2@smtp.example.com' },
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL',
    ],
    [
      { MAIL_FROM: 'Happy Dog\r\nBcc: x@example.com' },
      'Invalid configuration: MAIL_FROM must be an e-mail address',
    ],
    [
      { PUBLIC_URL: 'happydog.com.co' },
      'Invalid configuration: PUBLIC_URL must be the http:// or https:// address of the site',
    ],
    [
      { BACKUP_INTERVAL: '1 semana' },
      'Invalid configuration: BACKUP_INTERVAL must be a duration such as 30s, 10m, 24h or 7d (0 turns it off) (got "1 semana")',
    ],
    [
      { BACKUP_INTERVAL: '12' },
      'Invalid configuration: BACKUP_INTERVAL must be a duration such as 30s, 10m, 24h or 7d',
    ],
    [
      { BACKUP_KEEP: '0' },
      'Invalid configuration: BACKUP_KEEP must be an integer between 1 and 10000 (got "0")',
    ],
    [
      { MAIL_RETRY_SCHEDULE: '1m,,5m' },
      'Invalid configuration: MAIL_RETRY_SCHEDULE must be a comma-separated list of durations such as 1m,5m,30m,2h,12h',
    ],
    [
      { DATABASE_URL: 'mysql://root:hunter2@db/x' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// connection URL',
    ],
  ])('%j fails with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
      expect((error as Error).message).not.toContain('hunter2');
    }
  });
});
