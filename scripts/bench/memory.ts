// Start-up time and resident memory of the server process (`BENCH_PART=memory`, and part of the
// full run): embedded on a new empty DATA_DIR, embedded reopened, and on PostgreSQL.
//
// - New empty DATA_DIR (as `npm start` with the demo seed): time from spawn to the first 200 on
//   `/` (polled every 20 ms) and RSS then; once per run, each on its own new directory.
// - Reopened: the last of those directories started again, RSS after 2 s idle; once per run.
// - 100,000 dogs (bulk-inserted, server stopped): restarted, then per run one autocannon load run
//   on the list API (50 connections), RSS right after it.
// - PostgreSQL (a throwaway database at `pgAdmin`): RSS after 2 s idle per run, then the same
//   100,000 dogs and load runs.
// Every figure is the median over the runs; RSS is VmRSS of the server process.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { cannon, LIST_PATH } from './api';
import { ApiClient, bulkFill, startServer, type BenchServer } from './server';
import { median } from './stats';

export interface MemoryOptions {
  staticDir: string;
  /** Scratch directory (data directories and logs go below it). */
  dir: string;
  runs: number;
  seconds: number;
  /** Admin URL of a PostgreSQL where a throwaway database may be created. */
  pgAdmin: string;
  owner: { name: string; email: string; password: string };
  log: (...args: unknown[]) => void;
}

export interface MemoryFigures {
  firstPageMs: number[];
  rssAfterStart: number[];
  rssReopenedIdle: number[];
  rssAfterLoad: number[];
  pg: { rssIdle: number[]; rssAfterLoad: number[] } | { skipped: string };
}

const MB = 1024 * 1024;
const DOGS = 100_000;
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function loadRuns(server: BenchServer, o: MemoryOptions): Promise<number[]> {
  const rss: number[] = [];
  for (let i = 0; i < o.runs; i++) {
    const result = await cannon(server.url + LIST_PATH, o.seconds);
    rss.push(server.rss());
    o.log(
      `  load run ${i + 1}: ${result.rps.toFixed(0)} req/s, errors ${result.errors}, ` +
        `RSS ${(server.rss() / MB).toFixed(0)} MB`,
    );
  }
  return rss;
}

async function embedded(o: MemoryOptions): Promise<Omit<MemoryFigures, 'pg'>> {
  const firstPageMs: number[] = [];
  const rssAfterStart: number[] = [];
  let dataDir = '';
  for (let i = 0; i < o.runs; i++) {
    dataDir = join(o.dir, `memory-new-${i}`, 'data');
    mkdirSync(join(o.dir, `memory-new-${i}`));
    const server = await startServer({
      staticDir: o.staticDir,
      storage: { DATA_DIR: dataDir },
      logFile: join(o.dir, `server-memory-new-${i}.log`),
      build: false,
      env: { SEED_DEMO: 'true' },
      readyPath: '/',
      pollMs: 20,
    });
    firstPageMs.push(server.readyMs);
    rssAfterStart.push(server.rss());
    o.log(
      `  new DATA_DIR ${i + 1}: first 200 on / after ${server.readyMs.toFixed(0)} ms, ` +
        `RSS ${(server.rss() / MB).toFixed(0)} MB`,
    );
    if (i === o.runs - 1) {
      await new ApiClient(server.url).registerAndLogin(
        o.owner.name,
        o.owner.email,
        o.owner.password,
      );
    }
    await server.stop();
  }

  const rssReopenedIdle: number[] = [];
  for (let i = 0; i < o.runs; i++) {
    const server = await startServer({
      staticDir: o.staticDir,
      storage: { DATA_DIR: dataDir },
      logFile: join(o.dir, `server-memory-reopened-${i}.log`),
      build: false,
    });
    await settle(2_000);
    rssReopenedIdle.push(server.rss());
    o.log(`  reopened ${i + 1}: RSS idle ${(server.rss() / MB).toFixed(0)} MB`);
    await server.stop();
  }

  o.log(`  bulk insert up to ${DOGS.toLocaleString('en-US')} dogs (server stopped)`);
  await bulkFill(dataDir, DOGS, o.owner.email, 'http://127.0.0.1');
  const server = await startServer({
    staticDir: o.staticDir,
    storage: { DATA_DIR: dataDir },
    logFile: join(o.dir, `server-memory-100k.log`),
    build: false,
  });
  try {
    return { firstPageMs, rssAfterStart, rssReopenedIdle, rssAfterLoad: await loadRuns(server, o) };
  } finally {
    await server.stop();
  }
}

async function postgres(o: MemoryOptions): Promise<MemoryFigures['pg']> {
  const admin = new pg.Client({ connectionString: o.pgAdmin, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: (error as Error).message };
  }
  const name = `happydog_bench_mem_${randomBytes(4).toString('hex')}`;
  let server: BenchServer | undefined;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(o.pgAdmin);
    url.pathname = `/${name}`;
    const storage = { DATABASE_URL: url.toString() };
    const rssIdle: number[] = [];
    for (let i = 0; i < o.runs; i++) {
      server = await startServer({
        staticDir: o.staticDir,
        storage,
        logFile: join(o.dir, `server-memory-pg-${i}.log`),
        build: false,
      });
      await settle(2_000);
      rssIdle.push(server.rss());
      o.log(`  PostgreSQL ${i + 1}: RSS idle ${(server.rss() / MB).toFixed(0)} MB`);
      if (i === 0) {
        await new ApiClient(server.url).registerAndLogin(
          o.owner.name,
          o.owner.email,
          o.owner.password,
        );
      }
      await server.stop();
      server = undefined;
    }
    await bulkFill(storage, DOGS, o.owner.email, 'http://127.0.0.1');
    server = await startServer({
      staticDir: o.staticDir,
      storage,
      logFile: join(o.dir, `server-memory-pg-100k.log`),
      build: false,
    });
    return { rssIdle, rssAfterLoad: await loadRuns(server, o) };
  } finally {
    await server?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

export async function measureMemory(o: MemoryOptions): Promise<MemoryFigures> {
  o.log('memory: embedded database, new and reopened DATA_DIR');
  const figures = await embedded(o);
  o.log('memory: PostgreSQL');
  return { ...figures, pg: await postgres(o) };
}

/** The memory table (markdown), the targets it misses, and the per-run figures. */
export function memoryReport(f: MemoryFigures): {
  markdown: string;
  failures: string[];
  details: string[];
} {
  const rows: string[][] = [];
  const failures: string[] = [];
  const mb = (v: number) => `${(v / MB).toFixed(0)} MB`;
  const row = (metric: string, target: string, value: string, ok?: boolean) => {
    if (ok === false) failures.push(metric);
    rows.push([metric, target, value, ok === undefined ? '' : ok ? 'pass' : 'FAIL']);
  };
  const first = median(f.firstPageMs);
  const start = median(f.rssAfterStart);
  const load = median(f.rssAfterLoad);
  const reopened = median(f.rssReopenedIdle);
  row(
    'Embedded, new empty `DATA_DIR`: first 200 on `/` after spawn',
    '≤ 1,500 ms',
    `${first.toFixed(0)} ms`,
    first <= 1500,
  );
  row('Embedded, new empty `DATA_DIR`: RSS after start', '≤ 350 MB', mb(start), start <= 350 * MB);
  row(
    `Embedded: RSS after the ${DOGS.toLocaleString('en-US')}-dog load run`,
    '≤ 450 MB',
    mb(load),
    load <= 450 * MB,
  );
  row('Embedded, reopened: RSS idle', '≤ 300 MB', mb(reopened), reopened <= 300 * MB);
  if ('skipped' in f.pg) {
    row('PostgreSQL: RSS idle', '(reported)', `skipped (${f.pg.skipped})`);
  } else {
    row('PostgreSQL: RSS idle', '(reported)', mb(median(f.pg.rssIdle)));
    row(
      `PostgreSQL: RSS after the ${DOGS.toLocaleString('en-US')}-dog load run`,
      '(reported)',
      mb(median(f.pg.rssAfterLoad)),
    );
  }
  const header = ['Memory and start-up (server process)', 'Target', 'Figure', 'Result'];
  const lines = [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`);
  const list = (values: number[], unit: (v: number) => string) => values.map(unit).join(', ');
  const details = [
    `- New empty DATA_DIR: first 200 on / ${list(f.firstPageMs, (v) => `${v.toFixed(0)} ms`)}; RSS ${list(f.rssAfterStart, mb)}`,
    `- Reopened, idle: RSS ${list(f.rssReopenedIdle, mb)}; after each load run: ${list(f.rssAfterLoad, mb)}`,
    'skipped' in f.pg
      ? `- PostgreSQL: skipped (${f.pg.skipped})`
      : `- PostgreSQL: idle RSS ${list(f.pg.rssIdle, mb)}; after each load run: ${list(f.pg.rssAfterLoad, mb)}`,
  ];
  return { markdown: lines.join('\n'), failures, details };
}
