// Background jobs and backups (`BENCH_PART=jobs`, and part of the full run):
//
// - Jobs drained per second: 2,000 e-mail jobs stored in one transaction, then delivered by one
//   worker (the mail queue of mail/queue.ts over a transport that answers at once, so the figure
//   is the queue's own cost), on the embedded database (on its thread, as the server runs it) and
//   on a throwaway PostgreSQL database.
// - What a request pays for storing its e-mail: the real server (outbox delivery), p50/p99 of
//   POST /api/user/password-reset for an address with an account (the reset and its e-mail job in
//   one transaction) and for one without (the same statement, no job), alternated one at a time;
//   and of POST /api/user/userRegister (it sends no e-mail), on both databases.
// - The job runner's memory: the server's RSS idle before the burst, its highest reading while
//   the e-mails are delivered, and idle after.
// - Backups at 100,000 dogs: `npm run backup` through the running server (time, size), and the
//   list's p99 under 4 clients while it runs against the same load without one (goal ≤ 50 ms).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { LIST_PATH } from './api';
import { ApiClient, bulkFill, repoRoot, startServer, type BenchServer } from './server';
import { median } from './stats';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { openDatabase } from '../../src/server/db/open';
import { openPostgres } from '../../src/server/db/postgres';
import { createJobEngine } from '../../src/server/jobs/engine';
import { mailJobs } from '../../src/server/mail/queue';

const DRAIN_JOBS = 2_000;
const REQUESTS = 200;
const BACKUP_DOGS = Number(process.env.BENCH_BACKUP_DOGS ?? 100_000);
const LIST_GOAL_MS = 50;
/** Clients reading the list, one request after another each, during and without a backup. */
const LIST_CLIENTS = 4;
const MB = 1024 * 1024;

export interface JobsOptions {
  dir: string;
  staticDir: string;
  pgAdminUrl: string;
  runs: number;
  owner: { name: string; email: string; password: string };
  log: (...args: unknown[]) => void;
}

interface Latencies {
  p50: number;
  p99: number;
}

interface RequestFigures {
  register: Latencies;
  resetWithMail: Latencies;
  resetWithout: Latencies;
  rssIdleBefore: number;
  rssPeak: number;
  rssIdleAfter: number;
  deliveredMs: number;
}

export interface JobsFigures {
  drain: { database: string; perSecond: number[] }[];
  requests: { database: string; figures: RequestFigures }[];
  backup?: {
    /** The dump and the file, as the server reports them. */
    ms: number[];
    /** `npm run backup` from its start to its end (Node and tsx starting included). */
    commandMs: number[];
    bytes: number[];
    listP99: number[];
    listP99Without: number[];
  };
  notes: string[];
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const latencies = (values: number[]): Latencies => ({
  p50: quantile(values, 0.5),
  p99: quantile(values, 0.99),
});

async function drainRate(db: Db, schema: string): Promise<number> {
  const engine = createJobEngine({ db, log: { info() {}, warn() {}, error() {} }, schema });
  const { queue, definition } = mailJobs({
    engine,
    db,
    mailer: { deliver: async () => ({}), close: async () => {} },
    log: { info() {}, warn() {}, error() {} },
  });
  await engine.work(definition);
  await engine.start();
  try {
    await db.transaction(async (tx) => {
      for (let i = 0; i < DRAIN_JOBS; i++)
        await queue.enqueue(tx, 'password-reset', {
          to: `p${i}@example.com`,
          subject: 'Crea una nueva contraseña',
          text: `https://happydog.example/recuperar/${i}`,
          html: `<p>${i}</p>`,
        });
    });
    const started = performance.now();
    await queue.idle();
    return DRAIN_JOBS / ((performance.now() - started) / 1000);
  } finally {
    await engine.stop();
    await db.exec(`DROP SCHEMA ${schema} CASCADE`);
  }
}

async function timed(fn: () => Promise<{ status: number }>, expected: number): Promise<number> {
  const started = performance.now();
  const { status } = await fn();
  const ms = performance.now() - started;
  if (status !== expected) throw new Error(`HTTP ${status}, expected ${expected}`);
  return ms;
}

async function requestFigures(
  server: BenchServer,
  outbox: () => number,
  log: JobsOptions['log'],
): Promise<RequestFigures> {
  const client = new ApiClient(server.url);
  const register: number[] = [];
  const emails: string[] = [];
  for (let i = 0; i < 40; i++) {
    const email = `cuenta-${i}-${randomBytes(3).toString('hex')}@happydog.example`;
    emails.push(email);
    const password = `clave-de-banco-${randomBytes(4).toString('hex')}`;
    register.push(
      await timed(
        () =>
          client.call('POST', '/api/user/userRegister', {
            name: 'Cuenta de Banco',
            email,
            password,
            passwordValidate: password,
            consent: true,
          }),
        201,
      ),
    );
    client.cookie = '';
  }
  const sampleRss = async (ms: number) => {
    const readings: number[] = [];
    const end = Date.now() + ms;
    while (Date.now() < end) {
      readings.push(server.rss());
      await new Promise((r) => setTimeout(r, 100));
    }
    return median(readings);
  };
  const rssIdleBefore = await sampleRss(2_000);
  let rssPeak = rssIdleBefore;
  const peak = setInterval(() => (rssPeak = Math.max(rssPeak, server.rss())), 50);
  const before = outbox();
  const withMail: number[] = [];
  const without: number[] = [];
  const burstStart = performance.now();
  try {
    for (let i = 0; i < REQUESTS; i++) {
      const reset = (email: string) => () =>
        client.call('POST', '/api/user/password-reset', { email });
      withMail.push(await timed(reset(emails[i % emails.length]!), 202));
      without.push(await timed(reset(`nadie-${i}@happydog.example`), 202));
    }
    while (outbox() < before + REQUESTS) await new Promise((r) => setTimeout(r, 50));
  } finally {
    clearInterval(peak);
  }
  const deliveredMs = performance.now() - burstStart;
  const rssIdleAfter = await sampleRss(2_000);
  log(
    `  reset p99 with e-mail ${quantile(withMail, 0.99).toFixed(1)} ms, without ${quantile(without, 0.99).toFixed(1)} ms; RSS ${(rssIdleBefore / MB).toFixed(0)} → peak ${(rssPeak / MB).toFixed(0)} → ${(rssIdleAfter / MB).toFixed(0)} MB`,
  );
  return {
    register: latencies(register),
    resetWithMail: latencies(withMail),
    resetWithout: latencies(without),
    rssIdleBefore,
    rssPeak,
    rssIdleAfter,
    deliveredMs,
  };
}

/** LIST_CLIENTS clients reading list pages one after another until `stop`; each request's time. */
async function listLoad(url: string, stop: AbortSignal): Promise<{ at: number; ms: number }[]> {
  const samples: { at: number; ms: number }[] = [];
  await Promise.all(
    Array.from({ length: LIST_CLIENTS }, async (_, c) => {
      for (let i = 0; !stop.aborted; i++) {
        // Pages all over the list (keyset `before`), so the list cache rarely answers alone.
        const path = `${LIST_PATH}&before=${1_000 + ((c * 7_919 + i * 104_729) % 99_000)}`;
        const at = performance.now();
        const res = await fetch(`${url}${path}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET ${path}: HTTP ${res.status}`);
        samples.push({ at, ms: performance.now() - at });
      }
    }),
  );
  return samples;
}

function runBackupCli(dataDir: string, file: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/backup/cli.ts', 'backup', file],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      (error, stdout, stderr) => (error ? reject(new Error(stderr || stdout)) : resolve(stdout)),
    ),
  );
}

async function measureBackups(o: JobsOptions, figures: JobsFigures): Promise<void> {
  const dataDir = join(o.dir, 'jobs-backup-data');
  mkdirSync(dataDir, { recursive: true });
  const start = (label: string, build = false) =>
    startServer({
      staticDir: join(o.dir, 'no-static'),
      storage: { DATA_DIR: dataDir },
      logFile: join(o.dir, `server-jobs-backup-${label}.log`),
      build,
      env: { BACKUP_INTERVAL: '0' },
    });
  let server = await start('owner');
  await new ApiClient(server.url).registerAndLogin(o.owner.name, o.owner.email, o.owner.password);
  await server.stop();
  o.log(`  bulk insert ${BACKUP_DOGS.toLocaleString('en-US')} dogs for the backup`);
  await bulkFill(dataDir, BACKUP_DOGS, o.owner.email, server.url);
  server = await start('100k');
  const backup: NonNullable<JobsFigures['backup']> = {
    ms: [],
    commandMs: [],
    bytes: [],
    listP99: [],
    listP99Without: [],
  };
  try {
    for (let run = 0; run < o.runs; run++) {
      // The same load without a backup, for comparison.
      const quiet = new AbortController();
      const quietLoad = listLoad(server.url, quiet.signal);
      await new Promise((r) => setTimeout(r, 5_000));
      quiet.abort();
      backup.listP99Without.push(
        quantile(
          (await quietLoad).map((s) => s.ms),
          0.99,
        ),
      );

      const stop = new AbortController();
      const load = listLoad(server.url, stop.signal);
      await new Promise((r) => setTimeout(r, 1_000));
      const file = join(o.dir, `backup-${run}.sql.gz`);
      const started = performance.now();
      const output = await runBackupCli(dataDir, file);
      const ended = performance.now();
      const serverMs = Number(/, (\d+) ms\)/.exec(output)?.[1] ?? NaN);
      stop.abort();
      const during = (await load).filter((s) => s.at + s.ms >= started && s.at <= ended);
      backup.ms.push(serverMs);
      backup.commandMs.push(ended - started);
      backup.bytes.push(statSync(file).size);
      backup.listP99.push(
        quantile(
          during.map((s) => s.ms),
          0.99,
        ),
      );
      o.log(
        `  backup ${run + 1}/${o.runs}: ${serverMs} ms in the server, ${(ended - started).toFixed(0)} ms for the command, ${(statSync(file).size / MB).toFixed(1)} MB; list p99 during it ${backup.listP99.at(-1)!.toFixed(1)} ms (${during.length} requests), without ${backup.listP99Without.at(-1)!.toFixed(1)} ms`,
      );
    }
  } finally {
    await server.stop();
  }
  figures.backup = backup;
}

export async function measureJobs(o: JobsOptions): Promise<JobsFigures> {
  const figures: JobsFigures = { drain: [], requests: [], notes: [] };

  o.log('jobs drained per second (embedded database, on its thread)');
  const embeddedDir = join(o.dir, 'jobs-drain-data');
  mkdirSync(embeddedDir, { recursive: true });
  const embedded = await openDatabase(loadConfig({ DATA_DIR: embeddedDir, SEED_DEMO: 'false' }));
  try {
    await migrate(embedded.db);
    const perSecond: number[] = [];
    for (let run = 0; run < o.runs; run++)
      perSecond.push(await drainRate(embedded.db, `bench_jobs_${run}`));
    figures.drain.push({ database: 'embedded PGlite', perSecond });
  } finally {
    await embedded.close();
  }

  let admin: pg.Client | undefined;
  const pgName = `bench_jobs_${randomBytes(4).toString('hex')}`;
  try {
    admin = new pg.Client({ connectionString: o.pgAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgName}`);
  } catch (error) {
    figures.notes.push(`PostgreSQL rows skipped: ${(error as Error).message}`);
    await admin?.end().catch(() => undefined);
    admin = undefined;
  }
  const pgUrl = () => {
    const url = new URL(o.pgAdminUrl);
    url.pathname = `/${pgName}`;
    return url.toString();
  };
  try {
    if (admin) {
      o.log('jobs drained per second (PostgreSQL)');
      const db = await openPostgres({ connectionString: pgUrl(), max: 10 });
      try {
        await migrate(db);
        const perSecond: number[] = [];
        for (let run = 0; run < o.runs; run++)
          perSecond.push(await drainRate(db, `bench_jobs_${run}`));
        figures.drain.push({ database: 'PostgreSQL', perSecond });
      } finally {
        await db.close();
      }
    }

    const serverEnv = {
      PASSWORD_RESET_RATE_LIMIT_IP: '0',
      PASSWORD_RESET_RATE_LIMIT_EMAIL: '0',
      BACKUP_INTERVAL: '0',
    };
    for (const [database, storage, outboxDir] of [
      [
        'embedded PGlite',
        { DATA_DIR: join(o.dir, 'jobs-requests-data') },
        join(o.dir, 'jobs-requests-data', 'outbox'),
      ],
      ...(admin
        ? ([
            [
              'PostgreSQL',
              { DATABASE_URL: pgUrl(), DATA_DIR: join(o.dir, 'jobs-requests-pg') },
              join(o.dir, 'jobs-requests-pg', 'outbox'),
            ],
          ] as const)
        : []),
    ] as const) {
      o.log(`request latency with and without an e-mail job (${database})`);
      mkdirSync(join(outboxDir, '..'), { recursive: true });
      const server = await startServer({
        staticDir: join(o.dir, 'no-static'),
        storage: storage as { DATA_DIR: string },
        logFile: join(o.dir, `server-jobs-${database.split(' ')[0]}.log`),
        build: false,
        env: serverEnv,
      });
      try {
        const count = () => {
          try {
            return readdirSync(outboxDir).length;
          } catch {
            return 0;
          }
        };
        figures.requests.push({ database, figures: await requestFigures(server, count, o.log) });
      } finally {
        await server.stop();
      }
    }
  } finally {
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  }

  o.log(`backups at ${BACKUP_DOGS.toLocaleString('en-US')} dogs`);
  await measureBackups(o, figures);
  return figures;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (v: number) => (v < MB ? `${(v / 1024).toFixed(0)} KB` : `${(v / MB).toFixed(1)} MB`);

export function jobsReport(f: JobsFigures): { markdown: string; failures: string[] } {
  const failures: string[] = [];
  const rows: string[][] = [];
  for (const d of f.drain)
    rows.push([
      `E-mail jobs drained per second (${d.database}; ${DRAIN_JOBS.toLocaleString('en-US')} jobs, one worker)`,
      '—',
      `${median(d.perSecond).toFixed(0)} /s`,
      d.perSecond.map((v) => v.toFixed(0)).join(', '),
    ]);
  for (const { database, figures: r } of f.requests) {
    rows.push(
      [
        `POST /api/user/password-reset p50 / p99, with its e-mail job (${database})`,
        '—',
        `${ms(r.resetWithMail.p50)} / ${ms(r.resetWithMail.p99)}`,
        `${REQUESTS} requests`,
      ],
      [
        `POST /api/user/password-reset p50 / p99, no account so no job (${database})`,
        '—',
        `${ms(r.resetWithout.p50)} / ${ms(r.resetWithout.p99)}`,
        `extra p99 for the job: ${ms(r.resetWithMail.p99 - r.resetWithout.p99)}`,
      ],
      [
        `POST /api/user/userRegister p50 / p99 (${database}; sends no e-mail)`,
        '—',
        `${ms(r.register.p50)} / ${ms(r.register.p99)}`,
        '40 requests (argon2id hashing)',
      ],
      [
        `Server RSS idle → while delivering → idle (${database})`,
        '—',
        `${mb(r.rssIdleBefore)} → ${mb(r.rssPeak)} → ${mb(r.rssIdleAfter)}`,
        `${REQUESTS} e-mails delivered to the outbox ${(r.deliveredMs / 1000).toFixed(1)} s after the first request`,
      ],
    );
  }
  if (f.backup) {
    const p99 = median(f.backup.listP99);
    const ok = p99 <= LIST_GOAL_MS;
    if (!ok) failures.push(`list p99 during a backup ${ms(p99)} > ${LIST_GOAL_MS} ms`);
    rows.push(
      [
        `Backup at ${BACKUP_DOGS.toLocaleString('en-US')} dogs: time in the server (dump and file)`,
        '—',
        `${(median(f.backup.ms) / 1000).toFixed(1)} s`,
        `\`npm run backup\` from start to end: ${f.backup.commandMs.map((v) => `${(v / 1000).toFixed(1)} s`).join(', ')}`,
      ],
      [
        `Backup at ${BACKUP_DOGS.toLocaleString('en-US')} dogs: size (gzipped SQL)`,
        '—',
        mb(median(f.backup.bytes)),
        '',
      ],
      [
        `List p99 during a backup (${LIST_CLIENTS} clients; without one: ${ms(median(f.backup.listP99Without))})`,
        `≤ ${LIST_GOAL_MS} ms`,
        `${ms(p99)} ${ok ? '✅' : '❌'}`,
        f.backup.listP99.map(ms).join(', '),
      ],
    );
  }
  const markdown = `## Background jobs and backups (\`BENCH_PART=jobs npm run bench\`)

| Metric | Target | Median | Runs / notes |
| --- | --- | --- | --- |
${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}
${f.notes.length ? `\n${f.notes.map((n) => `- ${n}`).join('\n')}\n` : ''}`;
  return { markdown, failures };
}
