// Organization page figures (`BENCH_PART=orgs`): an organization's public page,
// /fundaciones/$slug, drawn on the server, when the organization has 1,000 dogs (800 of them
// looking for a home). The server runs the production build on a new embedded DATA_DIR; the
// organization and its dogs are written with SQL while it is stopped. The page is read as a
// visitor's browser asks for it (HTML, brotli), one request at a time on a kept-alive connection:
// 30 warm-up reads, then 300 measured ones per run; then Lighthouse 12 (mobile) on it.
import { mkdirSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config';
import { freePort } from '../../test/support/local-processes';
import { openDatabase } from '../../src/server/db/open';
import { lighthouse, type LighthouseRun } from './browser';
import { ApiClient, fillDogs, startServer } from './server';
import { median } from './stats';

const DOGS = 1_000;
const SLUG = 'fundacion-huellitas-del-valle';
const WARM_UP = 30;
const READS = 300;
const TARGET_P99_MS = 50;

export interface OrgFigures {
  readsMs: number[][];
  /** The same reads, one run, of what the page is made of and of a page like it, for comparison. */
  compared: { path: string; label: string; times: number[] }[];
  bytes: number;
  available: number;
  lighthouse: LighthouseRun[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The organization, its admin (`ownerEmail`) and DOGS dogs published for it. */
async function fillOrg(dataDir: string, ownerEmail: string, origin: string): Promise<number> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    const db = database.db;
    await fillDogs(db, DOGS, ownerEmail, origin);
    const [org] = await db.query<{ id: number }>(
      `INSERT INTO orgs (slug, name, kind, zone, description, links, verified_at, created_at, updated_at)
       VALUES ($1, 'Fundación Huellitas del Valle', 'fundacion', 'cali-comuna-17',
               'Rescatamos perros de la calle en el sur de Cali desde 2015. Esterilizamos, vacunamos y acompañamos cada adopción.',
               '["https://instagram.com/huellitasdelvalle"]', now(), now(), now())
       RETURNING id`,
      [SLUG],
    );
    await db.query(
      `INSERT INTO org_members (org_id, user_id, role, joined_at)
       SELECT $1, id, 'admin', now() FROM users WHERE email = $2`,
      [org!.id, ownerEmail],
    );
    await db.query('UPDATE dogs SET org_id = $1', [org!.id]);
    await db.exec('VACUUM ANALYZE dogs');
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dogs WHERE status IN ('available', 'pending')`,
    );
    return row!.n;
  } finally {
    await database.close();
  }
}

export async function measureOrgPage(o: {
  dir: string;
  staticDir: string;
  runs: number;
  owner: { name: string; email: string; password: string };
  log: (...args: unknown[]) => void;
}): Promise<OrgFigures> {
  const dataDir = join(o.dir, 'orgs-data');
  mkdirSync(dataDir, { recursive: true });
  // One port for both starts: the dogs' pictures are stored with the first server's address.
  const port = await freePort();
  const start = (label: string, build: boolean) =>
    startServer({
      port,
      staticDir: o.staticDir,
      storage: { DATA_DIR: dataDir },
      logFile: join(o.dir, `server-orgs-${label}.log`),
      build,
    });
  let server = await start('setup', true);
  const origin = server.url;
  await new ApiClient(server.url).registerAndLogin(o.owner.name, o.owner.email, o.owner.password);
  await server.stop();
  o.log(`writing an organization with ${DOGS} dogs (server stopped)`);
  const available = await fillOrg(dataDir, o.owner.email, origin);
  server = await start('page', false);
  const figures: OrgFigures = { readsMs: [], compared: [], bytes: 0, available, lighthouse: [] };
  const path = `/fundaciones/${SLUG}`;
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const read = (target = path) =>
      new Promise<{ elapsed: number; bytes: number }>((resolve, reject) => {
        const started = performance.now();
        const req = httpGet(
          `${server.url}${target}`,
          {
            agent,
            headers: {
              accept: target.startsWith('/api/') ? 'application/json' : 'text/html',
              'accept-encoding': 'br, gzip',
            },
          },
          (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('error', reject);
            res.on('end', () => {
              if (res.statusCode !== 200)
                return reject(new Error(`${target}: HTTP ${res.statusCode}`));
              resolve({ elapsed: performance.now() - started, bytes });
            });
          },
        );
        req.on('error', reject);
      });
    for (let i = 0; i < WARM_UP; i++) await read();
    for (let run = 0; run < o.runs; run++) {
      const times: number[] = [];
      for (let i = 0; i < READS; i++) {
        const { elapsed, bytes } = await read();
        times.push(elapsed);
        figures.bytes = bytes;
      }
      figures.readsMs.push(times);
      o.log(
        `  run ${run + 1}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
    }
    for (const [target, label] of [
      [`/api/orgs/${SLUG}`, 'its data alone (the API the page asks)'],
      ['/perros', 'the catalogue page, also 24 cards drawn on the server'],
      ['/api/dog?limit=24', 'the catalogue API alone'],
    ] as const) {
      for (let i = 0; i < WARM_UP; i++) await read(target);
      const times: number[] = [];
      for (let i = 0; i < READS; i++) times.push((await read(target)).elapsed);
      figures.compared.push({ path: target, label, times });
      o.log(
        `  ${target}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
    }
    agent.destroy();
    for (let i = 0; i < o.runs; i++) {
      const run = await lighthouse(server.url + path);
      o.log(
        `  lighthouse ${path} ${i + 1}/${o.runs}: ${run.performance}/${run.accessibility}/${run.bestPractices}/${run.seo}` +
          (run.failing.length ? ` failing: ${run.failing.join(', ')}` : ''),
      );
      figures.lighthouse.push(run);
    }
  } finally {
    await server.stop();
  }
  return figures;
}

export function orgReport(f: OrgFigures): { markdown: string; failures: string[] } {
  const p99 = median(f.readsMs.map((times) => percentile(times, 99)));
  const p50 = median(f.readsMs.map((times) => percentile(times, 50)));
  const failures: string[] = [];
  const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
  const lines = [
    '| Organization page metric | Target | Runs | Median | |',
    '|---|---|---|---|---|',
    `| \`/fundaciones/$slug\` (${DOGS.toLocaleString('en-US')} dogs in the organization, ${f.available} looking for a home), server-drawn HTML, p99 of ${READS} sequential reads (brotli, ${Math.round(f.bytes / 1024)} KB) | ≤ ${TARGET_P99_MS} ms | ${f.readsMs.map((t) => percentile(t, 99).toFixed(1)).join(', ')} ms | ${p99.toFixed(1)} ms (p50 ${p50.toFixed(1)} ms) | ${verdict(p99 <= TARGET_P99_MS)} |`,
  ];
  for (const c of f.compared)
    lines.push(
      `| \`${c.path}\` — ${c.label}, p99 of ${READS} sequential reads (compared, one run) | — | ${percentile(c.times, 99).toFixed(1)} ms | p50 ${percentile(c.times, 50).toFixed(1)} ms | |`,
    );
  if (p99 > TARGET_P99_MS) failures.push('/fundaciones/$slug p99');
  for (const [label, key] of [
    ['Lighthouse 12 mobile: performance', 'performance'],
    ['Lighthouse 12 mobile: accessibility', 'accessibility'],
    ['Lighthouse 12 mobile: best practices', 'bestPractices'],
    ['Lighthouse 12 mobile: SEO', 'seo'],
  ] as const) {
    const values = f.lighthouse.map((r) => r[key]);
    const value = median(values);
    if (value < 100) failures.push(`/fundaciones/$slug ${label}`);
    lines.push(
      `| \`/fundaciones/$slug\` ${label} | 100 | ${values.join(', ')} | ${value} | ${verdict(value >= 100)} |`,
    );
  }
  const failing = [...new Set(f.lighthouse.flatMap((r) => r.failing))];
  return {
    markdown: `${lines.join('\n')}${failing.length ? `\n\nLighthouse audits below 1: ${failing.join(', ')}.` : ''}`,
    failures,
  };
}
