// E-mails as jobs in the app's database: stored with the change that causes them (a rolled-back
// change leaves none), retried after the pauses of the schedule, `failed` once it is spent, the
// stored copy reduced to its kind once delivered, logs that name a message's kind only; and on
// one PostgreSQL two apps with their own connections deliver each of 100 e-mails once.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/postgres';
import { MAIL_QUEUE } from '../../src/server/mail/queue';
import { passwordResetMail } from '../../src/server/mail/messages';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { createUser, jobsSchemaOf, login, makeApp, testConfig, TestClock } from './helpers/app';
import { JOB_MESSAGES } from '../../src/shared/jobs';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp';
import { createServer } from 'node:net';

const PUBLIC_URL = 'https://happydog.example';

/** A port nothing listens on (taken and released at once). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type Line = { level: number; event?: string; kind?: string; attempt?: number; msg: string };

function logCapture() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

describe.each(BACKENDS)('e-mail jobs on %s', (backend) => {
  let t: TestDatabase;
  let smtp: SmtpPeer;
  let app: FastifyInstance | undefined;
  let schema: string;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([openTestDatabase(backend), startSmtpPeer()]);
    schema = await jobsSchemaOf(t.db);
  });
  afterAll(async () => {
    await Promise.all([t.close(), smtp.close()]);
  });
  beforeEach(async () => {
    await t.reset();
    smtp.received.length = 0;
    smtp.refused = 0;
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const start = async (env: Record<string, string>) => {
    const capture = logCapture();
    app = await makeApp(t.db, {
      clock: new TestClock(),
      config: testConfig({}, { PUBLIC_URL, ...env }),
      logger: capture.logger,
    });
    return { app, lines: capture.lines };
  };
  const mailJobs = () =>
    t.db.query<{
      id: string;
      state: string;
      retry_count: number;
      data: Record<string, unknown>;
      output: { message?: string } | null;
      wait_s: number;
    }>(
      `SELECT id, state::text AS state, retry_count, data, output,
              extract(epoch FROM start_after - now())::float AS wait_s
         FROM ${schema}.job WHERE name = $1`,
      [MAIL_QUEUE],
    );
  const requestReset = (email: string) =>
    app!.inject({ method: 'POST', url: '/api/user/password-reset', payload: { email } });

  it('a refused message is tried again after each pause, then delivered; the stored copy keeps only its kind', async () => {
    const { app, lines } = await start({ SMTP_URL: smtp.url, MAIL_RETRY_SCHEDULE: '1s,1s,1s' });
    const user = await createUser(t.db);
    smtp.failNext(2);
    expect((await requestReset(user.email)).statusCode).toBe(202);
    await expect.poll(() => smtp.received.length, { timeout: 20_000, interval: 100 }).toBe(1);
    expect(smtp.refused).toBe(2);
    expect(smtp.received[0]!.text).toContain(`${PUBLIC_URL}/recuperar/`);
    const mailLines = lines.filter((l) => l.event?.startsWith('mail_'));
    expect(mailLines.map((l) => [l.event, l.kind, l.attempt])).toEqual([
      ['mail_retry', 'password-reset', 1],
      ['mail_retry', 'password-reset', 2],
      ['mail_sent', 'password-reset', 3],
    ]);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('recuperar');
    expect(logged).not.toContain(user.email);
    await app.mailer.idle();
    await expect
      .poll(async () => (await mailJobs()).map((j) => [j.state, j.data]))
      .toEqual([['completed', { kind: 'password-reset' }]]);
  });

  it('waits about 1 min, 5 min, 30 min, 2 h and 12 h between tries, then the job is failed', async () => {
    const { app, lines } = await start({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const user = await createUser(t.db);
    expect((await requestReset(user.email)).statusCode).toBe(202);
    for (const pause of [60, 300, 1800, 7200, 43200]) {
      await app.mailer.idle();
      const [job] = await mailJobs();
      expect(job!.state).toBe('retry');
      expect(job!.wait_s).toBeGreaterThan(pause - 10);
      expect(job!.wait_s).toBeLessThanOrEqual(pause);
      // The pause is over.
      await t.db.query(`UPDATE ${schema}.job SET start_after = now() - interval '1 second'`);
    }
    await app.mailer.idle();
    const [job] = await mailJobs();
    expect(job!.state).toBe('failed');
    expect(job!.retry_count).toBe(5);
    expect(job!.output?.message).toEqual(expect.any(String));
    const attempts = lines.filter((l) => l.event?.startsWith('mail_'));
    expect(attempts.map((l) => l.event)).toEqual([...Array(5).fill('mail_retry'), 'mail_failed']);
  });

  it('a change that rolls back leaves no e-mail behind', async () => {
    const { app } = await start({ SMTP_URL: smtp.url });
    await expect(
      t.db.transaction(async (tx) => {
        await app.mail.enqueue(
          tx,
          'password-reset',
          passwordResetMail(
            { name: 'Ana', email: 'ana@example.com' },
            `${PUBLIC_URL}/x`,
            'ayuda@example.com',
          ),
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await app.mailer.idle();
    expect(await mailJobs()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it.runIf(backend === 'postgres')(
    'two apps with their own connections deliver each of 100 e-mails exactly once',
    async () => {
      const { app: first, lines: firstLines } = await start({ SMTP_URL: smtp.url });
      const secondLog = logCapture();
      const otherDb = await openPostgres({
        connectionString: process.env.TEST_DATABASE_URL!,
        sessionOptions: `-c search_path=${schema}`,
        max: 5,
      });
      const second = await makeApp(otherDb, {
        config: testConfig({}, { PUBLIC_URL, SMTP_URL: smtp.url }),
        jobsSchema: schema,
        logger: secondLog.logger,
      });
      try {
        // Each process delivers at most MAIL_BATCH (5) at once: ten messages waiting for the
        // SMTP server's answer at the same time mean both apps are delivering.
        smtp.holdUntil(10);
        // Stored all at once, then both apps' workers race for them.
        await t.db.transaction(async (tx) => {
          for (let i = 0; i < 100; i++)
            await first.mail.enqueue(
              tx,
              'password-reset',
              passwordResetMail(
                { name: `P${i}`, email: `p${i}@example.com` },
                `${PUBLIC_URL}/${i}`,
                'ayuda@example.com',
              ),
            );
        });
        await expect.poll(() => smtp.received.length, { timeout: 30_000, interval: 100 }).toBe(100);
        await Promise.all([first.mailer.idle(), second.mailer.idle()]);
        const to = smtp.received.map((m) => m.to[0]).sort();
        expect(new Set(to).size).toBe(100);
        expect(smtp.received).toHaveLength(100);
        // Both took part, and between them sent each message once.
        const sent = (lines: Line[]) => lines.filter((l) => l.event === 'mail_sent').length;
        expect(sent(firstLines)).toBeGreaterThan(0);
        expect(sent(secondLog.lines)).toBeGreaterThan(0);
        expect(sent(firstLines) + sent(secondLog.lines)).toBe(100);
        const counts = await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${schema}.job WHERE name = $1 AND state = 'completed'`,
          [MAIL_QUEUE],
        );
        expect(counts[0]!.n).toBe(100);
      } finally {
        await second.close();
        await otherDb.close();
      }
    },
    60_000,
  );
});

describe.each(BACKENDS)('admin jobs API on %s', (backend) => {
  let t: TestDatabase;
  let smtp: SmtpPeer;
  let app: FastifyInstance;
  let schema: string;
  let adminCookie: string;
  let userCookie: string;
  let smtpUrl: string;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([openTestDatabase(backend), startSmtpPeer()]);
    schema = await jobsSchemaOf(t.db);
  });
  afterAll(async () => {
    await Promise.all([t.close(), smtp.close()]);
  });
  beforeEach(async () => {
    await t.reset();
    smtp.received.length = 0;
    // Down at first: every e-mail fails until the test points the app at the peer.
    smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    app = await makeApp(t.db, {
      config: testConfig({}, { PUBLIC_URL, SMTP_URL: smtpUrl, MAIL_RETRY_SCHEDULE: '1s' }),
    });
    const admin = await createUser(t.db, { name: 'Admin Jobs' });
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
    const user = await createUser(t.db);
    [adminCookie, userCookie] = await Promise.all([login(app, admin), login(app, user)]);
  });
  afterEach(async () => {
    await app.close();
  });

  const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
    app.inject({ method, url, headers: cookie ? { cookie } : {} });

  /** A reset e-mail for `email` that has used up its tries. */
  async function failedResetMail(email: string): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/password-reset',
      payload: { email },
    });
    expect(res.statusCode).toBe(202);
    await app.mailer.idle();
    await t.db.query(`UPDATE ${schema}.job SET start_after = now() WHERE state = 'retry'`);
    await app.mailer.idle();
    const [job] = await t.db.query<{ id: string; state: string }>(
      `SELECT id::text AS id, state::text AS state FROM ${schema}.job WHERE name = 'mail'`,
    );
    expect(job!.state).toBe('failed');
    return job!.id;
  }

  it('lists counts by state and the failed jobs with kind, tries and last error, never the message', async () => {
    const [user] = await t.db.query<{ email: string }>(
      `SELECT email FROM users WHERE role <> 'admin' LIMIT 1`,
    );
    const id = await failedResetMail(user!.email);
    const res = await call('GET', '/api/admin/jobs?state=failed', adminCookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toMatchObject({ failed: 1, created: 0, active: 0 });
    expect(body.jobs).toEqual([
      {
        id,
        queue: 'mail',
        kind: 'password-reset',
        state: 'failed',
        tries: 2,
        last_error: expect.any(String),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(res.body).not.toContain('recuperar');
    expect(res.body).not.toContain(user!.email);
    // The default state is `failed`.
    expect((await call('GET', '/api/admin/jobs', adminCookie)).json()).toEqual(body);
  });

  it('"Reintentar" puts a failed e-mail back in the queue and it is delivered', async () => {
    const [user] = await t.db.query<{ email: string }>(
      `SELECT email FROM users WHERE role <> 'admin' LIMIT 1`,
    );
    const id = await failedResetMail(user!.email);
    // The server is back.
    await app.close();
    app = await makeApp(t.db, {
      config: testConfig({}, { PUBLIC_URL, SMTP_URL: smtp.url }),
    });
    adminCookie = await login(
      app,
      await t.db
        .query<{ email: string }>(`SELECT email FROM users WHERE role = 'admin'`)
        .then(([a]) => ({ email: a!.email, password: 'secreto-123' })),
    );
    const res = await call('POST', `/api/admin/jobs/${id}/retry`, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().job).toMatchObject({ id, kind: 'password-reset' });
    expect(res.json().job.state).not.toBe('failed');
    await app.mailer.idle();
    expect(smtp.received.map((m) => m.to)).toEqual([[user!.email]]);
    // Not failed any more: retrying again is a 404.
    const again = await call('POST', `/api/admin/jobs/${id}/retry`, adminCookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: JOB_MESSAGES.notFailed });
  });

  it('bad input: a Spanish 400 for a bad id or state, 404 for an unknown job; admins only', async () => {
    const badId = await call('POST', '/api/admin/jobs/123/retry', adminCookie);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ error: JOB_MESSAGES.badId });
    const badState = await call('GET', '/api/admin/jobs?state=roto', adminCookie);
    expect(badState.statusCode).toBe(400);
    expect(badState.json().error).toMatch(/^El estado debe ser uno de/);
    const unknown = await call(
      'POST',
      '/api/admin/jobs/0b4a1c53-8b9e-4a8f-9d8e-7c6b5a4f3e2d/retry',
      adminCookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: JOB_MESSAGES.notFailed });
    expect((await call('GET', '/api/admin/jobs', userCookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/jobs')).statusCode).toBe(401);
    const doc = (await call('GET', '/api/openapi.json')).json() as {
      paths: Record<string, object>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/admin/jobs', '/api/admin/jobs/{id}/retry']),
    );
  });
});
