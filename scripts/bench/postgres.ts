// The PostgreSQL columns of `npm run bench`: three server processes on one throwaway database
// at BENCH_PG_URL, with 10,000 and then 100,000 dogs inserted straight into it. For one process
// and for three (the 50 connections spread over them, one autocannon per process), the list's
// throughput against as many bare node:http servers sending the same bytes under the same
// spread, its p99, and PostgreSQL's transactions per second during the run (xact_commit +
// xact_rollback of the bench database in pg_stat_database). Then a read-after-write check across
// the three processes while autocannon loads all of them: after each acknowledged write (or
// logout) through one process, the very next read through the others must see it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { cannon, LIST_PATH, startBareServer, type CannonResult } from './api';
import {
  ApiClient,
  benchDog,
  fillDogs,
  startServer,
  type BenchServer,
  type FillTarget,
} from './server';
import { median } from './stats';

export const PG_SIZES = [10_000, 100_000] as const;
const CONNECTIONS = 50;
const PROCESSES = 3;

export interface PgRun {
  processes: number;
  /** One autocannon per process, run at the same time. */
  server: CannonResult[];
  bare: CannonResult[];
  /** PostgreSQL transactions per second on the bench database during the server run. */
  queriesPerSecond: number;
}

export interface PgColumn {
  dogs: number;
  runs: PgRun[];
  bodyBytes: number;
}

export interface PostgresFigures {
  columns: PgColumn[];
  /** Reads made right after an acknowledged write or logout through another process. */
  checks: number;
  stale: number;
  /** Requests autocannon made during the check, and their errors. */
  loadRequests: number;
  notes: string[];
}

export interface PostgresOptions {
  adminUrl: string;
  staticDir: string;
  dir: string;
  runs: number;
  seconds: number;
  log: (...args: unknown[]) => void;
}

/** 50 connections over `n` processes, as evenly as possible. */
const spread = (n: number) =>
  Array.from({ length: n }, (_, i) => Math.floor(CONNECTIONS / n) + (i < CONNECTIONS % n ? 1 : 0));

async function transactions(admin: pg.Client, name: string): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    'SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = $1',
    [name],
  );
  return Number(rows[0]?.n ?? NaN);
}

/**
 * One autocannon per URL at once. Backends publish their counters at most once a second, so the
 * rate is taken between one second after the start and half a second before the end (meaningful
 * from BENCH_SECONDS=5 on).
 */
async function loadAll(urls: string[], seconds: number, admin?: pg.Client, name?: string) {
  const conns = spread(urls.length);
  let rate = NaN;
  const sample =
    admin && name && seconds >= 3
      ? (async () => {
          await new Promise((r) => setTimeout(r, 1000));
          const a = await transactions(admin, name);
          const t0 = performance.now();
          await new Promise((r) => setTimeout(r, (seconds - 1.5) * 1000));
          const b = await transactions(admin, name);
          rate = (b - a) / ((performance.now() - t0) / 1000);
        })()
      : Promise.resolve();
  const results = await Promise.all(
    urls.map((url, i) => cannon(url + LIST_PATH, seconds, conns[i])),
  );
  await sample;
  return { results, rate };
}

/** Adds dogs straight into the database until it holds `total` (the servers keep running). */
function fill(db: pg.Client, total: number, ownerEmail: string, origin: string) {
  const target: FillTarget = {
    query: async <T>(text: string, params?: unknown[]) =>
      (await db.query(text, params)).rows as T[],
    exec: async (sql) => void (await db.query(sql)),
  };
  return fillDogs(target, total, ownerEmail, origin);
}

async function measureSize(
  servers: BenchServer[],
  admin: pg.Client,
  name: string,
  dogs: number,
  o: PostgresOptions,
): Promise<PgColumn> {
  const res = await fetch(servers[0]!.url + LIST_PATH);
  if (!res.ok) throw new Error(`GET ${LIST_PATH}: HTTP ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  const bares = [];
  try {
    for (let i = 0; i < PROCESSES; i++) bares.push(await startBareServer(body, o.dir));
    // Warm-up (JIT, pools, the first reads after the insert); not counted.
    await loadAll(
      bares.map((b) => b.url),
      2,
    );
    await loadAll(
      servers.map((s) => s.url),
      3,
    );
    const runs: PgRun[] = [];
    for (const processes of [1, PROCESSES]) {
      for (let i = 0; i < o.runs; i++) {
        const bare = await loadAll(
          bares.slice(0, processes).map((b) => b.url),
          o.seconds,
        );
        const server = await loadAll(
          servers.slice(0, processes).map((s) => s.url),
          o.seconds,
          admin,
          name,
        );
        const run = {
          processes,
          server: server.results,
          bare: bare.results,
          queriesPerSecond: server.rate,
        };
        o.log(
          `  PostgreSQL, ${dogs} dogs, ${processes} process(es), run ${i + 1}: ` +
            `server ${totalRps(run.server).toFixed(0)} req/s p99 ${maxP99(run.server)} ms, ` +
            `bare ${totalRps(run.bare).toFixed(0)} req/s; ${run.queriesPerSecond.toFixed(0)} PostgreSQL transactions/s`,
        );
        runs.push(run);
      }
    }
    return { dogs, runs, bodyBytes: body.length };
  } finally {
    for (const b of bares) await b.stop();
  }
}

const totalRps = (results: CannonResult[]) => results.reduce((sum, r) => sum + r.rps, 0);
const maxP99 = (results: CannonResult[]) => Math.max(...results.map((r) => r.p99));

/**
 * While autocannon loads every process, writes (and logouts) go through one process in turn and
 * are read back at once through the others: every such read must see the change.
 */
async function readAfterWrite(servers: BenchServer[], seconds: number, notes: string[]) {
  const writers: ApiClient[] = [];
  for (const [i, s] of servers.entries()) {
    const c = new ApiClient(s.url);
    await c.registerAndLogin(`Escritora ${i}`, `escritora${i}@happydog.example`, 'bench-secreto-1');
    writers.push(c);
  }
  let checks = 0;
  let stale = 0;
  const fail = (what: string) => {
    stale += 1;
    if (notes.length < 20) notes.push(`PostgreSQL read-after-write: ${what}`);
  };
  const list = async (client: ApiClient) =>
    JSON.parse((await client.call('GET', LIST_PATH)).text) as { id: number; name: string }[];

  const load = Promise.all(
    servers.map((s, i) => cannon(s.url + LIST_PATH, seconds, spread(servers.length)[i])),
  );
  const end = Date.now() + seconds * 1000 - 500;
  for (let round = 0; Date.now() < end; round++) {
    const w = round % servers.length;
    const writer = writers[w]!;
    const others = servers.filter((_, i) => i !== w);
    const readers = others.map((s, i) => ({
      anon: new ApiClient(s.url),
      logged: Object.assign(new ApiClient(s.url), {
        cookie: writers[(w + 1 + i) % writers.length]!.cookie,
      }),
    }));
    // Fill the caches first.
    for (const r of readers) await Promise.all([list(r.anon), list(r.logged)]);
    const created = await writer.call('POST', '/api/dog', benchDog(round));
    const dog = (JSON.parse(created.text) as { dog: { id: number } }).dog;
    for (const r of readers) {
      for (const client of [r.anon, r.logged]) {
        checks += 2;
        if ((await list(client))[0]?.id !== dog.id) fail('a new dog was not first in the list');
        if ((await client.call('GET', `/api/dog/${dog.id}`)).status !== 200)
          fail('a new dog was not found');
      }
    }
    await writer.call('PUT', `/api/dog/${dog.id}`, {
      ...benchDog(round),
      name: 'Renombrado',
    });
    for (const r of readers) {
      checks += 1;
      if ((await list(r.anon))[0]?.name !== 'Renombrado') fail('an update was not seen');
    }
    await writer.call('DELETE', `/api/dog/${dog.id}`);
    for (const r of readers) {
      checks += 2;
      if ((await list(r.anon))[0]?.id === dog.id) fail('a deleted dog was still listed');
      if ((await r.anon.call('GET', `/api/dog/${dog.id}`)).status !== 404)
        fail('a deleted dog was still found');
    }
    // A session seen by the other processes, ended through this one.
    const visitor = new ApiClient(writer.base);
    await visitor.registerAndLogin(
      `Visita ${round}`,
      `visita${round}@happydog.example`,
      'bench-secreto-1',
    );
    const elsewhere = others.map((s) =>
      Object.assign(new ApiClient(s.url), { cookie: visitor.cookie }),
    );
    for (const c of elsewhere) await c.call('GET', '/api/user/me');
    await visitor.call('GET', '/api/user/userLogout');
    for (const c of elsewhere) {
      checks += 1;
      if ((await c.call('GET', '/api/user/me')).status !== 401)
        fail('a logged-out session still worked');
    }
  }
  const results = await load;
  return { checks, stale, loadRequests: results.reduce((s, r) => s + r.requests, 0) };
}

export async function measurePostgres(o: PostgresOptions): Promise<PostgresFigures | string> {
  const admin = new pg.Client({ connectionString: o.adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL columns skipped: ${(error as Error).message}`;
  }
  const name = `happydog_bench_${randomBytes(4).toString('hex')}`;
  const servers: BenchServer[] = [];
  let db: pg.Client | undefined;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(o.adminUrl);
    url.pathname = `/${name}`;
    for (let i = 0; i < PROCESSES; i++) {
      servers.push(
        await startServer({
          staticDir: o.staticDir,
          storage: { DATABASE_URL: url.toString() },
          logFile: `${o.dir}/server-pg-${i}.log`,
          build: false,
        }),
      );
    }
    const owner = new ApiClient(servers[0]!.url);
    await owner.registerAndLogin('Banco de Pruebas', 'bench@happydog.example', 'bench-secreto-1');
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const columns: PgColumn[] = [];
    for (const dogs of PG_SIZES) {
      o.log(`PostgreSQL: insert up to ${dogs.toLocaleString('en-US')} dogs (servers running)`);
      await fill(db, dogs, 'bench@happydog.example', servers[0]!.url);
      columns.push(await measureSize(servers, admin, name, dogs, o));
    }
    o.log('PostgreSQL: read-after-write across 3 processes under load');
    const notes: string[] = [];
    const check = await readAfterWrite(servers, o.seconds, notes);
    return { columns, ...check, notes };
  } finally {
    await db?.end().catch(() => undefined);
    for (const s of servers) await s.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

export interface PgRow {
  metric: string;
  target: string;
  /** 10, 10,000 and 100,000 dogs. */
  cells: (string | undefined)[];
  ok?: boolean | 'skipped';
}

/** The PostgreSQL rows of the benchmark table (medians over the runs). */
export function postgresRows(figures: PostgresFigures | string | undefined): PgRow[] {
  if (figures === undefined || typeof figures === 'string') {
    return [
      {
        metric: 'PostgreSQL (1 and 3 processes)',
        target: '',
        cells: [undefined, undefined, 'skipped'],
        ok: 'skipped',
      },
    ];
  }
  const runsOf = (c: PgColumn, n: number) => c.runs.filter((r) => r.processes === n);
  const perProcess = (c: PgColumn, n: number, k: 'server' | 'bare') =>
    median(runsOf(c, n).map((r) => totalRps(r[k]) / n));
  const ratio = (c: PgColumn, n: number) => perProcess(c, n, 'server') / perProcess(c, n, 'bare');
  const p99 = (c: PgColumn, n: number) => median(runsOf(c, n).map((r) => maxP99(r.server)));
  const qps = (c: PgColumn, n: number) => median(runsOf(c, n).map((r) => r.queriesPerSecond));
  const errors = (c: PgColumn) =>
    c.runs.reduce((sum, r) => sum + r.server.reduce((s, x) => s + x.errors, 0), 0);
  const cells = (f: (c: PgColumn) => string) => [undefined, ...figures.columns.map(f)];
  const rows: PgRow[] = [];
  for (const n of [1, PROCESSES]) {
    const label =
      n === 1 ? '1 process' : `${n} processes (connections spread, one autocannon each)`;
    rows.push({
      metric: `PostgreSQL, ${label}: list req/s per process (bare node:http per process)`,
      target: '≥ ½ of bare',
      cells: cells(
        (c) =>
          `${perProcess(c, n, 'server').toFixed(0)} (${perProcess(c, n, 'bare').toFixed(0)}; ${(ratio(c, n) * 100).toFixed(0)}%)`,
      ),
      ok: figures.columns.every((c) => ratio(c, n) >= 0.5),
    });
    rows.push({
      metric: `PostgreSQL, ${label}: list p99 (worst process)`,
      target: '≤ 20 ms',
      cells: cells((c) => `${p99(c, n)} ms`),
      ok: figures.columns.every((c) => p99(c, n) <= 20),
    });
    rows.push({
      metric: `PostgreSQL, ${label}: PostgreSQL transactions/s during the run`,
      target: '(reported)',
      cells: cells((c) => qps(c, n).toFixed(0)),
    });
  }
  rows.push({
    metric: 'PostgreSQL list errors (all runs)',
    target: '0',
    cells: cells((c) => String(errors(c))),
    ok: figures.columns.every((c) => errors(c) === 0),
  });
  rows.push({
    metric:
      'Stale reads right after a write or logout through another of 3 PostgreSQL processes, under load',
    target: '0',
    cells: [undefined, undefined, `${figures.stale} of ${figures.checks}`],
    ok: figures.stale === 0 && figures.checks > 0,
  });
  return rows;
}
