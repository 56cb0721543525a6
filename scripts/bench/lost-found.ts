// Lost and found figures (`BENCH_PART=lost-found`): with 100,000 reports stored, the likely
// matches of a report (GET /api/lost-found/:id/matches) and the list (GET /api/lost-found, with
// and without filters), each read one request at a time (30 warm-up reads, then 300 measured per
// run); and Lighthouse mobile on a report's page (/perdidos/$id, a report with a photo).
//
// The 100,000 reports are a year of them, written with SQL while the server is stopped: one
// every ~5 minutes over the last 365 days, spread over the 30 zones, lost and found alternating,
// each with one to three colours and a description made of common words; those published in the
// last 60 days are open (about 16,000, as the real list would be), the older ones expired or
// closed (a third of them as reunited); ids grow with time, as they would.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config';
import type { Queryable } from '../../src/server/db/db';
import { openDatabase } from '../../src/server/db/open';
import { ZONE_IDS } from '../../src/shared/zone-list';
import { makeJpegPhoto } from '../../test/support/photos';
import { lighthouse, type LighthouseRun } from './browser';
import { ApiClient, startServer } from './server';
import { median } from './stats';

const REPORTS = 100_000;
const WARM_UP = 30;
const READS = 300;
const TARGET_P99_MS = 50;

export interface LostFoundFigures {
  matchesMs: number[][];
  listMs: number[][];
  matchesSeen: number;
  open: number;
  lighthouse: LighthouseRun[];
  page: string;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function fillReports(dataDir: string): Promise<number> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    return await fillReportsInto(database.db);
  } finally {
    await database.close();
  }
}

/** Writes the year of reports into `db` (a migrated database); how many are open. */
export async function fillReportsInto(db: Queryable): Promise<number> {
  {
    await db.query(
      `INSERT INTO users (name, email, password_hash)
       SELECT 'Vecino ' || g, 'vecino' || g || '@happydog.example', 'x'
         FROM generate_series(1, 2000) AS g`,
    );
    await db.query(
      `WITH u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE 'vecino%'),
            w AS (SELECT ARRAY['collar', 'rojo', 'azul', 'asustado', 'cojea', 'criollo', 'mancha',
                               'oreja', 'cola', 'corta', 'larga', 'pelo', 'juguetón', 'tímido',
                               'cicatriz', 'pata', 'blanca', 'negra', 'labrador', 'pitbull',
                               'french', 'chapa', 'nombre', 'pólvora', 'parque', 'calle',
                               'noche', 'mañana', 'pequeño', 'grande'] AS words),
            g AS (SELECT g, now() - make_interval(secs => ($1::int - g) * 315) AS at
                    FROM generate_series(1, $1::int) AS g)
       INSERT INTO lost_found_reports
         (reporter_id, kind, name, sex, size, colors, description, seen_on, zone, status,
          expires_at, created_at, updated_at, closed_at)
       SELECT u.ids[g % 2000 + 1],
              CASE WHEN g % 2 = 0 THEN 'lost' ELSE 'found' END,
              CASE WHEN g % 2 = 0 THEN 'Perro ' || g ELSE '' END,
              CASE g % 5 WHEN 0 THEN NULL WHEN 1 THEN 'male' WHEN 2 THEN 'female'
                         WHEN 3 THEN 'male' ELSE 'female' END,
              (ARRAY['small', 'medium', 'large'])[g % 3 + 1],
              CASE g % 9 WHEN 0 THEN ARRAY['negro'] WHEN 1 THEN ARRAY['blanco', 'negro']
                         WHEN 2 THEN ARRAY['cafe'] WHEN 3 THEN ARRAY['crema']
                         WHEN 4 THEN ARRAY['dorado'] WHEN 5 THEN ARRAY['gris', 'blanco']
                         WHEN 6 THEN ARRAY['atigrado'] WHEN 7 THEN ARRAY['manchado', 'blanco', 'cafe']
                         ELSE ARRAY['rojizo'] END,
              'Perro ' || w.words[g % 30 + 1] || ' ' || w.words[(g / 7) % 30 + 1] || ' ' ||
                w.words[(g / 13) % 30 + 1] || ', visto cerca del ' || w.words[(g / 3) % 30 + 1] ||
                '; tiene ' || w.words[(g / 17) % 30 + 1] || ' y ' || w.words[(g / 29) % 30 + 1],
              (at AT TIME ZONE 'America/Bogota')::date - (g % 3),
              ($2::text[])[(g * 7) % 30 + 1],
              CASE WHEN at >= now() - interval '60 days' THEN 'open'
                   WHEN g % 3 = 0 THEN 'reunited' ELSE 'expired' END,
              at + interval '60 days', at, at,
              CASE WHEN at < now() - interval '60 days' AND g % 3 = 0 THEN at + interval '10 days' END
         FROM g, u, w`,
      [REPORTS, ZONE_IDS],
    );
    await db.exec('VACUUM ANALYZE lost_found_reports');
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM lost_found_reports WHERE status = 'open' AND expires_at > now()`,
    );
    return row!.n;
  }
}

export async function measureLostFound(o: {
  dir: string;
  staticDir: string;
  runs: number;
  owner: { name: string; email: string; password: string };
  log: (...args: unknown[]) => void;
}): Promise<LostFoundFigures> {
  const dataDir = join(o.dir, 'lost-found-data');
  mkdirSync(dataDir, { recursive: true });
  const start = (label: string, build: boolean) =>
    startServer({
      staticDir: o.staticDir,
      storage: { DATA_DIR: dataDir },
      logFile: join(o.dir, `server-lost-found-${label}.log`),
      build,
    });
  o.log('building the app and starting the server (node scripts/start.mjs)');
  let server = await start('setup', true);
  await new ApiClient(server.url).registerAndLogin(o.owner.name, o.owner.email, o.owner.password);
  await server.stop();
  o.log(`writing ${REPORTS.toLocaleString('en')} lost and found reports (server stopped)`);
  const open = await fillReports(dataDir);
  o.log(`  ${open} of them open`);
  server = await start('reads', false);
  const figures: LostFoundFigures = {
    matchesMs: [],
    listMs: [],
    matchesSeen: 0,
    open,
    lighthouse: [],
    page: '',
  };
  try {
    const owner = new ApiClient(server.url);
    await owner.registerAndLogin(o.owner.name, o.owner.email, o.owner.password);
    // The page Lighthouse audits: a report published through the API, with a photo.
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await makeJpegPhoto(1600, 1200, 5))], { type: 'image/jpeg' }),
      'luna.jpg',
    );
    const upload = await fetch(`${server.url}/api/photos`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: server.url },
      body: form,
    });
    if (upload.status !== 201) throw new Error(`photo: HTTP ${upload.status}`);
    const photoId = ((await upload.json()) as { photo: { id: number } }).photo.id;
    const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
    const created = await owner.call('POST', '/api/lost-found', {
      kind: 'lost',
      name: 'Luna',
      sex: 'female',
      size: 'medium',
      colors: ['negro', 'blanco'],
      description: 'Perrita criolla con collar rojo, muy asustada con la pólvora',
      date: today,
      zone: 'cali-comuna-17',
      photo_ids: [photoId],
    });
    if (created.status !== 201) throw new Error(`report: HTTP ${created.status} ${created.text}`);
    const reportId = (JSON.parse(created.text) as { report: { id: number } }).report.id;
    figures.page = `/perdidos/${reportId}`;

    // Open reports whose matches are asked for: spread over the whole list.
    const list = (await (await fetch(`${server.url}/api/lost-found?limit=100`)).json()) as {
      id: number;
    }[];
    const ids = list.map((r) => r.id);
    const timed = async (path: string) => {
      const started = performance.now();
      const res = await fetch(`${server.url}${path}`, {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      const text = await res.text();
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${text}`);
      return { elapsed, text };
    };
    const matchPath = (i: number) => `/api/lost-found/${ids[i % ids.length]}/matches`;
    const LISTS = [
      '/api/lost-found',
      '/api/lost-found?kind=lost',
      '/api/lost-found?zone=cali-comuna-17',
      '/api/lost-found?kind=found&zone=cali-comuna-5&size=medium',
      '/api/lost-found?sex=female&size=small',
      '/api/lost-found?q=collar',
      '/api/lost-found?q=cicatriz%20parque',
      '/api/lost-found?kind=lost&q=labrador',
    ];
    for (let i = 0; i < WARM_UP; i++) {
      await timed(matchPath(i));
      await timed(LISTS[i % LISTS.length]!);
    }
    for (let run = 0; run < o.runs; run++) {
      const matches: number[] = [];
      const lists: number[] = [];
      for (let i = 0; i < READS; i++) {
        const m = await timed(matchPath(i * 7 + run));
        matches.push(m.elapsed);
        figures.matchesSeen = Math.max(
          figures.matchesSeen,
          (JSON.parse(m.text) as unknown[]).length,
        );
        lists.push((await timed(LISTS[i % LISTS.length]!)).elapsed);
      }
      figures.matchesMs.push(matches);
      figures.listMs.push(lists);
      o.log(
        `  run ${run + 1}: matches p50 ${percentile(matches, 50).toFixed(1)} ms, p99 ${percentile(matches, 99).toFixed(1)} ms; ` +
          `list p50 ${percentile(lists, 50).toFixed(1)} ms, p99 ${percentile(lists, 99).toFixed(1)} ms`,
      );
    }

    // One throw-away audit first: the first Chromium Lighthouse starts is slower.
    await lighthouse(server.url + figures.page);
    for (let i = 0; i < o.runs; i++) {
      const run = await lighthouse(server.url + figures.page);
      o.log(
        `  lighthouse ${figures.page} ${i + 1}/${o.runs}: ${run.performance}/${run.accessibility}/${run.bestPractices}/${run.seo}` +
          (run.failing.length ? ` failing: ${run.failing.join(', ')}` : ''),
      );
      figures.lighthouse.push(run);
    }
  } finally {
    await server.stop();
  }
  return figures;
}

export function lostFoundReport(f: LostFoundFigures): { markdown: string; failures: string[] } {
  const p = (runs: number[][], q: number) => median(runs.map((times) => percentile(times, q)));
  const failures: string[] = [];
  const rows = ['| Lost and found metric | Target | Measured | |', '|---|---|---|---|'];
  const matchesP99 = p(f.matchesMs, 99);
  const listP99 = p(f.listMs, 99);
  const verdict = (ok: boolean) => (ok ? 'ok' : '**over**');
  if (matchesP99 > TARGET_P99_MS) failures.push('lost and found matches p99');
  if (listP99 > TARGET_P99_MS) failures.push('lost and found list p99');
  rows.push(
    `| GET /api/lost-found/:id/matches, ${REPORTS.toLocaleString('en')} reports (${f.open.toLocaleString('en')} open), p50 / p99 (median of ${f.matchesMs.length} runs × ${READS}) | p99 ≤ ${TARGET_P99_MS} ms | ${p(f.matchesMs, 50).toFixed(1)} / ${matchesP99.toFixed(1)} ms | ${verdict(matchesP99 <= TARGET_P99_MS)} |`,
    `| GET /api/lost-found (24 newest; unfiltered, kind, zone, size, sex, words), p50 / p99 | p99 ≤ ${TARGET_P99_MS} ms | ${p(f.listMs, 50).toFixed(1)} / ${listP99.toFixed(1)} ms | ${verdict(listP99 <= TARGET_P99_MS)} |`,
  );
  for (const [label, key] of [
    ['performance', 'performance'],
    ['accessibility', 'accessibility'],
    ['best practices', 'bestPractices'],
    ['SEO', 'seo'],
  ] as const) {
    const values = f.lighthouse.map((r) => r[key]);
    const value = median(values);
    if (value < 100) failures.push(`${f.page} Lighthouse ${label}`);
    rows.push(
      `| Lighthouse 12 mobile on \`/perdidos/$id\`: ${label} | 100 | ${values.join(', ')} | ${value >= 100 ? 'ok' : '**under**'} |`,
    );
  }
  return { markdown: rows.join('\n'), failures };
}
