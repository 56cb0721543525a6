// Builds the app for app.inject() with a controllable clock, quiet logs and no static files.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import type { Db } from '../../../src/server/db/db';
import type { MailMessage, Mailer } from '../../../src/server/mail/mailer';
import { SESSION_COOKIE } from '../../../src/server/sessions/cookie';
import { createSessionRepository } from '../../../src/server/sessions/repository';
import { hashToken } from '../../../src/server/sessions/service';
import { hashPassword } from '../../../src/server/users/passwords';

export class TestClock {
  constructor(public time = Date.parse('2025-01-15T12:00:00Z')) {}
  now = (): Date => new Date(this.time);
  advance(ms: number): void {
    this.time += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function testConfig(
  overrides: Partial<Config['rateLimits']> = {},
  env: Record<string, string> = {},
): Config {
  const config = loadConfig({ DATA_DIR: '/nonexistent', ...env });
  return { ...config, rateLimits: { ...config.rateLimits, ...overrides } };
}

export interface TestAppOptions extends Partial<Omit<AppOptions, 'db'>> {
  clock?: TestClock;
}

/** A mailer that keeps messages in memory: apps in tests never write to a real outbox. */
export function recordingMailer(): Mailer & { sent: (MailMessage & { kind: string })[] } {
  const sent: (MailMessage & { kind: string })[] = [];
  return {
    sent,
    deliver: async (kind, message) => {
      sent.push({ kind, ...message });
      return {};
    },
    close: async () => {},
  };
}

/**
 * The schema the app's job queue uses on this database: on PostgreSQL the test file's own schema
 * (files run in parallel on one server), on PGlite pg-boss's default.
 */
export async function jobsSchemaOf(db: Db): Promise<string> {
  if (db.kind !== 'postgres') return 'pgboss';
  const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  return row!.schema;
}

export async function makeApp(db: Db, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? new TestClock();
  const app = await buildApp({
    config: options.config ?? testConfig(),
    db,
    now: options.now ?? clock.now,
    logger: options.logger ?? false,
    staticDir: options.staticDir ?? null,
    purgeIntervalMs: options.purgeIntervalMs ?? 0,
    // With SMTP_URL in the config, the app's own mailer sends through it (to a test peer).
    mailer: options.mailer ?? (options.config?.mail.smtpUrl ? undefined : recordingMailer()),
    jobsSchema: options.jobsSchema ?? (await jobsSchemaOf(db)),
  });
  await app.ready();
  return app;
}

// Hashing is deliberately slow; tests that only need an account reuse one hash per password.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}

export interface TestUser {
  id: number;
  name: string;
  email: string;
  password: string;
}

let counter = 0;
/** Inserts an account directly (bypassing the register route and its rate limit). */
export async function createUser(
  db: Db,
  fields: Partial<Omit<TestUser, 'id'>> = {},
): Promise<TestUser> {
  counter += 1;
  const user = {
    name: fields.name ?? `Usuaria ${counter}`,
    email: fields.email ?? `user${counter}-${Date.now()}@example.com`,
    password: fields.password ?? 'secreto-123',
  };
  const rows = await db.query<{ id: number }>(
    'INSERT INTO users (name, email, password_hash) VALUES ($1, $2, $3) RETURNING id',
    [user.name, user.email, await cachedHash(user.password)],
  );
  return { id: rows[0]!.id, ...user };
}

/** The `name=value` part of the Set-Cookie for the session, or undefined. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const found = list.find((c) => c.startsWith('hd_session='));
  return found?.split(';')[0];
}

export function setCookieHeader(res: LightMyRequestResponse): string | undefined {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw.join('\n') : raw;
}

export async function login(
  app: FastifyInstance,
  user: { email: string; password: string },
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/userLogin',
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookieOf(res);
  if (!cookie) throw new Error('login set no cookie');
  return cookie;
}

export const validDog = {
  name: 'Firulais',
  city: 'Cali',
  height: '40 cm',
  weight: '12 kg',
  life_span: '12 años',
  personality: 'Juguetón',
  image: 'https://example.com/firulais.jpg',
};

export async function createDog(
  app: FastifyInstance,
  cookie: string,
  fields: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/dog',
    headers: { cookie },
    payload: { ...validDog, ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`create dog failed: ${res.statusCode} ${res.body}`);
  return res.json().dog as { id: number; hostage_id: number; name: string };
}

/**
 * A live session for `userId`, written straight to the sessions table (no login, so no rate
 * limit or argon2 work): the Cookie header value that carries it.
 */
export async function insertSession(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await createSessionRepository(db).insert(hashToken(token), userId, now);
  return `${SESSION_COOKIE}=${token}`;
}
