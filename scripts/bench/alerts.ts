// Alert figures (`BENCH_PART=alerts`): whether 10,000 saved alerts slow down publishing, and how
// long their e-mails take. The server runs from the sources' build-less start (API only) on a new
// embedded DATA_DIR, sending mail to a local SMTP sink that counts what arrives. First, p99 of
// POST /api/dog (sequential, one session) with no alert saved; then, with the server stopped,
// 1,000 people with 10 alerts each are written with SQL, and the same publishing is measured
// again (the dogs match no alert, but each one is compared with all 10,000 in a job meanwhile).
// Last, one dog that matches two alerts of every one of those people is published: the time from
// its answer until the sink has received the 1,000 e-mails (one per person), and the server's
// RSS sampled every 100 ms meanwhile. Then the app is built and Lighthouse 12 (mobile) audits
// the page an alert e-mail's unsubscribe link opens, and a filtered /perros (where "Avísame de
// perros así" is offered), BENCH_RUNS times each.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { alertFilterKey } from '../../src/server/alerts/repository';
import { queryWords } from '../../src/server/dogs/repository';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/open';
import type { AlertFilters } from '../../src/shared/alert-words';
import { lighthouse, type LighthouseRun } from './browser';
import { ApiClient, startServer } from './server';

const PEOPLE = 1_000;
const ALERTS_EACH = 10;
const POSTS = 200;
const WARM_UP = 20;
const TARGET_FANOUT_S = 60;

/** A dog no saved alert matches (another town, medium, an adult male). */
const PLAIN_DOG = {
  name: 'Rocco',
  city: 'Candelaria',
  size: 'medium',
  sex: 'male',
  age_months: 50,
  personality: 'Alegre y sociable',
  image: 'https://example.com/rocco.jpg',
};
/** The dog every person's first two alerts match. */
const MATCHING_DOG = {
  name: 'Canela',
  city: 'Cali',
  size: 'small',
  sex: 'male',
  age_months: 24,
  personality: 'Juguetón',
  image: 'https://example.com/canela.jpg',
};

/** Person `p`'s ten alerts: the first two match MATCHING_DOG, none matches PLAIN_DOG. */
function alertsOf(p: number): AlertFilters[] {
  return [
    { city: 'Cali' },
    { city: 'Cali', size: 'small' },
    { q: 'tranquilo' },
    { city: 'Jamundí' },
    { size: 'large' },
    { sex: 'female' },
    { age: 'senior' },
    { city: 'Yumbo', size: 'medium' },
    { q: `palabra${p}` },
    { city: 'Palmira', age: 'puppy' },
  ];
}

export interface AlertFigures {
  withoutMs: number[];
  withMs: number[];
  alerts: number;
  emails: number;
  fanOutS: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** Lighthouse runs per audited page path. */
  lighthouse: { path: string; runs: LighthouseRun[] }[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function fillAlerts(dataDir: string): Promise<number> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    const db = database.db;
    const users = await db.query<{ id: number }>(
      `INSERT INTO users (name, email, password_hash)
       SELECT 'Buscadora ' || g, 'buscadora' || g || '@happydog.example', 'x'
         FROM generate_series(1, $1::int) AS g
       RETURNING id`,
      [PEOPLE],
    );
    const rows = users.flatMap(({ id }, p) => alertsOf(p).map((filters) => ({ id, filters })));
    await db.query(
      `INSERT INTO alerts (user_id, frequency, q, q_words, city, size, sex, age, filter_key)
       SELECT u, 'instant', q, CASE WHEN q IS NULL THEN '{}'::text[] ELSE string_to_array(w, ' ') END,
              c, s, x, a, k
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                     $7::text[], $8::text[]) AS t(u, q, w, c, s, x, a, k)`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.filters.q ?? null),
        rows.map((r) => queryWords(r.filters.q).join(' ')),
        rows.map((r) => r.filters.city ?? null),
        rows.map((r) => r.filters.size ?? null),
        rows.map((r) => r.filters.sex ?? null),
        rows.map((r) => r.filters.age ?? null),
        rows.map((r) => alertFilterKey(r.filters)),
      ],
    );
    await db.exec(
      `UPDATE alerts SET city_key = dog_search_norm(city),
              word_keys = ARRAY(SELECT dog_search_norm(w) FROM unnest(q_words) AS w)`,
    );
    await db.exec('VACUUM ANALYZE alerts');
    return rows.length;
  } finally {
    await database.close();
  }
}

/** An SMTP server that only counts the recipients of what it receives, with the time. */
async function startSink() {
  const received: { to: string; at: number }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const at = performance.now();
        for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, at });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function measureAlerts(o: {
  dir: string;
  staticDir: string;
  runs: number;
  owner: { name: string; email: string; password: string };
  log: (...args: unknown[]) => void;
}): Promise<AlertFigures> {
  const dataDir = join(o.dir, 'alerts-data');
  mkdirSync(dataDir, { recursive: true });
  const sink = await startSink();
  const start = (label: string) =>
    startServer({
      staticDir: join(o.dir, 'no-static'),
      storage: { DATA_DIR: dataDir },
      logFile: join(o.dir, `server-alerts-${label}.log`),
      build: false,
      env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://happydog.example' },
    });
  const publish = async (client: ApiClient, dog: object) => {
    const started = performance.now();
    const res = await client.call('POST', '/api/dog', dog);
    const elapsed = performance.now() - started;
    if (res.status !== 201) throw new Error(`POST /api/dog: HTTP ${res.status} ${res.text}`);
    return elapsed;
  };
  const measurePosts = async (client: ApiClient) => {
    for (let i = 0; i < WARM_UP; i++) await publish(client, PLAIN_DOG);
    const times: number[] = [];
    for (let i = 0; i < POSTS; i++) times.push(await publish(client, PLAIN_DOG));
    return times;
  };

  try {
    let server = await start('without');
    let owner = new ApiClient(server.url);
    await owner.registerAndLogin(o.owner.name, o.owner.email, o.owner.password);
    const withoutMs = await measurePosts(owner);
    o.log(`  without alerts: p99 ${percentile(withoutMs, 99).toFixed(1)} ms`);
    await server.stop();

    o.log(`writing ${PEOPLE * ALERTS_EACH} alerts of ${PEOPLE} people (server stopped)`);
    const alerts = await fillAlerts(dataDir);
    server = await start('with');
    owner = new ApiClient(server.url);
    await owner.registerAndLogin(o.owner.name, o.owner.email, o.owner.password);
    const withMs = await measurePosts(owner);
    o.log(`  with ${alerts} alerts: p99 ${percentile(withMs, 99).toFixed(1)} ms`);
    if (sink.received.length > 0)
      throw new Error(`${sink.received.length} e-mails for dogs that match no alert`);

    // Let the matching of the plain dogs finish, so the fan-out is measured on its own.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const rssBefore = server.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, server.rss());
    }, 100);
    const published = performance.now();
    await publish(owner, MATCHING_DOG);
    const deadline = published + 5 * TARGET_FANOUT_S * 1000;
    while (new Set(sink.received.map((r) => r.to)).size < PEOPLE && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    clearInterval(sampler);
    const last = Math.max(...sink.received.map((r) => r.at));
    const fanOutS = (last - published) / 1000;
    o.log(`  ${sink.received.length} e-mails in ${fanOutS.toFixed(1)} s`);
    await server.stop();

    o.log('building the app and starting it for Lighthouse');
    server = await startServer({
      staticDir: o.staticDir,
      storage: { DATA_DIR: dataDir },
      logFile: join(o.dir, 'server-alerts-pages.log'),
      build: true,
      env: { SMTP_URL: sink.url },
    });
    const lighthouseRuns: AlertFigures['lighthouse'] = [];
    // The token is the fragment: the page is the same whatever it holds, until its button.
    for (const path of [
      `/alertas/cancelar#${randomBytes(24).toString('base64url')}`,
      // No dog matches: the dogs here show pictures from example.com, which the audit cannot reach.
      '/perros?city=Cali&age=senior',
    ]) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < o.runs; i++) {
        const run = await lighthouse(server.url + path);
        o.log(
          `  lighthouse ${path} ${i + 1}/${o.runs}: ${run.performance}/${run.accessibility}/${run.bestPractices}/${run.seo}` +
            (run.failing.length ? ` failing: ${run.failing.join(', ')}` : ''),
        );
        runs.push(run);
      }
      lighthouseRuns.push({ path: path.replace(/#.*/, '#<token>'), runs });
    }
    await server.stop();
    return {
      withoutMs,
      withMs,
      alerts,
      emails: sink.received.length,
      fanOutS,
      rssBeforeMb: rssBefore / 2 ** 20,
      rssPeakMb: rssPeak / 2 ** 20,
      lighthouse: lighthouseRuns,
    };
  } finally {
    await sink.close();
  }
}

/** Each category's median over the runs is 100. */
function lighthouseMedianMet(runs: LighthouseRun[]): boolean {
  const categories = ['performance', 'accessibility', 'bestPractices', 'seo'] as const;
  return categories.every((c) => percentile(runs.map((r) => r[c]), 50) === 100);
}

export function alertsReport(f: AlertFigures): { markdown: string; failures: string[] } {
  const without = percentile(f.withoutMs, 99);
  const withAlerts = percentile(f.withMs, 99);
  // "No slower": within 20 % or 5 ms of the figure without alerts, whichever is larger (noise).
  const slower = withAlerts > Math.max(without * 1.2, without + 5);
  const late = f.emails !== PEOPLE || f.fanOutS > TARGET_FANOUT_S;
  const markdown = [
    '| Alerts metric | Target | Measured | |',
    '|---|---|---|---|',
    `| POST /api/dog p99, ${POSTS} sequential, no alert saved | — | ${without.toFixed(1)} ms (p50 ${percentile(f.withoutMs, 50).toFixed(1)} ms) | |`,
    `| POST /api/dog p99, ${POSTS} sequential, ${f.alerts.toLocaleString('en-US')} alerts saved (each dog matched in a job meanwhile) | no slower | ${withAlerts.toFixed(1)} ms (p50 ${percentile(f.withMs, 50).toFixed(1)} ms) | ${slower ? 'FAIL' : 'ok'} |`,
    `| One dog matching 2 alerts of each of ${PEOPLE.toLocaleString('en-US')} people: publish answered → last of the e-mails received by SMTP | ≤ ${TARGET_FANOUT_S} s | ${f.fanOutS.toFixed(1)} s (${f.emails.toLocaleString('en-US')} e-mails, one per person) | ${late ? 'FAIL' : 'ok'} |`,
    `| Server RSS during that fan-out (sampled every 100 ms) | — | peak ${f.rssPeakMb.toFixed(0)} MB (${f.rssBeforeMb.toFixed(0)} MB before) | |`,
    ...f.lighthouse.map(({ path, runs }) => {
      const scores = runs.map(
        (r) => `${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}`,
      );
      return `| Lighthouse 12 mobile on \`${path}\` (performance/accessibility/best practices/SEO) | 100 × 4 | ${scores.join(', ')} | ${lighthouseMedianMet(runs) ? 'ok' : 'FAIL'} |`;
    }),
  ].join('\n');
  const failures: string[] = [];
  for (const { path, runs } of f.lighthouse)
    if (!lighthouseMedianMet(runs)) failures.push(`Lighthouse on ${path} under 100`);
  if (slower)
    failures.push(
      `POST /api/dog p99 ${withAlerts.toFixed(1)} ms with alerts vs ${without.toFixed(1)} ms`,
    );
  if (late) failures.push(`alert fan-out: ${f.emails} e-mails in ${f.fanOutS.toFixed(1)} s`);
  return { markdown, failures };
}
