// The catalogue's part of the benchmark (BENCH_PART=catalogue). At BENCH_CATALOGUE_DOGS dogs
// (default 100,000) with varied profiles, on the embedded database and on PostgreSQL:
// - the plan (EXPLAIN, printed in the log) and the uncached time of each single filter's list page
//   (GET /api/dog?limit=24&…) and count (GET /api/dog/count?…), straight on the database;
// - autocannon, 50 connections, against both endpoints of a running server for each filter.
// The search words: one in 1,000 dogs has "azabache" (scripts/bench/server.ts), "jugueton"
// matches about 3 dogs in 10 (juguetona, juguetón, juguetes).
import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/open';
import { createDogRepository } from '../../src/server/dogs/repository';
import type { DogFilters } from '../../src/shared/dog';
import { cannon } from './api';
import { fillDogs, startServer, ApiClient, type BenchServer, type FillTarget } from './server';

export const CATALOGUE_FILTERS: Array<[string, DogFilters]> = [
  ['q=azabache (rare word)', { q: 'azabache' }],
  ['q=jugueton (common word)', { q: 'jugueton' }],
  ['city=Cali', { city: 'Cali' }],
  ['size=small', { size: 'small' }],
  ['sex=female', { sex: 'female' }],
  ['age=puppy', { age: 'puppy' }],
  ['age=young', { age: 'young' }],
  ['age=adult', { age: 'adult' }],
  ['age=senior', { age: 'senior' }],
  ['status=pending', { status: 'pending' }],
];

export const CONNECTIONS = 50;
export const P99_TARGET_MS = 50;

type Endpoint = 'list' | 'count';

export interface CatalogueRow {
  storage: string;
  endpoint: Endpoint;
  label: string;
  usesIndex: boolean;
  /** Median uncached time of the statement, straight on the database. */
  uncachedMs: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const toQuery = (filters: DogFilters) =>
  Object.entries(filters)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

const path = (endpoint: Endpoint, filters: DogFilters) =>
  endpoint === 'list'
    ? `/api/dog?limit=24&${toQuery(filters)}`
    : `/api/dog/count?${toQuery(filters)}`;

/** An index serves the plan, and no sequential scan reads the dogs table. */
export const planUsesIndex = (plan: string) =>
  /Index Scan|Index Only Scan|Bitmap Index Scan/.test(plan) && !/Seq Scan on dogs\b/.test(plan);

interface PlanFigures {
  usesIndex: boolean;
  uncachedMs: number;
}

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * EXPLAIN of every filtered list page and count (into the log) and their uncached times (median
 * of `runs`), on the database of `storage`; the server must not hold it (the DATA_DIR lock).
 */
export async function explainCatalogue(
  storage: { DATA_DIR: string } | { DATABASE_URL: string },
  label: string,
  runs: number,
  log: (m: string) => void,
): Promise<Map<string, PlanFigures>> {
  const database = await openDatabase(loadConfig({ ...storage, LOG_LEVEL: 'silent' }));
  const figures = new Map<string, PlanFigures>();
  try {
    const dogs = createDogRepository(database.db);
    for (const [name, filters] of CATALOGUE_FILTERS) {
      for (const endpoint of ['list', 'count'] as const) {
        const plan =
          endpoint === 'list'
            ? await dogs.explainList({ limit: 24, filters })
            : await dogs.explainCount(filters);
        log(`${label}: EXPLAIN GET ${path(endpoint, filters)}\n${plan}`);
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          if (endpoint === 'list') await dogs.listJson({ limit: 24, withOwner: false, filters });
          else await dogs.countJson(filters);
          times.push(performance.now() - t0);
        }
        figures.set(`${endpoint} ${name}`, {
          usesIndex: planUsesIndex(plan),
          uncachedMs: medianOf(times),
        });
      }
    }
  } finally {
    await database.close();
  }
  return figures;
}

/** autocannon, 50 connections, against each filtered list and count of the running server. */
export async function loadCatalogue(
  url: string,
  storage: string,
  plans: Map<string, PlanFigures>,
  seconds: number,
  log: (m: string) => void,
): Promise<CatalogueRow[]> {
  const rows: CatalogueRow[] = [];
  for (const [label, filters] of CATALOGUE_FILTERS) {
    for (const endpoint of ['list', 'count'] as const) {
      const target = path(endpoint, filters);
      // The body must be a real answer (a 400 would be fast and wrong).
      const check = await fetch(url + target);
      if (!check.ok) throw new Error(`GET ${target}: HTTP ${check.status} ${await check.text()}`);
      const r = await cannon(url + target, seconds, CONNECTIONS);
      const plan = plans.get(`${endpoint} ${label}`)!;
      log(
        `${storage}: GET ${target}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ` +
          `${r.errors} errors; uncached ${plan.uncachedMs.toFixed(1)} ms, index ${plan.usesIndex}`,
      );
      rows.push({ storage, endpoint, label, ...plan, ...r });
    }
  }
  return rows;
}

/**
 * The PostgreSQL half: a throwaway database at `adminUrl`, one server process on it, dogs
 * inserted straight into it up to `total`, then the same plans and load as the embedded half.
 */
export async function postgresCatalogue(o: {
  adminUrl: string;
  staticDir: string;
  dir: string;
  total: number;
  seconds: number;
  owner: { name: string; email: string; password: string };
  log: (m: string) => void;
}): Promise<CatalogueRow[] | string> {
  const admin = new pg.Client({ connectionString: o.adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL skipped: ${(error as Error).message}`;
  }
  const name = `happydog_bench_${Math.random().toString(16).slice(2, 10)}`;
  let server: BenchServer | undefined;
  let db: pg.Client | undefined;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(o.adminUrl);
    url.pathname = `/${name}`;
    const storage = { DATABASE_URL: url.toString() };
    server = await startServer({
      staticDir: o.staticDir,
      storage,
      logFile: `${o.dir}/server-catalogue-pg.log`,
      build: false,
    });
    const owner = new ApiClient(server.url);
    await owner.registerAndLogin(o.owner.name, o.owner.email, o.owner.password);
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const client = db;
    const target: FillTarget = {
      query: async <T>(text: string, params?: unknown[]) =>
        (await client.query(text, params)).rows as T[],
      exec: async (sql) => void (await client.query(sql)),
    };
    o.log(`PostgreSQL: insert up to ${o.total.toLocaleString('en-US')} dogs`);
    await fillDogs(target, o.total, o.owner.email, server.url);
    // PostgreSQL serves other connections while the plans are read: no need to stop the server.
    const plans = await explainCatalogue(storage, 'PostgreSQL', 20, o.log);
    return await loadCatalogue(server.url, 'PostgreSQL', plans, o.seconds, o.log);
  } finally {
    await db?.end().catch(() => undefined);
    await server?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

/** The table of both storages' rows. */
export function catalogueTable(rows: CatalogueRow[]): { markdown: string; failures: string[] } {
  const failures: string[] = [];
  const lines = [
    '| storage | endpoint | filter | req/s | p50 | p99 (≤ 50 ms) | errors | plan uses index | uncached query | verdict |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    // A list page must be read through an index; a count of a filter that keeps half the dogs
    // may rightly read the table (reported, not judged).
    const ok = r.p99 <= P99_TARGET_MS && r.errors === 0 && (r.endpoint === 'count' || r.usesIndex);
    if (!ok) failures.push(`${r.storage} ${r.endpoint} ${r.label}`);
    lines.push(
      `| ${r.storage} | ${r.endpoint === 'list' ? 'GET /api/dog?limit=24&…' : 'GET /api/dog/count?…'} | ${r.label} | ` +
        `${Math.round(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.usesIndex ? 'yes' : 'no'} | ` +
        `${r.uncachedMs.toFixed(1)} ms | ${ok ? 'pass' : 'FAIL'} |`,
    );
  }
  return { markdown: lines.join('\n'), failures };
}
