// Starts and stops the production server (`node scripts/start.mjs`) for the benchmark, and fills
// its embedded database: a few dogs through the API, many more straight into PGlite.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/open';
import { DEMO_DOGS } from '../../src/server/seed/demo';
import {
  freePort,
  hasExited,
  SERVER_NODE_FLAGS,
  tailOf,
  waitForExit,
} from '../../test/support/local-processes';

export const repoRoot = join(import.meta.dirname, '..', '..');

export interface BenchServer {
  url: string;
  pid: number;
  logFile: string;
  /** Resident set size of the server process now, in bytes (from /proc). */
  rss(): number;
  /** Milliseconds from spawn to the first 200 on the ready path. */
  readyMs: number;
  stop(): Promise<void>;
}

export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

export interface StartOptions {
  /** Where the app is (or gets) built: STATIC_DIR of scripts/start.mjs. */
  staticDir: string;
  /** DATA_DIR (embedded PGlite) or DATABASE_URL. */
  storage: { DATA_DIR: string } | { DATABASE_URL: string };
  logFile: string;
  /** Allow the build to run (first start only). */
  build: boolean;
  env?: Record<string, string>;
  /** Listen here (default: a free port). */
  port?: number;
  /** Started once this path answers 200 (default /api/health), polled every `pollMs` (250). */
  readyPath?: string;
  pollMs?: number;
}

/** `node scripts/start.mjs` on a free port, waits for /api/health. */
export async function startServer(options: StartOptions): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'TEST_DATABASE_URL', 'E2E_DATABASE_URL']) {
    delete env[name];
  }
  const log = openSync(options.logFile, 'a');
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...env,
      NODE_ENV: 'production',
      // As `npm start` sets it (package.json; README, "Memory a deployment needs").
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      STATIC_DIR: options.staticDir,
      ...(options.build ? {} : { SKIP_BUILD: '1' }),
      // The benchmark registers and logs in from 127.0.0.1 more often than a person would.
      LOGIN_RATE_LIMIT_IP: '100000',
      REGISTER_RATE_LIMIT_IP: '100000',
      LOGIN_RATE_LIMIT_ATTEMPTS_IP: '100000',
      DOG_WRITE_RATE_LIMIT_USER: '100000',
      DOG_WRITE_RATE_LIMIT_IP: '100000',
      ...options.storage,
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const pid = child.pid;
  if (!pid) throw new Error('Could not spawn node scripts/start.mjs');

  const stop = async () => {
    if (hasExited(child)) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 15_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  };

  const deadline = Date.now() + 600_000;
  let last = '';
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before answering /api/health.\n` +
          tailOf(options.logFile, 30),
      );
    }
    try {
      const res = await fetch(`${url}${options.readyPath ?? '/api/health'}`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (res.ok) {
        const readyMs = performance.now() - spawnedAt;
        await res.arrayBuffer();
        return { url, pid, logFile: options.logFile, rss: () => rssOf(pid), readyMs, stop };
      }
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, options.pollMs ?? 250));
  }
  await stop();
  throw new Error(`The server did not become healthy (${last}).\n${tailOf(options.logFile, 30)}`);
}

/** A logged-in API client (cookie jar of one session). */
export class ApiClient {
  cookie = '';

  constructor(readonly base: string) {}

  async call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        origin: this.base,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, text, headers: res.headers };
  }

  async registerAndLogin(name: string, email: string, password: string) {
    const reg = await this.call('POST', '/api/user/userRegister', {
      name,
      email,
      password,
      passwordValidate: password,
      consent: true,
    });
    if (reg.status !== 201 && reg.status !== 409) {
      throw new Error(`register: HTTP ${reg.status} ${reg.text}`);
    }
    const login = await this.call('POST', '/api/user/userLogin', { email, password });
    if (login.status !== 200) throw new Error(`login: HTTP ${login.status} ${login.text}`);
  }
}

/** Host of the image URLs of dogs created through the API (never fetched: see benchDog). */
export const FOREIGN_IMAGE_ORIGIN = 'https://fotos.happydog.example';

/**
 * The i-th benchmark dog created through the API: the demo dogs' texts, cycled. The API refuses
 * image URLs on the site itself (a visitor's browser would call the site with their cookies), so
 * these point at another host; the benchmarks that draw pages fill their dogs with fillDogs,
 * whose SQL stores the local illustrations.
 */
export function benchDog(i: number) {
  const base = DEMO_DOGS[i % DEMO_DOGS.length]!;
  return { ...base, name: `${base.name} ${i + 1}`, image: FOREIGN_IMAGE_ORIGIN + base.image };
}

/** What fillDogs needs of a database: rows of a statement, and a statement run alone. */
export interface FillTarget {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
}

/** Adds copies of the demo dogs, owned by `ownerEmail`, until `db` holds `total` dogs. */
export async function fillDogs(db: FillTarget, total: number, ownerEmail: string, origin: string) {
  const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM dogs');
  const [owner] = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
    ownerEmail,
  ]);
  if (!owner) throw new Error(`No user ${ownerEmail} to own the dogs`);
  if (total <= count!) return;
  const templates = DEMO_DOGS.map((dog, i) => ({ ...dog, image: origin + dog.image, i }));
  await db.query(
    // Varied profiles (migration 005), so the catalogue's filters have realistic selectivity.
    `INSERT INTO dogs (name, city, height, weight, life_span, personality, image, hostage_id,
                      sex, size, age_months, sterilized, vaccinated, status)
     SELECT t.name || ' ' || g, t.city, t.height, t.weight, t.life_span,
            -- One dog in 1,000 has a word no template has: the catalogue's rare search word.
            CASE WHEN g % 1000 = 7 THEN t.personality || ' Tiene una mancha color azabache.'
                 ELSE t.personality END,
            t.image, $3,
            (ARRAY['male', 'female'])[g % 2 + 1], (ARRAY['small', 'medium', 'large'])[g % 3 + 1],
            (g * 7) % 181, g % 2 = 0, g % 3 <> 0,
            (ARRAY['available', 'available', 'available', 'pending', 'adopted'])[g % 5 + 1]
       FROM generate_series($1::int, $2::int) AS g
       JOIN jsonb_to_recordset($4::jsonb) AS t(i int, name text, city text, height text,
            weight text, life_span text, personality text, image text)
         ON t.i = g % $5
      ORDER BY g`,
    [count + 1, total, owner.id, JSON.stringify(templates), templates.length],
  );
  await db.exec('VACUUM ANALYZE dogs');
}

/**
 * Adds dogs until the database holds `total`: the embedded one in a DATA_DIR (the server must be
 * stopped) or a PostgreSQL one.
 */
export async function bulkFill(
  where: string | { DATABASE_URL: string },
  total: number,
  ownerEmail: string,
  origin: string,
) {
  const storage = typeof where === 'string' ? { DATA_DIR: where } : where;
  const config = loadConfig({ ...storage, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    await fillDogs(database.db, total, ownerEmail, origin);
  } finally {
    await database.close();
  }
}
