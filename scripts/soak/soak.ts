// `npm run soak`: sustained mixed load (scripts/soak/workload.ts) on
//   1. three production server processes sharing one throwaway PostgreSQL database, the clients
//      spread over them as a load balancer without sticky sessions would, and
//   2. one production server process on a new embedded (PGlite) DATA_DIR,
// then requests per second and p50/p99 per kind, every non-2xx by status, each process's RSS at
// start, after warm-up and at the end (growth after warm-up ≤ 10 %; each a median over a window,
// see rss.ts), and the audit of the database against what every write was told. The results are
// appended to BENCHMARKS.md.
//
//   npm run soak                     10 minutes per mode
//   npm run soak -- --smoke          60 s per mode
//   npm run soak -- --seconds 120 --mode postgres --owners 8 --visitors 8 --no-append
//
// PostgreSQL: SOAK_PG_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
// is used only to create and drop a database named wip16_soak_<random>. The fault tests
// (test/server/faults-*.test.ts) run the same workload under faults.
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/open';
import { openPostgres } from '../../src/server/db/postgres';
import { makeJpegPhoto } from '../../test/support/photos';
import { repoRoot, SOAK_ENV, startServerProcess, type ServerProcess } from './processes';
import { medianRss, peakRss, rssWindows, sampleRss } from './rss';
import {
  audit,
  emptyLedger,
  isExpected,
  registerOwners,
  runWorkload,
  type AuditResult,
  type Ledger,
  type Sample,
} from './workload';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    mode: { type: 'string', default: 'both' },
    owners: { type: 'string', default: '8' },
    visitors: { type: 'string', default: '8' },
    'no-append': { type: 'boolean', default: false },
  },
});
const seconds = Number(args.seconds ?? (args.smoke ? 60 : 600));
const warmupSeconds = Math.min(60, Math.round(seconds / 4));
const owners = Number(args.owners);
const visitors = Number(args.visitors);
const modes = args.mode === 'both' ? ['postgres', 'pglite'] : [args.mode!];
if (!modes.every((m) => m === 'postgres' || m === 'pglite') || !(seconds > 0))
  throw new Error('usage: npm run soak -- [--smoke | --seconds N] [--mode postgres|pglite|both]');
const adminUrl =
  process.env.SOAK_PG_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const log = (...a: unknown[]) => console.log(`[soak ${new Date().toISOString()}]`, ...a);

interface ModeResult {
  title: string;
  samples: Sample[];
  seconds: number;
  rss: { pid: number; start: number; warm: number; end: number; peak: number }[];
  /** Seconds of readings each RSS median is taken over. */
  rssWindow: number;
  result: AuditResult;
  ledger: Ledger;
  loadBefore: number[];
  loadAfter: number[];
}

async function soak(
  title: string,
  servers: ServerProcess[],
  audited: (ledger: Ledger, o: Awaited<ReturnType<typeof registerOwners>>) => Promise<AuditResult>,
): Promise<ModeResult> {
  const loadBefore = loadavg();
  const targets = servers.map((s) => s.url);
  const people = await registerOwners(targets[0]!, owners, randomBytes(3).toString('hex'));
  const start = servers.map((s) => s.rss());
  const ledger = emptyLedger();
  const samples: Sample[] = [];
  const stop = new AbortController();
  const started = Date.now();
  log(`${title}: ${seconds} s, ${owners} owners + ${visitors} visitors on ${targets.join(' ')}`);
  const load = runWorkload(
    {
      targets,
      owners: people,
      visitors,
      photo: await makeJpegPhoto(800, 600),
      pages: true,
      interests: true,
      signal: stop.signal,
      onSample: (s) => samples.push(s),
    },
    ledger,
  );
  const readings = sampleRss(servers.map((s) => () => s.rss()));
  const warm = setTimeout(
    () => log(`${title}: warm-up over (${samples.length} requests)`),
    warmupSeconds * 1000,
  );
  const progress = setInterval(() => log(`${title}: ${samples.length} requests`), 30_000);
  // A client that throws (a bug in the harness) ends the run at once, and the caller's cleanup
  // stops the servers: never an unhandled rejection that leaves them running.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    new Promise((r) => (timer = setTimeout(r, seconds * 1000))),
    load.catch(() => undefined),
  ]);
  clearTimeout(timer);
  readings.stop();
  stop.abort();
  clearTimeout(warm);
  clearInterval(progress);
  await load;
  const elapsed = (Date.now() - started) / 1000;
  const loadAfter = loadavg();
  // Under load both: the window right after warm-up, and the last one before the load stopped.
  const windows = rssWindows(warmupSeconds, readings.samples.at(-1)!.t);
  const rss = servers.map((s, i) => ({
    pid: s.pid,
    start: start[i]!,
    warm: medianRss(readings.samples, i, ...windows.warm),
    end: medianRss(readings.samples, i, ...windows.end),
    peak: peakRss(readings.samples, i, warmupSeconds),
  }));
  for (const s of servers) {
    const alive = s.child.exitCode === null && s.child.signalCode === null;
    if (!alive) throw new Error(`server ${s.pid} died during the run`);
  }
  await Promise.all(servers.map((s) => s.stop()));
  const result = await audited(ledger, people);
  return {
    title,
    samples,
    seconds: elapsed,
    rss,
    rssWindow: windows.length,
    result,
    ledger,
    loadBefore,
    loadAfter,
  };
}

async function postgresMode(dir: string): Promise<ModeResult> {
  const name = `wip16_soak_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const servers: ServerProcess[] = [];
  try {
    const env = { DATABASE_URL: url.toString(), DATA_DIR: join(dir, 'pg-unused') };
    // The first one builds the app when it is stale; the others start from that build.
    servers.push(
      await startServerProcess(env, join(dir, 'pg-0.log'), {
        build: true,
        readyTimeoutMs: 600_000,
      }),
    );
    servers.push(
      ...(await Promise.all([1, 2].map((i) => startServerProcess(env, join(dir, `pg-${i}.log`))))),
    );
    return await soak('PostgreSQL, 3 processes', servers, async (ledger, people) => {
      const db = await openPostgres({ connectionString: url.toString(), max: 2 });
      try {
        return await audit(db, ledger, people);
      } finally {
        await db.close();
      }
    });
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function pgliteMode(dir: string): Promise<ModeResult> {
  const dataDir = join(dir, 'pglite-data');
  const server = await startServerProcess({ DATA_DIR: dataDir }, join(dir, 'pglite.log'), {
    build: true,
    readyTimeoutMs: 600_000,
  });
  try {
    return await soak('Embedded PGlite, 1 process', [server], async (ledger, people) => {
      const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
      try {
        return await audit(database.db, ledger, people);
      } finally {
        await database.close();
      }
    });
  } finally {
    await server.stop();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function report(r: ModeResult): { text: string; pass: boolean } {
  const kinds = [...new Set(r.samples.map((s) => s.kind))].sort();
  const lines: string[] = [];
  lines.push(`#### ${r.title}`, '');
  lines.push(
    `${r.samples.length} requests in ${r.seconds.toFixed(0)} s (${(r.samples.length / r.seconds).toFixed(1)} req/s); load average ${r.loadBefore.map((l) => l.toFixed(2)).join(' / ')} before, ${r.loadAfter.map((l) => l.toFixed(2)).join(' / ')} after.`,
    '',
  );
  lines.push(
    '| Kind | Share | req/s | p50 | p99 | Non-2xx by status |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const kind of kinds) {
    const of = r.samples.filter((s) => s.kind === kind);
    const ms = of.map((s) => s.ms).sort((a, b) => a - b);
    const statuses = new Map<number, number>();
    for (const s of of)
      if (s.status < 200 || s.status >= 300)
        statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    const non2xx =
      [...statuses].map(([st, n]) => `${st === 0 ? 'no answer' : st}: ${n}`).join(', ') || '—';
    lines.push(
      `| ${kind} | ${((100 * of.length) / r.samples.length).toFixed(1)} % | ${(of.length / r.seconds).toFixed(1)} | ${percentile(ms, 50).toFixed(0)} ms | ${percentile(ms, 99).toFixed(0)} ms | ${non2xx} |`,
    );
  }
  lines.push(
    '',
    `| Process | RSS at start | after warm-up (median of ${+r.rssWindow.toFixed(1)} s) | at the end (median of the last ${+r.rssWindow.toFixed(1)} s) | highest reading after warm-up | Growth after warm-up (≤ 10 %) |`,
    '| --- | --- | --- | --- | --- | --- |',
  );
  let pass = true;
  for (const p of r.rss) {
    const growth = (100 * (p.end - p.warm)) / p.warm;
    const ok = growth <= 10;
    pass &&= ok;
    lines.push(
      `| pid ${p.pid} | ${mb(p.start)} | ${mb(p.warm)} | ${mb(p.end)} | ${mb(p.peak)} | ${growth.toFixed(1)} % ${ok ? 'pass' : 'FAIL'} |`,
    );
  }
  const a = r.result;
  const unexpected = r.samples.filter((s) => !isExpected(s)).length;
  pass &&= a.problems.length === 0 && unexpected === 0 && r.ledger.contactsSeenLoggedIn > 0;
  lines.push(
    '',
    `Audit: ${a.dogsChecked} acknowledged dogs, ${a.failedCreatesChecked} failed creations, ${a.photosChecked} acknowledged photos and ${a.interestsChecked} acknowledged "Me interesa" requests checked against the database: ${a.problems.length === 0 ? 'every acknowledged write is there exactly as acknowledged, nothing failed is half-written, nothing is there twice' : `${a.problems.length} PROBLEMS: ${a.problems.slice(0, 5).join('; ')}`}. Anonymous answers holding an owner's e-mail or phone: ${r.ledger.leaks.length} (logged-in answers holding them, which shows the check sees them: ${r.ledger.contactsSeenLoggedIn}). Unexpected statuses (anything but 2xx, a wrong password's 401, a 404 for a dog deleted meanwhile, or a 409 for a request already open): ${unexpected}.`,
    '',
  );
  return { text: lines.join('\n'), pass };
}

const dir = mkdtempSync(join(tmpdir(), 'happydog-soak-'));
try {
  const results: ModeResult[] = [];
  for (const mode of modes)
    results.push(mode === 'postgres' ? await postgresMode(dir) : await pgliteMode(dir));
  const reports = results.map(report);
  const commit = (await import('node:child_process'))
    .execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot })
    .toString()
    .trim();
  const command = `npm run soak -- ${process.argv.slice(2).join(' ')}`.trim();
  const text = [
    '',
    `### Soak run${args.smoke ? ' (SMOKE, 60 s per mode)' : ''}: ${new Date().toISOString()}, commit ${commit}`,
    '',
    `- Command: \`${command}\`. ${seconds} s of load per mode (warm-up ${warmupSeconds} s), ${owners} owners and ${visitors} anonymous visitors, each a closed loop (next request when the answer comes), requests spread round-robin over the processes with no stickiness, all on 127.0.0.1.`,
    `- Machine: ${cpus().length} CPUs, Node ${process.version}; shared with other engineers' builds and tests, so throughput and latency are noisy and low. Rate limits for the run: ${Object.entries(
      SOAK_ENV,
    )
      .filter(([k]) => k.includes('RATE_LIMIT'))
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')} (every client shares one IP; see README, Operations).`,
    '- Mix: anonymous visitors list (50), view a dog (35), draw a page `/perros` or `/perros/<id>` (15); owners, when logged out, log in (90) or mistype the password (3); when logged in: view a dog (20), `/api/user/me` (10), create (12), update (12, sometimes with new photos), delete (5), upload a 800×600 JPEG (3), send "Me interesa" about another owner’s dog (6), answer or dismiss a received request (4), log out (4), mistype (3).',
    '',
    ...reports.map((r) => r.text),
    `Result: ${reports.every((r) => r.pass) ? 'pass' : 'FAIL'}.`,
    '',
  ].join('\n');
  console.log(text);
  if (!args['no-append']) appendFileSync(join(repoRoot, 'BENCHMARKS.md'), text);
  process.exitCode = reports.every((r) => r.pass) ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
