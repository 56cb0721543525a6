// Adoption application figures (`BENCH_PART=applications`, and part of the full run): the
// rescuer's received box, GET /api/me/interests?box=received, when their 200 dogs hold 2,000
// applications from 400 applicants, each with a profile copy and a history of one to three
// states. The server runs from the sources' build-less start (API only) on a new embedded
// DATA_DIR; the applications are written with SQL while it is stopped. The box is read one
// request at a time (no queueing in the figure): 30 warm-up reads, then 300 measured ones; then
// 30 reads each right after a change of one application's state, when the box is built again.
import { mkdirSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/open';
import { ApiClient, fillDogs, startServer } from './server';
import { median } from './stats';

const APPLICATIONS = 2_000;
const DOGS = 200;
const APPLICANTS = 400;
const WARM_UP = 30;
const READS = 300;
const TARGET_P99_MS = 50;
const COLD_READS = 30;

const PROFILE = {
  housing: 'apartment',
  owns_home: false,
  landlord_allows_pets: true,
  adults: 2,
  children: 1,
  household_agrees: true,
  other_animals: 'Una gata de tres años, muy tranquila',
  experience: 'Crecí con perros y tuve uno durante doce años',
  hours_alone: 4,
  sleeps_where: 'Dentro del apartamento, en su cama en la sala',
  zone: 'cali-comuna-17',
  will_sterilize: true,
  accepts_follow_up: true,
};

export interface ApplicationFigures {
  readsMs: number[][];
  /** Reads right after a change of one application's state (the box is built again). */
  coldMs: number[];
  count: number;
  bytes: number;
}

/** The p-th percentile (nearest rank) of `values`. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function fillApplications(dataDir: string, rescuerEmail: string) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    const db = database.db;
    await fillDogs(db, DOGS, rescuerEmail, 'http://127.0.0.1');
    await db.query(
      `INSERT INTO users (name, email, password_hash)
       SELECT 'Adoptante ' || g, 'adoptante' || g || '@happydog.example', 'x'
         FROM generate_series(1, $1::int) AS g`,
      [APPLICANTS],
    );
    // Application g: applicant g % APPLICANTS, dog (g / APPLICANTS + g) % DOGS (no pair twice);
    // states spread over the whole pipeline.
    await db.query(
      `WITH a AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE 'adoptante%'),
            d AS (SELECT array_agg(id ORDER BY id) AS ids FROM dogs),
            g AS (
              SELECT g, (ARRAY['new', 'reviewing', 'interview', 'approved', 'declined', 'withdrawn'])[g % 6 + 1] AS state,
                     now() - make_interval(mins => g * 37) AS at
                FROM generate_series(1, $1::int) AS g)
       INSERT INTO interests (dog_id, sender_id, message, phone, state, created_at, updated_at,
                              history, profile, emailed_states)
       SELECT d.ids[(g / $3 + g) % $2 + 1], a.ids[g % $3 + 1],
              'Hola, me encantaría adoptarlo: tengo tiempo, espacio y mucho cariño para darle.',
              '+57300' || lpad((g % 10000000)::text, 7, '0'), state, at, at + interval '1 hour',
              CASE WHEN state = 'new'
                   THEN jsonb_build_array(jsonb_build_object('state', 'new', 'at', at))
                   ELSE jsonb_build_array(jsonb_build_object('state', 'new', 'at', at),
                          jsonb_build_object('state', 'reviewing', 'at', at + interval '30 minutes'),
                          jsonb_build_object('state', state, 'at', at + interval '1 hour')) END,
              $4::jsonb, ARRAY[state]
         FROM g, a, d`,
      [APPLICATIONS, DOGS, APPLICANTS, JSON.stringify(PROFILE)],
    );
    await db.exec('VACUUM ANALYZE interests');
  } finally {
    await database.close();
  }
}

export async function measureApplications(o: {
  dir: string;
  runs: number;
  owner: { name: string; email: string; password: string };
  log: (...args: unknown[]) => void;
}): Promise<ApplicationFigures> {
  const dataDir = join(o.dir, 'applications-data');
  mkdirSync(dataDir, { recursive: true });
  const start = (label: string) =>
    startServer({
      staticDir: join(o.dir, 'no-static'),
      storage: { DATA_DIR: dataDir },
      logFile: join(o.dir, `server-applications-${label}.log`),
      build: false,
      env: { INTEREST_ANSWER_RATE_LIMIT_USER: '100000', INTEREST_ANSWER_RATE_LIMIT_IP: '100000' },
    });
  let server = await start('setup');
  await new ApiClient(server.url).registerAndLogin(o.owner.name, o.owner.email, o.owner.password);
  await server.stop();
  o.log(`writing ${APPLICATIONS} applications to ${DOGS} dogs (server stopped)`);
  await fillApplications(dataDir, o.owner.email);
  server = await start('box');
  const figures: ApplicationFigures = { readsMs: [], coldMs: [], count: 0, bytes: 0 };
  try {
    const rescuer = new ApiClient(server.url);
    await rescuer.registerAndLogin(o.owner.name, o.owner.email, o.owner.password);
    // Time to the last byte of the answer as a browser asks for it (brotli), on a kept-alive
    // connection; decoding it is the client's work and not part of the figure.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const read = () =>
      new Promise<{ elapsed: number; text: string }>((resolve, reject) => {
        const started = performance.now();
        const req = httpGet(
          `${server.url}/api/me/interests?box=received`,
          { agent, headers: { cookie: rescuer.cookie, 'accept-encoding': 'br, gzip' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', reject);
            res.on('end', () => {
              const elapsed = performance.now() - started;
              const body = Buffer.concat(chunks);
              if (res.statusCode !== 200)
                return reject(new Error(`received box: HTTP ${res.statusCode} ${body.toString()}`));
              const encoding = res.headers['content-encoding'];
              const decode = () =>
                encoding === 'br'
                  ? brotliDecompressSync(body)
                  : encoding === 'gzip'
                    ? gunzipSync(body)
                    : body;
              resolve({
                elapsed,
                get text() {
                  return decode().toString();
                },
              });
            });
          },
        );
        req.on('error', reject);
      });
    for (let i = 0; i < WARM_UP; i++) await read();
    for (let run = 0; run < o.runs; run++) {
      const times: number[] = [];
      for (let i = 0; i < READS; i++) {
        const { elapsed, text } = await read();
        times.push(elapsed);
        if (i === 0) {
          figures.count = (JSON.parse(text) as unknown[]).length;
          figures.bytes = Buffer.byteLength(text);
        }
      }
      figures.readsMs.push(times);
      o.log(
        `  run ${run + 1}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
    }
    // After each change the box is built again: one application moved back and forth.
    const first = (JSON.parse((await read()).text) as Array<{ id: number; state: string }>).find(
      (i) => i.state === 'reviewing' || i.state === 'declined',
    )!;
    for (let i = 0; i < COLD_READS; i++) {
      const state = i % 2 === 0 ? 'declined' : 'reviewing';
      const res = await rescuer.call('PATCH', `/api/interest/${first.id}`, { state });
      if (res.status !== 200) throw new Error(`state change: HTTP ${res.status} ${res.text}`);
      figures.coldMs.push((await read()).elapsed);
    }
    o.log(`  after a change: p50 ${percentile(figures.coldMs, 50).toFixed(1)} ms`);
    agent.destroy();
  } finally {
    await server.stop();
  }
  return figures;
}

export function applicationsReport(f: ApplicationFigures): {
  markdown: string;
  failures: string[];
} {
  const p99 = median(f.readsMs.map((times) => percentile(times, 99)));
  const p50 = median(f.readsMs.map((times) => percentile(times, 50)));
  const ok = p99 <= TARGET_P99_MS && f.count === APPLICATIONS;
  const markdown = [
    '| Adoption applications metric | Target | Measured | |',
    '|---|---|---|---|',
    `| GET /api/me/interests?box=received, a rescuer with ${APPLICATIONS.toLocaleString('en-US')} applications (${DOGS} dogs), p99 of ${READS} sequential reads | ≤ ${TARGET_P99_MS} ms | ${p99.toFixed(1)} ms (p50 ${p50.toFixed(1)} ms; runs ${f.readsMs.map((t) => percentile(t, 99).toFixed(1)).join(', ')}; ${f.count} applications, ${(f.bytes / 1024).toFixed(0)} KB) | ${ok ? 'ok' : 'FAIL'} |`,
    `| The same box read right after one of its applications changed (built again), median of ${COLD_READS} | — | ${percentile(f.coldMs, 50).toFixed(1)} ms (p90 ${percentile(f.coldMs, 90).toFixed(1)} ms) | |`,
  ].join('\n');
  return {
    markdown,
    failures: ok ? [] : [`received box p99 ${p99.toFixed(1)} ms (target ≤ ${TARGET_P99_MS} ms)`],
  };
}
