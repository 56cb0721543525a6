// `npm run bench`: the performance and scale benchmark (landing page, API throughput, scale).
//
// Builds the app (scripts/start.mjs with STATIC_DIR = a temporary directory, so a build running
// in the work tree is never disturbed), starts the production server on a temporary embedded
// DATA_DIR, registers the owner, bulk-inserts 10 dogs straight into PGlite (INSERT … SELECT
// generate_series) and measures; then does the same up to 10,000 and 100,000 dogs and measures
// again. Every figure is the median of BENCH_RUNS runs (default 3). Prints one table and writes it
// to BENCHMARKS.md.
//
// Options (environment): BENCH_RUNS (≥ 3 for a real result), BENCH_SECONDS (autocannon duration,
// default 10), BENCH_PG_URL (admin URL of a PostgreSQL for the two-process check; default
// postgres://postgres@127.0.0.1:5432/postgres, skipped when unreachable), BENCH_OUT (default
// BENCHMARKS.md; "-" writes nothing), BENCH_KEEP=1 keeps the temporary directory,
// BENCH_LHR_DIR keeps every Lighthouse report (JSON) in that directory,
// BENCH_PART=landing measures only the landing page with 10 dogs (while working on it);
// BENCH_PART=postgres only the PostgreSQL rows (scripts/bench/postgres.ts; API only, no build).
// BENCH_PART=memory only the start-up time and memory rows (scripts/bench/memory.ts).
// BENCH_PART=photos only the photo processing rows (scripts/bench/photos.ts; API only, no build).
// BENCH_PART=photo-bombs only the decompression bomb rows (scripts/bench/photo-bombs.ts).
// BENCH_PART=photo-landing only the landing page with an uploaded photo for every dog.
// BENCH_PART=catalogue only the catalogue (scripts/bench/catalogue.ts) at BENCH_CATALOGUE_DOGS
//   dogs (default 100,000): each filter's list page and count under 50 connections on the embedded
//   database and on PostgreSQL (BENCH_PG_URL), with their EXPLAIN plans in the log; a dog page's
//   first contentful paint on the emulated phone and Lighthouse on /perros and /perros/$id. Its
//   report goes to BENCH_OUT only when that is set (never over BENCHMARKS.md by default).
// BENCH_PART=applications only the adoption application rows (scripts/bench/applications.ts).
// BENCH_PART=alerts only the alert rows (scripts/bench/alerts.ts): publishing and the fan-out
//   on the API alone, then Lighthouse on the unsubscribe page and a filtered /perros (builds).
// BENCH_PART=lost-found only the lost and found rows (scripts/bench/lost-found.ts): matches and
// list with 100,000 reports, Lighthouse on /perdidos/$id.
// BENCH_PART=orgs only the organization page rows (scripts/bench/orgs.ts; builds the app).
// BENCH_PART=followups only the adoption follow-up rows (scripts/bench/followups.ts).
// BENCH_PART=api only the API list throughput against the bare server, with 10 dogs (no table).
// BENCH_PART=jobs only the background jobs and backup rows (scripts/bench/jobs.ts; API only, no
//   build; BENCH_BACKUP_DOGS, default 100,000, dogs for the backup figures).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { compareApi, LIST_PATH, type ApiComparison } from './api';
import { measurePostgres, postgresRows, type PostgresFigures } from './postgres';
import {
  firstContentfulPaint,
  firstView,
  launchChromium,
  lighthouse,
  referencedAssets,
  wireSize,
  type FirstViewRun,
  type LighthouseRun,
} from './browser';
import {
  catalogueTable,
  CONNECTIONS,
  explainCatalogue,
  loadCatalogue,
  postgresCatalogue,
} from './catalogue';
import { ApiClient, benchDog, bulkFill, repoRoot, startServer, type BenchServer } from './server';
import { freePort } from '../../test/support/local-processes';
import { measureMemory, memoryReport, type MemoryOptions } from './memory';
import { applicationsReport, measureApplications } from './applications';
import { alertsReport, measureAlerts } from './alerts';
import { measurePhotos, photoReport } from './photos';
import { measurePhotoBombs, photoBombReport } from './photo-bombs';
import { followUpReport, measureFollowUps } from './followups';
import { jobsReport, measureJobs } from './jobs';
import { lostFoundReport, measureLostFound } from './lost-found';
import { measureOrgPage, orgReport } from './orgs';
import { makeJpegPhoto } from '../../test/support/photos';
import { median } from './stats';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 10));
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OUT = process.env.BENCH_OUT ?? join(repoRoot, 'BENCHMARKS.md');
const COMMAND = 'npm run bench';

const OWNER = {
  name: 'Banco de Pruebas',
  email: 'bench@happydog.example',
  password: 'bench-secreto-1',
};

const log = (...args: unknown[]) =>
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

// ---------------------------------------------------------------------------------------------
// Measurements of one column

interface LandingFigures {
  jsCssBytes: number;
  htmlBytes: number;
  files: { path: string; encoding: string; bytes: number }[];
  firstCardMs: number;
  cls: number;
  dogImages: number;
  listRequests: number;
  runs: FirstViewRun[];
  lighthouse: LighthouseRun[];
}

interface Column {
  dogs: number;
  landing?: LandingFigures;
  api: ApiComparison;
  rss: number;
  loadDuring: string;
}

async function measureLanding(server: BenchServer): Promise<LandingFigures> {
  const browser = await launchChromium();
  const runs: FirstViewRun[] = [];
  try {
    // One throw-away load first, so every counted run finds the server warmed up alike.
    await firstView(browser, `${server.url}/`);
    for (let i = 0; i < RUNS; i++) {
      const run = await firstView(browser, `${server.url}/`);
      log(
        `  first view ${i + 1}/${RUNS}: card at ${run.firstCardMs.toFixed(0)} ms, CLS ${run.cls.toFixed(4)}`,
      );
      runs.push(run);
    }
  } finally {
    await browser.close();
  }

  // What the first view loads: index.html's own references plus whatever the browser fetched
  // (lazy chunks rendered at once), each as the server sends it for Accept-Encoding: br, gzip.
  const html = await (await fetch(`${server.url}/`)).text();
  const paths = new Set([...referencedAssets(html), ...runs.flatMap((r) => r.assets)]);
  const sizes: { path: string; encoding: string; bytes: number[] }[] = [];
  for (const path of ['/', ...paths]) {
    const samples: number[] = [];
    let encoding = '';
    for (let i = 0; i < RUNS; i++) {
      const w = await wireSize(server.url, path);
      samples.push(w.bytes);
      encoding = w.encoding;
    }
    sizes.push({ path, encoding, bytes: samples });
  }
  const files = sizes.map((s) => ({ path: s.path, encoding: s.encoding, bytes: median(s.bytes) }));

  // One throw-away audit first as well: the first Chromium that Lighthouse starts in a column
  // finds its disk and font caches cold, which the runs after it (and a visitor's browser) do not.
  await lighthouse(`${server.url}/`);
  const lh: LighthouseRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await lighthouse(`${server.url}/`);
    log(
      `  lighthouse ${i + 1}/${RUNS}: ${run.performance}/${run.accessibility}/${run.bestPractices}/${run.seo}` +
        (run.failing.length ? ` failing: ${run.failing.join(', ')}` : ''),
    );
    lh.push(run);
  }

  return {
    jsCssBytes: files.filter((f) => f.path !== '/').reduce((sum, f) => sum + f.bytes, 0),
    htmlBytes: files.find((f) => f.path === '/')!.bytes,
    files,
    firstCardMs: median(runs.map((r) => r.firstCardMs)),
    cls: median(runs.map((r) => r.cls)),
    dogImages: median(runs.map((r) => new Set(r.dogImages).size)),
    listRequests: median(runs.map((r) => r.listRequests)),
    runs,
    lighthouse: lh,
  };
}

/**
 * The catalogue's pages on the running server: first contentful paint of a dog's page on the
 * emulated phone (median of RUNS cold loads after a warm-up) and Lighthouse mobile on /perros and
 * on that dog's page (RUNS runs each, medians).
 */
async function measureCataloguePages(
  server: BenchServer,
): Promise<{ markdown: string; failures: string[] }> {
  const newest = (await (await fetch(`${server.url}/api/dog?limit=1`)).json()) as { id: number }[];
  const dogPath = `/perros/${newest[0]!.id}`;
  const browser = await launchChromium();
  const fcp: number[] = [];
  try {
    await firstContentfulPaint(browser, server.url + dogPath);
    for (let i = 0; i < RUNS; i++) {
      const run = await firstContentfulPaint(browser, server.url + dogPath);
      if (run.status !== 200) throw new Error(`GET ${dogPath}: HTTP ${run.status}`);
      log(`  ${dogPath} first contentful paint ${i + 1}/${RUNS}: ${run.fcpMs.toFixed(0)} ms`);
      fcp.push(run.fcpMs);
    }
  } finally {
    await browser.close();
  }
  const failures: string[] = [];
  const lines = [
    '| page | metric | target | runs | median | result |',
    '|---|---|---|---|---|---|',
  ];
  const fcpOk = median(fcp) <= 1200;
  if (!fcpOk) failures.push(`${dogPath} first contentful paint`);
  lines.push(
    `| \`/perros/$id\` (${dogPath}) | first contentful paint, emulated phone (4× CPU, 150 ms, 1.6 Mbps, no cache) | ≤ 1,200 ms | ${fcp.map((v) => ms(v)).join(', ')} | ${ms(median(fcp))} | ${verdict(fcpOk)} |`,
  );
  const details: string[] = [];
  for (const page of ['/perros', dogPath]) {
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await lighthouse(server.url + page);
      log(
        `  lighthouse ${page} ${i + 1}/${RUNS}: ${run.performance}/${run.accessibility}/${run.bestPractices}/${run.seo}` +
          ` FCP ${ms(run.metrics['first-contentful-paint']!)} LCP ${ms(run.metrics['largest-contentful-paint']!)}` +
          ` TBT ${ms(run.metrics['total-blocking-time']!)} CLS ${run.metrics['cumulative-layout-shift']!.toFixed(3)}` +
          (run.failing.length ? ` failing: ${run.failing.join(', ')}` : ''),
      );
      runs.push(run);
    }
    const name = page === '/perros' ? '`/perros`' : `\`/perros/$id\` (${page})`;
    for (const [label, key, target] of [
      ['Lighthouse 12 mobile: performance', 'performance', 95],
      ['Lighthouse 12 mobile: accessibility', 'accessibility', 100],
      ['Lighthouse 12 mobile: best practices', 'bestPractices', 100],
      ['Lighthouse 12 mobile: SEO', 'seo', 100],
    ] as const) {
      const value = median(runs.map((r) => r[key]));
      const ok = value >= target;
      if (!ok) failures.push(`${page} ${label}`);
      lines.push(
        `| ${name} | ${label} | ${target === 100 ? '100' : `≥ ${target}`} | ${runs.map((r) => r[key]).join(', ')} | ${value} | ${verdict(ok)} |`,
      );
    }
    const metric = (id: string) => median(runs.map((r) => r.metrics[id] ?? NaN));
    details.push(
      `- ${page}: median FCP ${ms(metric('first-contentful-paint'))}, LCP ${ms(metric('largest-contentful-paint'))}, ` +
        `TBT ${ms(metric('total-blocking-time'))}, CLS ${metric('cumulative-layout-shift').toFixed(3)}, SI ${ms(metric('speed-index'))}` +
        (runs.some((r) => r.failing.length)
          ? `; audits below 1: ${[...new Set(runs.flatMap((r) => r.failing))].join(', ')}`
          : ''),
    );
  }
  return {
    markdown: `${lines.join('\n')}\n\nLighthouse details:\n\n${details.join('\n')}`,
    failures,
  };
}

async function measureColumn(
  server: BenchServer,
  dogs: number,
  dir: string,
  withLanding: boolean,
): Promise<Column> {
  log(`measuring with ${dogs.toLocaleString('en-US')} dogs (load average ${load()})`);
  const landing = withLanding ? await measureLanding(server) : undefined;
  log(`  API: ${RUNS} × (bare node:http, server) × ${SECONDS} s, 50 connections`);
  const loadDuring = load();
  const api = await compareApi(server.url, dir, RUNS, SECONDS);
  for (let i = 0; i < api.api.length; i++) {
    log(
      `  run ${i + 1}: bare ${api.bare[i]!.rps.toFixed(0)} req/s p99 ${api.bare[i]!.p99} ms; ` +
        `server ${api.api[i]!.rps.toFixed(0)} req/s p99 ${api.api[i]!.p99} ms, errors ${api.api[i]!.errors}`,
    );
  }
  return { dogs, landing, api, rss: server.rss(), loadDuring };
}

/** Photos as a phone takes them: 12 megapixels, uploaded through the API like the dog form does. */
const PHONE_PHOTO = { width: 4000, height: 3000 };

/**
 * The landing page when every dog shows a real photo: 10 dogs on a new DATA_DIR, each with its own
 * uploaded 12-megapixel JPEG (processed into the responsive variants), then the same first-view
 * and Lighthouse runs as the landing columns.
 */
async function measurePhotoLanding(
  start: (label: string) => Promise<BenchServer>,
): Promise<LandingFigures> {
  const server = await start('photos');
  try {
    const owner = new ApiClient(server.url);
    await owner.registerAndLogin(OWNER.name, OWNER.email, OWNER.password);
    log(
      `  uploading 10 photos of ${PHONE_PHOTO.width}×${PHONE_PHOTO.height} and creating their dogs`,
    );
    for (let i = 0; i < 10; i++) {
      const photo = await makeJpegPhoto(PHONE_PHOTO.width, PHONE_PHOTO.height, i + 1);
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
        `perro-${i}.jpg`,
      );
      const uploaded = await fetch(`${server.url}/api/photos`, {
        method: 'POST',
        headers: { cookie: owner.cookie, origin: server.url },
        body: form,
      });
      const body = (await uploaded.json()) as { photo?: { id: number } };
      if (uploaded.status !== 201 || !body.photo) {
        throw new Error(`POST /api/photos: HTTP ${uploaded.status} ${JSON.stringify(body)}`);
      }
      const res = await owner.call('POST', '/api/dog', {
        ...benchDog(i),
        photo_ids: [body.photo.id],
      });
      if (res.status !== 201) throw new Error(`POST /api/dog: HTTP ${res.status} ${res.text}`);
    }
    return await measureLanding(server);
  } finally {
    await server.stop();
  }
}

function photoLandingReport(f: LandingFigures): { markdown: string; failures: string[] } {
  const performance = median(f.lighthouse.map((r) => r.performance));
  const checks = [
    {
      metric: 'First dog card on the emulated phone (as above)',
      target: '≤ 1,200 ms',
      value: `${ms(f.firstCardMs)} (runs ${f.runs.map((r) => ms(r.firstCardMs)).join(', ')})`,
      ok: f.firstCardMs <= 1200,
    },
    {
      metric: 'Lighthouse 12 mobile performance on `/`',
      target: '≥ 95',
      value: `${performance} (runs ${f.lighthouse.map((r) => `${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}`).join(', ')})`,
      ok: performance >= 95,
    },
    {
      metric: 'Cumulative layout shift, same phone load',
      target: '0',
      value: f.cls.toFixed(3),
      ok: f.cls < 0.0005,
    },
  ];
  const markdown = [
    `| Landing with every dog showing an uploaded photo (10 dogs, ${PHONE_PHOTO.width}×${PHONE_PHOTO.height} JPEG each) | Target | Measured | Result |`,
    '| --- | --- | --- | --- |',
    ...checks.map((c) => `| ${c.metric} | ${c.target} | ${c.value} | ${verdict(c.ok)} |`),
  ].join('\n');
  return {
    markdown,
    failures: checks.filter((c) => !c.ok).map((c) => `photo landing: ${c.metric}`),
  };
}

// ---------------------------------------------------------------------------------------------
// Correctness

interface Checks {
  embeddedNextRead: boolean;
  anonymousNoEmail: boolean;
  postgresNextRead: boolean | 'skipped';
  postgres?: PostgresFigures | string;
  notes: string[];
}

/** Writes through `writer`, reads through `reader` at once: every change must be visible. */
async function writeThenRead(
  writer: ApiClient,
  reader: ApiClient,
  anon: ApiClient,
  notes: string[],
  label: string,
) {
  let ok = true;
  const first = async (client: ApiClient) => {
    const r = await client.call('GET', LIST_PATH);
    return (JSON.parse(r.text) as { id: number; name: string }[])[0];
  };
  // Fill any cache first, logged in and anonymous.
  await first(reader);
  await first(anon);
  const created = await writer.call('POST', '/api/dog', benchDog(999_999));
  const dog = (JSON.parse(created.text) as { dog: { id: number } }).dog;
  for (const [who, client] of [
    ['logged-in', reader],
    ['anonymous', anon],
  ] as const) {
    const top = await first(client);
    if (top?.id !== dog.id) {
      ok = false;
      notes.push(`${label}: a new dog was not the first of the very next ${who} list`);
    }
  }
  const renamed = { ...benchDog(999_999), name: 'Renombrado' };
  await writer.call('PUT', `/api/dog/${dog.id}`, renamed);
  if ((await first(anon))?.name !== 'Renombrado') {
    ok = false;
    notes.push(`${label}: an update was not visible to the very next read`);
  }
  await writer.call('DELETE', `/api/dog/${dog.id}`);
  if ((await first(anon))?.id === dog.id) {
    ok = false;
    notes.push(`${label}: a deleted dog was still listed by the very next read`);
  }
  return ok;
}

async function anonymousNeverSeesEmail(server: BenchServer, owner: ApiClient, notes: string[]) {
  const anon = new ApiClient(server.url);
  let ok = true;
  // Logged-in first, so a cache mixing the two would hand its page to the anonymous reads.
  for (const path of [LIST_PATH, '/api/dog', '/api/dog?limit=100']) {
    const logged = await owner.call('GET', path);
    if (!logged.text.includes('"email"')) notes.push(`logged-in ${path} has no owner e-mail`);
    const res = await anon.call('GET', path);
    if (res.text.includes('email')) {
      ok = false;
      notes.push(`anonymous ${path} contains "email"`);
    }
  }
  for (const path of ['/', '/home']) {
    await owner.call('GET', path);
    const page = await anon.call('GET', path);
    if (page.text.includes('email')) {
      ok = false;
      notes.push(`anonymous ${path} (HTML) contains "email"`);
    }
  }
  return ok;
}

/** Two server processes on one throwaway PostgreSQL database: write via one, read via the other. */
async function postgresTwoProcesses(
  staticDir: string,
  dir: string,
  notes: string[],
): Promise<boolean | 'skipped'> {
  const admin = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    notes.push(`PostgreSQL check skipped: ${(error as Error).message}`);
    return 'skipped';
  }
  const name = `happydog_bench_${randomBytes(4).toString('hex')}`;
  const servers: BenchServer[] = [];
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_ADMIN);
    url.pathname = `/${name}`;
    for (const label of ['a', 'b']) {
      servers.push(
        await startServer({
          staticDir,
          storage: { DATABASE_URL: url.toString() },
          logFile: join(dir, `server-pg-${label}.log`),
          build: false,
          // The default list cache, as a deployment would run it.
        }),
      );
    }
    const writer = new ApiClient(servers[0]!.url);
    await writer.registerAndLogin(OWNER.name, OWNER.email, OWNER.password);
    for (let i = 0; i < 3; i++) await writer.call('POST', '/api/dog', benchDog(i));
    const reader = new ApiClient(servers[1]!.url);
    await reader.registerAndLogin('Lectora', 'lectora@happydog.example', OWNER.password);
    return await writeThenRead(
      writer,
      reader,
      new ApiClient(servers[1]!.url),
      notes,
      'PostgreSQL, 2 processes',
    );
  } finally {
    for (const s of servers) await s.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v: number) => `${v.toFixed(0)} ms`;
const yes = (ok: boolean | 'skipped') => (ok === 'skipped' ? 'skipped' : ok ? 'yes' : 'NO');
const verdict = (ok: boolean | 'skipped') => (ok === 'skipped' ? 'n/a' : ok ? 'pass' : 'FAIL');

function table(columns: Column[], checks: Checks): { markdown: string; failures: string[] } {
  const [small, mid, large] = columns as [Column, Column, Column];
  const rows: string[][] = [];
  const failures: string[] = [];
  const row = (
    metric: string,
    target: string,
    cells: (string | undefined)[],
    ok?: boolean | 'skipped',
  ) => {
    if (ok === false) failures.push(metric);
    rows.push([metric, target, ...cells.map((c) => c ?? '—'), ok === undefined ? '' : verdict(ok)]);
  };
  const both = (f: (c: Column) => string) => [f(small), undefined, f(large)];
  const L = (c: Column) => c.landing!;
  const lhMedian = (c: Column, k: 'performance' | 'accessibility' | 'bestPractices' | 'seo') =>
    median(L(c).lighthouse.map((r) => r[k]));

  row(
    'Landing `/`: own JS + CSS for the first view, on the wire',
    '≤ 120 KB',
    both((c) => kb(L(c).jsCssBytes)),
    L(small).jsCssBytes <= 120 * 1024 && L(large).jsCssBytes <= 120 * 1024,
  );
  row(
    'Landing `/`: index.html on the wire',
    '(reported)',
    both((c) => kb(L(c).htmlBytes)),
  );
  const bytesChange = Math.abs(
    (L(large).jsCssBytes + L(large).htmlBytes) / (L(small).jsCssBytes + L(small).htmlBytes) - 1,
  );
  row(
    'Landing bytes (HTML + JS + CSS), 100,000 vs 10 dogs',
    'within 5%',
    [undefined, undefined, `${(bytesChange * 100).toFixed(1)}%`],
    bytesChange <= 0.05,
  );
  for (const [label, key, target] of [
    ['Lighthouse 12 mobile: performance', 'performance', 98],
    ['Lighthouse 12 mobile: accessibility', 'accessibility', 100],
    ['Lighthouse 12 mobile: best practices', 'bestPractices', 100],
    ['Lighthouse 12 mobile: SEO', 'seo', 100],
  ] as const) {
    row(
      label,
      target === 100 ? '100' : `≥ ${target}`,
      both((c) => String(lhMedian(c, key))),
      [small, large].every((c) => lhMedian(c, key) >= target),
    );
  }
  row(
    'First dog card on an emulated phone (4× CPU, 150 ms, 1.6 Mbps, no cache)',
    '≤ 1,200 ms',
    both((c) => ms(L(c).firstCardMs)),
    L(small).firstCardMs <= 1200 && L(large).firstCardMs <= 1200,
  );
  row(
    'Cumulative layout shift, same phone load',
    '0',
    both((c) => L(c).cls.toFixed(3)),
    [small, large].every((c) => L(c).cls < 0.0005),
  );
  row(
    'Dog photos fetched by the phone’s first view (cards are below the fold)',
    '0',
    both((c) => String(L(c).dogImages)),
    [small, large].every((c) => L(c).dogImages === 0),
  );

  const rps = (c: Column) => median(c.api.api.map((r) => r.rps));
  const bare = (c: Column) => median(c.api.bare.map((r) => r.rps));
  const p99 = (c: Column) => median(c.api.api.map((r) => r.p99));
  const errors = (c: Column) => c.api.api.reduce((sum, r) => sum + r.errors, 0);
  const apiCols = (f: (c: Column) => string) => [f(small), f(mid), f(large)];
  row(
    `API \`GET ${LIST_PATH}\`, 50 connections × ${SECONDS} s: req/s (bare node:http)`,
    '≥ 40% of bare',
    apiCols(
      (c) =>
        `${rps(c).toFixed(0)} (${bare(c).toFixed(0)}; ${((rps(c) / bare(c)) * 100).toFixed(0)}%)`,
    ),
    [mid, large].every((c) => rps(c) >= bare(c) * 0.4),
  );
  row(
    'API p99 latency',
    '≤ 50 ms',
    apiCols((c) => ms(p99(c))),
    [mid, large].every((c) => p99(c) <= 50),
  );
  row(
    'API errors (all runs)',
    '0',
    apiCols((c) => String(errors(c))),
    [mid, large].every((c) => errors(c) === 0),
  );
  const p99Ratio = p99(large) / Math.max(1, p99(small));
  row(
    'API p99, 100,000 vs 10 dogs',
    '≤ 1.5×',
    [undefined, undefined, `${p99Ratio.toFixed(2)}×`],
    p99Ratio <= 1.5,
  );
  row(
    'API response body',
    '(reported)',
    apiCols((c) => kb(c.api.bodyBytes)),
  );
  row(
    'Server RSS after the run',
    '(reported)',
    apiCols((c) => `${(c.rss / 1024 / 1024).toFixed(0)} MB`),
  );
  row(
    'A write is visible to the very next read (embedded)',
    'yes',
    [undefined, undefined, yes(checks.embeddedNextRead)],
    checks.embeddedNextRead,
  );
  row(
    'A write is visible to the very next read through another process (PostgreSQL)',
    'yes',
    [undefined, undefined, yes(checks.postgresNextRead)],
    checks.postgresNextRead,
  );
  row(
    'Anonymous list and page never contain "email"',
    'yes',
    [undefined, undefined, yes(checks.anonymousNoEmail)],
    checks.anonymousNoEmail,
  );

  for (const r of postgresRows(checks.postgres)) row(r.metric, r.target, r.cells, r.ok);

  const header = ['Metric', 'Target', '10 dogs', '10,000 dogs', '100,000 dogs', 'Result'];
  const lines = [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`);
  return { markdown: lines.join('\n'), failures };
}

function gitDescribe(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot })
      .toString()
      .trim();
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'src', 'index.html', 'public', 'vite.config.ts'],
      {
        cwd: repoRoot,
      },
    )
      .toString()
      .trim();
    return dirty ? `${commit} (with uncommitted changes to the app)` : commit;
  } catch {
    return 'unknown';
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync('/usr/bin/chromium', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

// ---------------------------------------------------------------------------------------------

function memoryOptions(staticDir: string, dir: string): MemoryOptions {
  return { staticDir, dir, runs: RUNS, seconds: SECONDS, pgAdmin: PG_ADMIN, owner: OWNER, log };
}

async function main() {
  const started = new Date();
  const loadBefore = load();
  const dir = mkdtempSync(join(tmpdir(), 'happydog-bench-'));
  const staticDir = join(dir, 'dist');
  const dataDir = join(dir, 'data');
  log(`temporary directory ${dir}; ${RUNS} runs per figure; load average ${loadBefore}`);

  const port = await freePort();
  const start = (build: boolean, label: string) =>
    startServer({
      port,
      staticDir,
      storage: { DATA_DIR: dataDir },
      logFile: join(dir, `server-${label}.log`),
      build,
    });

  const columns: Column[] = [];
  const notes: string[] = [];
  const checks: Checks = {
    embeddedNextRead: false,
    anonymousNoEmail: false,
    postgresNextRead: 'skipped',
    notes,
  };
  let server: BenchServer | undefined;
  const pgOptions = { adminUrl: PG_ADMIN, staticDir, dir, runs: RUNS, seconds: SECONDS, log };
  let memory: ReturnType<typeof memoryReport> | undefined;
  let photoLanding: ReturnType<typeof photoLandingReport> | undefined;
  let photos: ReturnType<typeof photoReport> | undefined;
  let bombs: ReturnType<typeof photoBombReport> | undefined;
  let applications: ReturnType<typeof applicationsReport> | undefined;
  let jobs: ReturnType<typeof jobsReport> | undefined;
  try {
    if (process.env.BENCH_PART === 'postgres') {
      const figures = await measurePostgres(pgOptions);
      for (const r of postgresRows(figures))
        console.log(
          `| ${[r.metric, r.target, ...r.cells.map((c) => c ?? '—'), r.ok === undefined ? '' : verdict(r.ok)].join(' | ')} |`,
        );
      console.log(typeof figures === 'string' ? figures : figures.notes.join('\n'));
      return;
    }
    const startPhotoServer = (label: string) =>
      startServer({
        port,
        staticDir,
        storage: { DATA_DIR: join(dir, 'data-photos') },
        logFile: join(dir, `server-${label}.log`),
        build: process.env.BENCH_PART === 'photo-landing',
      });
    if (process.env.BENCH_PART === 'photo-landing') {
      console.log(`\n${photoLandingReport(await measurePhotoLanding(startPhotoServer)).markdown}`);
      return;
    }
    const jobsOptions = { dir, staticDir, pgAdminUrl: PG_ADMIN, runs: RUNS, owner: OWNER, log };
    if (process.env.BENCH_PART === 'jobs') {
      const report = jobsReport(await measureJobs(jobsOptions));
      console.log(`\n${report.markdown}`);
      return;
    }
    if (process.env.BENCH_PART === 'followups') {
      const report = followUpReport(
        await measureFollowUps({ dir, staticDir, pgAdminUrl: PG_ADMIN, runs: RUNS, log }),
      );
      console.log(`\n${report.markdown}`);
      if (report.failures.length) console.log(`Below target: ${report.failures.join(', ')}`);
      return;
    }
    if (process.env.BENCH_PART === 'photo-bombs') {
      const bombs = photoBombReport(
        await measurePhotoBombs({ dir, runs: RUNS, owner: OWNER, log }),
      );
      console.log(`\n${bombs.markdown}`);
      return;
    }
    if (process.env.BENCH_PART === 'applications') {
      const report = applicationsReport(
        await measureApplications({ dir, runs: RUNS, owner: OWNER, log }),
      );
      console.log(`\n${report.markdown}`);
      return;
    }
    if (process.env.BENCH_PART === 'alerts') {
      const report = alertsReport(
        await measureAlerts({ dir, staticDir, runs: RUNS, owner: OWNER, log }),
      );
      console.log(`\n${report.markdown}`);
      if (report.failures.length > 0) process.exitCode = 1;
      return;
    }
    if (process.env.BENCH_PART === 'lost-found') {
      const report = lostFoundReport(
        await measureLostFound({ dir, staticDir, runs: RUNS, owner: OWNER, log }),
      );
      console.log(`\n${report.markdown}`);
      return;
    }
    if (process.env.BENCH_PART === 'orgs') {
      const report = orgReport(
        await measureOrgPage({ dir, staticDir, runs: RUNS, owner: OWNER, log }),
      );
      console.log(`\n${report.markdown}`);
      return;
    }
    if (process.env.BENCH_PART === 'photos') {
      const photos = photoReport(await measurePhotos({ dir, runs: RUNS, owner: OWNER, log }));
      console.log(`\n${photos.markdown}`);
      return;
    }
    log('building the app and starting the server (node scripts/start.mjs)');
    server = await start(true, '10');
    const owner = new ApiClient(server.url);
    await owner.registerAndLogin(OWNER.name, OWNER.email, OWNER.password);
    // The 10 dogs show the local illustrations, which only SQL may store (see benchDog).
    await server.stop();
    await bulkFill(dataDir, 10, OWNER.email, `http://127.0.0.1:${port}`);
    server = await start(false, '10');
    if (process.env.BENCH_PART === 'landing') {
      // Development shortcut: the landing figures on 10 dogs only, no table.
      const landing = await measureLanding(server);
      console.log(
        JSON.stringify(
          { ...landing, runs: undefined, lighthouse: landing.lighthouse.map((r) => ({ ...r })) },
          null,
          1,
        ),
      );
      return;
    }
    if (process.env.BENCH_PART === 'api') {
      const api = await compareApi(server.url, dir, RUNS, SECONDS);
      const rps = median(api.api.map((r) => r.rps));
      const bare = median(api.bare.map((r) => r.rps));
      for (const [name, runs] of [
        ['server', api.api],
        ['bare', api.bare],
      ] as const) {
        log(`${name}: ${runs.map((r) => `${Math.round(r.rps)} req/s p99 ${r.p99} ms`).join(', ')}`);
      }
      console.log(
        `GET ${LIST_PATH} (10 dogs, ${api.bodyBytes} B): ${Math.round(rps)} req/s, bare node:http ${Math.round(bare)} req/s: ${Math.round((100 * rps) / bare)}% (median of ${RUNS} runs of ${SECONDS} s)`,
      );
      return;
    }
    if (process.env.BENCH_PART === 'catalogue') {
      const total = Number(process.env.BENCH_CATALOGUE_DOGS ?? 100_000);
      await server.stop();
      server = undefined;
      log(`bulk insert up to ${total.toLocaleString('en-US')} dogs with varied profiles`);
      await bulkFill(dataDir, total, OWNER.email, `http://127.0.0.1:${port}`);
      const plans = await explainCatalogue({ DATA_DIR: dataDir }, 'embedded', 20, log);
      server = await start(false, 'catalogue');
      const rows = await loadCatalogue(server.url, 'embedded PGlite', plans, SECONDS, log);
      const pages = await measureCataloguePages(server);
      await server.stop();
      server = undefined;
      const pgRows = await postgresCatalogue({
        adminUrl: PG_ADMIN,
        staticDir,
        dir,
        total,
        seconds: SECONDS,
        owner: OWNER,
        log,
      });
      if (typeof pgRows === 'string') notes.push(pgRows);
      else rows.push(...pgRows);
      const api = catalogueTable(rows);
      const failures = [...api.failures, ...pages.failures];
      const report = `## Catalogue (\`BENCH_PART=catalogue ${COMMAND}\`)

- Run: ${started.toISOString()}, commit ${gitDescribe()}, Node ${process.version}, ${chromiumVersion()}, Lighthouse 12.8.2, autocannon 8.0.0; load average ${loadBefore} at start, ${load()} at the end; ${SECONDS} s per autocannon run, ${CONNECTIONS} connections.
- ${total.toLocaleString('en-US')} dogs with varied profiles (\`fillDogs\` in scripts/bench/server.ts), on the embedded PGlite (\`DATA_DIR\`) and on a throwaway PostgreSQL database at \`BENCH_PG_URL\` (one server process). "uncached query": median of 20 runs of the statement straight on the database, without the list cache; the plans are in the log (\`EXPLAIN\`).

${api.markdown}

${pages.markdown}

${failures.length ? `Targets not met: ${failures.join('; ')}.` : 'Every target is met.'}
${notes.length ? `\nNotes:\n\n${notes.map((n) => `- ${n}`).join('\n')}\n` : ''}`;
      console.log(`\n${report}`);
      // Written only when asked: BENCHMARKS.md is the full run's.
      if (process.env.BENCH_OUT && OUT !== '-') {
        writeFileSync(OUT, report);
        log(`written to ${OUT}`);
      }
      return;
    }
    if (process.env.BENCH_PART === 'memory') {
      await server.stop();
      server = undefined;
      const memory = memoryReport(await measureMemory(memoryOptions(staticDir, dir)));
      console.log(`\n${memory.markdown}\n\n${memory.details.join('\n')}`);
      return;
    }
    columns.push(await measureColumn(server, 10, dir, true));
    await server.stop();
    log('landing page with an uploaded photo for every dog (a new DATA_DIR)');
    photoLanding = photoLandingReport(await measurePhotoLanding(startPhotoServer));
    log('photo processing');
    photos = photoReport(await measurePhotos({ dir, runs: RUNS, owner: OWNER, log }));
    log('decompression bombs');
    bombs = photoBombReport(await measurePhotoBombs({ dir, runs: RUNS, owner: OWNER, log }));
    log('adoption applications: the received box');
    applications = applicationsReport(
      await measureApplications({ dir, runs: RUNS, owner: OWNER, log }),
    );
    log('background jobs and backups');
    jobs = jobsReport(await measureJobs(jobsOptions));

    for (const [total, withLanding] of [
      [10_000, false],
      [100_000, true],
    ] as const) {
      log(`bulk insert up to ${total.toLocaleString('en-US')} dogs (server stopped)`);
      await bulkFill(dataDir, total, OWNER.email, `http://127.0.0.1:${port}`);
      server = await start(false, String(total));
      columns.push(await measureColumn(server, total, dir, withLanding));
      if (total === 100_000) {
        const owner100k = new ApiClient(server.url);
        await owner100k.registerAndLogin(OWNER.name, OWNER.email, OWNER.password);
        const reader = new ApiClient(server.url);
        await reader.registerAndLogin('Lectora', 'lectora@happydog.example', OWNER.password);
        checks.embeddedNextRead = await writeThenRead(
          owner100k,
          reader,
          new ApiClient(server.url),
          notes,
          'embedded',
        );
        checks.anonymousNoEmail = await anonymousNeverSeesEmail(server, owner100k, notes);
      }
      await server.stop();
    }
    server = undefined;
    log('two server processes on one PostgreSQL');
    checks.postgresNextRead = await postgresTwoProcesses(staticDir, dir, notes);
    log('PostgreSQL columns: 3 server processes, 10,000 and 100,000 dogs');
    checks.postgres = await measurePostgres(pgOptions);
    if (typeof checks.postgres === 'string') notes.push(checks.postgres);
    else notes.push(...checks.postgres.notes);
    memory = memoryReport(await measureMemory(memoryOptions(staticDir, dir)));
  } finally {
    await server?.stop();
    if (process.env.BENCH_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
    else log(`kept ${dir}`);
  }

  const { markdown, failures: tableFailures } = table(columns, checks);
  const failures = [
    ...tableFailures,
    ...(photoLanding?.failures ?? []),
    ...(photos?.failures ?? []),
    ...(bombs?.failures ?? []),
    ...(applications?.failures ?? []),
    ...(jobs?.failures ?? []),
    ...(memory?.failures ?? []),
  ];
  const cpuList = cpus();
  const machine =
    `${cpuList.length} CPUs (${cpuList[0]?.model.trim() ?? 'unknown'}), ` +
    `${(totalmem() / 1024 ** 3).toFixed(1)} GiB memory; load average (1/5/15 min) ${loadBefore} at start, ${load()} at the end`;
  const landingFiles = columns
    .filter((c) => c.landing)
    .map(
      (c) =>
        `- ${c.dogs.toLocaleString('en-US')} dogs: ` +
        c.landing!.files.map((f) => `\`${f.path}\` ${f.bytes} B ${f.encoding}`).join(', '),
    );
  const lhDetail = columns
    .filter((c) => c.landing)
    .map((c) => {
      const runs = c.landing!.lighthouse;
      const metric = (id: string) => median(runs.map((r) => r.metrics[id] ?? NaN));
      return (
        `- ${c.dogs.toLocaleString('en-US')} dogs: runs ${runs.map((r) => `${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}`).join(', ')}; ` +
        `median FCP ${ms(metric('first-contentful-paint'))}, LCP ${ms(metric('largest-contentful-paint'))}, ` +
        `TBT ${ms(metric('total-blocking-time'))}, SI ${ms(metric('speed-index'))}` +
        (runs.some((r) => r.failing.length)
          ? `; audits below 1: ${[...new Set(runs.flatMap((r) => r.failing))].join(', ')}`
          : '')
      );
    });
  const cardDetail = columns
    .filter((c) => c.landing)
    .map(
      (c) =>
        `- ${c.dogs.toLocaleString('en-US')} dogs: first card ${c.landing!.runs.map((r) => ms(r.firstCardMs)).join(', ')}; ` +
        `CLS ${c.landing!.runs.map((r) => r.cls.toFixed(4)).join(', ')}; list requests before the card ${c.landing!.listRequests}`,
    );
  const apiDetail = columns.map(
    (c) =>
      `- ${c.dogs.toLocaleString('en-US')} dogs (load during the runs ${c.loadDuring}): server ` +
      c.api.api.map((r) => `${r.rps.toFixed(0)} req/s p99 ${r.p99} ms`).join(', ') +
      '; bare ' +
      c.api.bare.map((r) => `${r.rps.toFixed(0)} req/s p99 ${r.p99} ms`).join(', '),
  );

  const report = `# Benchmarks

Reproduce with \`${COMMAND}\` (takes about 20 minutes; \`BENCH_RUNS\`, \`BENCH_SECONDS\`, \`BENCH_PG_URL\` and \`BENCH_OUT\` are described in \`scripts/bench/bench.ts\`).

- Run: ${started.toISOString()}, commit ${gitDescribe()}, Node ${process.version}, ${chromiumVersion()}, Lighthouse 12.8.2, autocannon 8.0.0.
- Machine: ${machine}. Other work was running on the machine at the same time, so the figures are noisy.
- Storage: embedded PGlite on a temporary \`DATA_DIR\` (\`SEED_DEMO=false\`, \`LOG_LEVEL=warn\`); the owner registered through the API, then the server stopped and dogs bulk-inserted into the same PGlite directory with \`INSERT … SELECT generate_series\` up to 10, 10,000 and 100,000, and the server restarted each time. The two-process check and the PostgreSQL rows use throwaway databases on the PostgreSQL at \`BENCH_PG_URL\` (dogs inserted straight into it; three server processes, one autocannon per process with the 50 connections spread over them, against as many bare servers under the same spread; transactions/s from \`pg_stat_database\`).
- Each figure is the median of ${RUNS} runs. Landing bytes: index.html and every same-origin JS and CSS file the page requests with no interaction (lazy chunks rendered on load included), fetched with \`Accept-Encoding: br, gzip\` and counted as sent. First dog card: Chromium (Playwright) on a 412×823 phone, CDP \`Emulation.setCPUThrottlingRate\` 4, \`Network.emulateNetworkConditions\` 150 ms / 1.6 Mbps / 750 kbps, cache disabled; time from navigation start to the frame in which the first \`${'#adopt article'}\` has a box. API: autocannon in its own process, 50 connections for ${SECONDS} s, alternating with a bare \`node:http\` server sending the same body bytes.

${markdown}

${photoLanding?.markdown ?? ''}

${photos?.markdown ?? ''}

${bombs?.markdown ?? ''}

${applications?.markdown ?? ''}
${jobs?.markdown ?? ''}

${memory?.markdown ?? ''}

${failures.length ? `Targets not met: ${failures.join('; ')}.` : 'Every target is met.'}

Details:

${[...landingFiles, ...lhDetail, ...cardDetail, ...apiDetail, ...(memory?.details ?? [])].join('\n')}
${notes.length ? `\nNotes:\n\n${notes.map((n) => `- ${n}`).join('\n')}\n` : ''}`;

  console.log(`\n${report}`);
  if (OUT !== '-') {
    writeFileSync(OUT, report);
    log(`written to ${OUT}`);
  }
}

await main();
