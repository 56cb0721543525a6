// The follow-up of adoptions (`BENCH_PART=followups`):
//
// - Scheduling: the acta accepted through the follow-up service (the dog adopted, the other
//   applications declined, four check-ins and the sterilization date laid out, the rescuer's
//   e-mail queued) for BENCH_FOLLOWUP_ACCEPTS adoptions one transaction each, as the API does it:
//   acceptances per second. The rest of the BENCH_FOLLOWUP_ADOPTIONS (100,000) are laid out by
//   one SQL statement of the same rows.
// - Sending: the clock moved to the first check-in of all of them, the follow-up job's run
//   (`runDue`: a single-use token and an e-mail job per check-in, in batches): check-ins per
//   second; then the mail queue delivering those e-mails over a transport that answers at once:
//   e-mails per second, over the first BENCH_FOLLOWUP_DELIVER (20,000) of them. The process's RSS (the embedded database runs on its thread inside it)
//   before, at its highest while sending and delivering, and after.
// - `/finales-felices`: Lighthouse 12 mobile, the four categories, through the built server.
// On the embedded PGlite and on a throwaway PostgreSQL database (BENCH_PG_URL).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { lighthouse, type LighthouseRun } from './browser';
import { startServer } from './server';
import { median } from './stats';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { openDatabase } from '../../src/server/db/open';
import { openPostgres } from '../../src/server/db/postgres';
import { createFollowUpService } from '../../src/server/follow-up/service';
import { createJobEngine } from '../../src/server/jobs/engine';
import { mailJobs } from '../../src/server/mail/queue';

const ADOPTIONS = Number(process.env.BENCH_FOLLOWUP_ADOPTIONS ?? 100_000);
const ACCEPTS = Math.min(ADOPTIONS, Number(process.env.BENCH_FOLLOWUP_ACCEPTS ?? 1_000));
/**
 * The delivery rate is measured over this many of the queued e-mails (all of them when there are
 * fewer); the rest stay in the queue. Delivering 100,000 takes longer than the rest of the part.
 */
const DELIVER = Number(process.env.BENCH_FOLLOWUP_DELIVER ?? 20_000);
const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;
const quiet = { info() {}, warn() {}, error() {} };

export interface FollowUpOptions {
  dir: string;
  staticDir: string;
  pgAdminUrl: string;
  runs: number;
  log: (...args: unknown[]) => void;
}

interface DatabaseFigures {
  database: string;
  acceptsPerSecond: number;
  sent: number;
  sendSeconds: number;
  mailSeconds: number;
  /** E-mails delivered in mailSeconds (after the follow-up job had queued them all). */
  mailDelivered: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

export interface FollowUpFigures {
  databases: DatabaseFigures[];
  lighthouse: LighthouseRun[];
  notes: string[];
}

/** `ADOPTIONS` approved applications with their pending adoption, in a fresh database (ids from 1). */
async function fill(db: Db, at: Date): Promise<void> {
  await db.exec(`
    INSERT INTO users (name, email, password_hash)
      SELECT 'Persona ' || g, 'p' || g || '@bench.example', 'x' FROM generate_series(0, ${ADOPTIONS}) g;
    INSERT INTO dogs (name, city, hostage_id, sterilized, age_months)
      SELECT 'Perro ' || g, 'Cali', 1, false, 24 FROM generate_series(1, ${ADOPTIONS}) g;
  `);
  const history = JSON.stringify([{ state: 'approved', at: at.toISOString() }]);
  await db.query(
    `INSERT INTO interests (dog_id, sender_id, message, state, created_at, updated_at, history,
                            emailed_states)
       SELECT g, g + 1, 'Hola, me encantaría adoptarlo', 'approved', $1, $1, $2::jsonb, '{new,approved}'
         FROM generate_series(1, ${ADOPTIONS}) g`,
    [at, history],
  );
  await db.query(
    `INSERT INTO adoptions (dog_id, dog_name, interest_id, rescuer_id, adopter_id, created_at)
       SELECT g, 'Perro ' || g, g, 1, g + 1, $1 FROM generate_series(1, ${ADOPTIONS}) g`,
    [at],
  );
}

/** The check-ins and acceptance of adoptions `from`..`ADOPTIONS` in one statement each. */
async function acceptRest(db: Db, from: number, at: Date, scheduleS: number[]): Promise<void> {
  if (from > ADOPTIONS) return;
  await db.query(
    `UPDATE adoptions SET state = 'active', accepted_at = $2, acta_version = '2026-11',
            sterilization_due = ($2::timestamptz + interval '60 days')::date WHERE id >= $1`,
    [from, at],
  );
  await db.query(`UPDATE dogs SET status = 'adopted' WHERE id >= $1`, [from]);
  const dues = scheduleS.map((s) => new Date(at.getTime() + s * 1000));
  for (const [i, due] of dues.entries()) {
    const expires = dues[i + 1] ?? new Date(due.getTime() + 90 * DAY_MS);
    await db.query(
      `INSERT INTO adoption_checkins (adoption_id, seq, due_at, expires_at)
         SELECT g, $2, $3, $4 FROM generate_series($1::int, ${ADOPTIONS}) g`,
      [from, i + 1, due, expires],
    );
  }
}

async function measureOn(database: string, db: Db, log: FollowUpOptions['log']) {
  await migrate(db);
  let clock = Date.parse('2026-01-10T15:00:00Z');
  const now = () => new Date(clock);
  const engine = createJobEngine({ db, log: quiet, schema: 'bench_followups' });
  let delivered = 0;
  const { queue, definition } = mailJobs({
    engine,
    db,
    mailer: {
      deliver: async () => {
        delivered += 1;
        return {};
      },
      close: async () => {},
    },
    log: quiet,
  });
  await engine.work(definition);
  await engine.start();
  const scheduleS = loadConfig({}).followUp.scheduleS;
  const followUp = createFollowUpService({
    db,
    mail: queue,
    // No dog pages are cached here.
    listCache: { invalidate: () => {} },
    publicUrl: 'https://happydog.example',
    contact: 'hola@happydog.example',
    now,
    scheduleS,
    reminderAfterS: 7 * 86_400,
  });
  try {
    log(`${database}: ${ADOPTIONS.toLocaleString('en-US')} approved applications`);
    await fill(db, now());
    log(`${database}: ${ACCEPTS} acceptances through the service`);
    const started = performance.now();
    for (let id = 1; id <= ACCEPTS; id++) await followUp.accept(id, { id: id + 1, role: 'user' });
    const acceptsPerSecond = ACCEPTS / ((performance.now() - started) / 1000);
    await acceptRest(db, ACCEPTS + 1, now(), scheduleS);
    await queue.idle();
    delivered = 0;

    let peak = process.memoryUsage().rss;
    const rssBefore = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    clock += scheduleS[0]! * 1000;
    log(`${database}: the follow-up job sends the first check-in of each`);
    const sendStarted = performance.now();
    const counts = await followUp.runDue();
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    log(`${database}: ${counts.sent} check-ins in ${sendSeconds.toFixed(1)} s; delivering`);
    const mailStarted = performance.now();
    const deliveredBefore = delivered;
    const target = Math.min(DELIVER, ADOPTIONS - deliveredBefore);
    while (delivered - deliveredBefore < target)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const mailSeconds = (performance.now() - mailStarted) / 1000;
    const mailDelivered = delivered - deliveredBefore;
    clearInterval(sampler);
    if (counts.sent !== ADOPTIONS)
      throw new Error(`sent ${counts.sent}, expected ${ADOPTIONS}`);
    return {
      database,
      acceptsPerSecond,
      sent: counts.sent,
      sendSeconds,
      mailSeconds,
      mailDelivered,
      rssBeforeMb: rssBefore / MB,
      rssPeakMb: peak / MB,
      rssAfterMb: process.memoryUsage().rss / MB,
    };
  } finally {
    await engine.stop();
  }
}

export async function measureFollowUps(o: FollowUpOptions): Promise<FollowUpFigures> {
  const figures: FollowUpFigures = { databases: [], lighthouse: [], notes: [] };
  const embeddedDir = join(o.dir, 'followups-data');
  mkdirSync(embeddedDir, { recursive: true });
  const embedded = await openDatabase(loadConfig({ DATA_DIR: embeddedDir, SEED_DEMO: 'false' }));
  try {
    figures.databases.push(await measureOn('embedded PGlite', embedded.db, o.log));
    o.log(JSON.stringify(figures.databases.at(-1)));
  } finally {
    await embedded.close();
  }

  const pgName = `bench_followups_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client | undefined;
  try {
    admin = new pg.Client({ connectionString: o.pgAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgName}`);
  } catch (error) {
    figures.notes.push(`PostgreSQL rows skipped: ${(error as Error).message}`);
    await admin?.end().catch(() => undefined);
    admin = undefined;
  }
  if (admin) {
    try {
      const url = new URL(o.pgAdminUrl);
      url.pathname = `/${pgName}`;
      const db = await openPostgres({ connectionString: url.toString(), max: 10 });
      try {
        figures.databases.push(await measureOn('PostgreSQL', db, o.log));
        o.log(JSON.stringify(figures.databases.at(-1)));
      } finally {
        await db.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${pgName}`).catch(() => undefined);
      await admin.end();
    }
  }

  o.log('/finales-felices: building the app, Lighthouse');
  const server = await startServer({
    staticDir: o.staticDir,
    storage: { DATA_DIR: join(o.dir, 'followups-pages') },
    logFile: join(o.dir, 'server-followups.log'),
    build: true,
  });
  try {
    for (let i = 0; i < o.runs; i++)
      figures.lighthouse.push(await lighthouse(`${server.url}/finales-felices`));
  } finally {
    await server.stop();
  }
  return figures;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function followUpReport(f: FollowUpFigures): { markdown: string; failures: string[] } {
  const failures: string[] = [];
  const lines = [
    '| database | acceptances/s (acta, check-ins, e-mail) | first check-ins sent | follow-up job: check-ins/s | mail queue: e-mails/s | RSS before / peak / after |',
    '|---|---|---|---|---|---|',
  ];
  for (const d of f.databases)
    lines.push(
      `| ${d.database} | ${fmt(d.acceptsPerSecond)} | ${fmt(d.sent)} in ${fmt(d.sendSeconds, 1)} s | ${fmt(d.sent / d.sendSeconds)} | ${fmt(d.mailDelivered / d.mailSeconds)} (${fmt(d.mailDelivered)} in ${fmt(d.mailSeconds, 1)} s) | ${fmt(d.rssBeforeMb)} / ${fmt(d.rssPeakMb)} / ${fmt(d.rssAfterMb)} MB |`,
    );
  const lh = ['| page | category | target | runs | median |', '|---|---|---|---|---|'];
  for (const [label, key] of [
    ['performance', 'performance'],
    ['accessibility', 'accessibility'],
    ['best practices', 'bestPractices'],
    ['SEO', 'seo'],
  ] as const) {
    const values = f.lighthouse.map((r) => r[key]);
    const value = median(values);
    if (value < 100) failures.push(`/finales-felices ${label}`);
    lh.push(`| \`/finales-felices\` | ${label} | 100 | ${values.join(', ')} | ${value} |`);
  }
  const failing = [...new Set(f.lighthouse.flatMap((r) => r.failing))];
  return {
    markdown: [
      lines.join('\n'),
      '',
      lh.join('\n'),
      ...(failing.length ? ['', `Audits below 1: ${failing.join(', ')}`] : []),
      ...f.notes.map((n) => `\n${n}`),
    ].join('\n'),
    failures,
  };
}
