// E-mail jobs across real server processes (`node scripts/start.mjs`, compiled): a reset e-mail
// whose SMTP server is down survives a kill -9 and is delivered by the next start, on the
// embedded database and on PostgreSQL; and two processes on one PostgreSQL send each of 100
// e-mails once.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startServerProcess, type ServerProcess } from '../../scripts/soak/processes';
import { freePort } from '../support/local-processes';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp';

const adminUrl = process.env.TEST_DATABASE_URL;
const SLOW = 240_000;

const logDir = mkdtempSync(join(tmpdir(), 'happydog-jobs-'));
const servers = new Set<ServerProcess>();
const peers = new Set<SmtpPeer>();

beforeAll(() => {
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build', 'server.mjs')], {
    cwd: repoRoot,
  });
}, 120_000);
afterAll(async () => {
  await Promise.all([...servers].map((s) => s.stop()));
  await Promise.all([...peers].map((p) => p.close()));
  rmSync(logDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>, name: string): Promise<ServerProcess> {
  const server = await startServerProcess(env, join(logDir, `${name}.log`));
  servers.add(server);
  return server;
}

async function until(what: string, ms: number, check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const post = (url: string, json: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });

async function register(url: string, email: string, password: string): Promise<void> {
  const res = await post(`${url}/api/user/userRegister`, {
    name: 'Ana Gómez',
    email,
    password,
    passwordValidate: password,
    consent: true,
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
}

/** A reset e-mail refused while SMTP is down, the server killed, and delivered after a restart. */
async function resetSurvivesKill(env: Record<string, string>, tag: string) {
  const smtpPort = await freePort();
  const base = {
    ...env,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: 'https://happydog.example',
    MAIL_RETRY_SCHEDULE: '2s',
    PASSWORD_RESET_RATE_LIMIT_IP: '0',
  };
  const first = await start(base, `${tag}-first`);
  const email = `reset-${tag}@example.com`;
  await register(first.url, email, 'perritos-2025');
  expect((await post(`${first.url}/api/user/password-reset`, { email })).status).toBe(202);
  // Stored, tried once against the closed port, waiting for its retry.
  await until('a failed delivery', 30_000, () =>
    readFileSync(first.logFile, 'utf8').includes('"event":"mail_retry"'),
  );
  first.child.kill('SIGKILL');
  await first.exited;
  servers.delete(first);

  const smtp = await startSmtpPeer(smtpPort);
  peers.add(smtp);
  const second = await start(base, `${tag}-second`);
  await until('the reset e-mail', 60_000, () => smtp.received.length > 0);
  expect(smtp.received).toHaveLength(1);
  const mail = smtp.received[0]!;
  expect(mail.to).toEqual([email]);
  expect(mail.subject).toBe('Crea una nueva contraseña | Happy Dog');
  // The link it carries still works.
  const token = /\/recuperar\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  const confirm = await post(`${second.url}/api/user/password-reset/confirm`, {
    token,
    password: 'gatitos-del-2026',
    passwordValidate: 'gatitos-del-2026',
  });
  expect(confirm.status).toBe(204);
  const login = await post(`${second.url}/api/user/userLogin`, {
    email,
    password: 'gatitos-del-2026',
  });
  expect(login.status).toBe(200);
  await second.stop();
  servers.delete(second);
}

describe('e-mail jobs across processes', () => {
  it(
    'embedded database: a reset e-mail survives kill -9 while SMTP is down and is delivered after a restart',
    async () => {
      await resetSurvivesKill({ DATA_DIR: join(logDir, 'data') }, 'pglite');
    },
    SLOW,
  );

  describe.runIf(adminUrl)('on PostgreSQL', () => {
    const database = `hd_jobs_${randomBytes(5).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        return (await client.query(sql)).rows as Record<string, unknown>[];
      } finally {
        await client.end();
      }
    };
    const databaseUrl = () => {
      const url = new URL(adminUrl!);
      url.pathname = `/${database}`;
      return url.toString();
    };

    beforeAll(async () => {
      await admin(`CREATE DATABASE ${database}`);
    });
    afterAll(async () => {
      await Promise.all([...servers].map((s) => s.stop()));
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    });

    it(
      'a reset e-mail survives kill -9 while SMTP is down and is delivered after a restart',
      async () => {
        await resetSurvivesKill(
          { DATABASE_URL: databaseUrl(), DATA_DIR: join(logDir, 'unused') },
          'postgres',
        );
      },
      SLOW,
    );

    it(
      'two processes send each of 100 e-mails once',
      async () => {
        const smtp = await startSmtpPeer();
        peers.add(smtp);
        const env = {
          DATABASE_URL: databaseUrl(),
          DATA_DIR: join(logDir, 'unused'),
          SMTP_URL: smtp.url,
          PUBLIC_URL: 'https://happydog.example',
          PASSWORD_RESET_RATE_LIMIT_IP: '0',
        };
        const pair = await Promise.all([start(env, 'pg-a'), start(env, 'pg-b')]);
        const emails = Array.from({ length: 100 }, (_, i) => `cien-${i}@example.com`);
        for (const email of emails) await register(pair[0]!.url, email, 'perritos-2025');
        // Registration sends no e-mail: everything the peer gets from here on is a reset.
        smtp.received.length = 0;
        await Promise.all(
          emails.map(async (email, i) => {
            const res = await post(`${pair[i % 2]!.url}/api/user/password-reset`, { email });
            expect(res.status).toBe(202);
          }),
        );
        await until('100 e-mails', 60_000, () => smtp.received.length >= 100);
        // Nothing more arrives once every job is completed.
        const client = new pg.Client({ connectionString: databaseUrl() });
        await client.connect();
        try {
          await until('every job completed', 30_000, async () => {
            const { rows } = await client.query(
              `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail' AND state < 'completed'`,
            );
            return rows[0].n === 0;
          });
        } finally {
          await client.end();
        }
        expect(smtp.received).toHaveLength(100);
        expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([...emails].sort());
        for (const server of pair)
          expect(readFileSync(server.logFile, 'utf8')).not.toContain('mail_failed');
      },
      SLOW,
    );
  });
});
