// PostgreSQL going away in the middle of a mixed load on two server processes, and coming back:
// the servers' connections are terminated (pg_terminate_backend) and a TCP proxy in front of the
// database stops accepting connections for a while, so the shared cluster is never restarted.
// During the outage requests get a Spanish 503 with Retry-After and /api/health says 503; no
// process crashes; within 5 s of the database returning the service is back by itself; and the
// audit finds every acknowledged write exactly once and nothing half-written.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/postgres';
import { FAULT_MESSAGES } from '../../src/server/db/errors';
import {
  repoRoot,
  startServerProcess,
  startTcpProxy,
  type ServerProcess,
  type TcpProxy,
} from '../../scripts/soak/processes';
import {
  audit,
  emptyLedger,
  registerOwners,
  runWorkload,
  type Sample,
} from '../../scripts/soak/workload';
import { tailOf } from '../support/local-processes';
import { makeJpegPhoto } from '../support/photos';

const adminUrl = process.env.TEST_DATABASE_URL;
const WRITES = new Set(['create', 'update', 'delete', 'photo']);

/** Polls `check` every 50 ms until it is true; fails after `ms`. */
async function until(what: string, ms: number, check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function status(url: string) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as { error?: string },
    };
  } catch {
    return { status: 0, retryAfter: null, body: {} };
  }
}

describe.runIf(adminUrl)('PostgreSQL lost in the middle of the load', () => {
  const tag = `wip16f${randomBytes(4).toString('hex')}`;
  const logDir = mkdtempSync(join(tmpdir(), 'happydog-faults-pg-'));
  let proxy: TcpProxy;
  const servers: ServerProcess[] = [];

  const admin = async (sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build', 'server.mjs')], {
      cwd: repoRoot,
    });
    await admin(`CREATE SCHEMA ${tag}`);
    const target = new URL(adminUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await proxy?.close();
    await admin(`DROP SCHEMA IF EXISTS ${tag} CASCADE`);
    rmSync(logDir, { recursive: true, force: true });
  });

  it('503 with Retry-After while it is away, back by itself within 5 s, nothing lost or doubled', async () => {
    const url = new URL(adminUrl!);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.searchParams.set('options', `-c search_path=${tag}`);
    // The servers' connections are the ones with this name: only they are terminated.
    url.searchParams.set('application_name', tag);
    const env = { DATABASE_URL: url.toString(), DATA_DIR: join(logDir, 'unused') };
    servers.push(
      ...(await Promise.all(
        [0, 1].map((i) => startServerProcess(env, join(logDir, `server-${i}.log`))),
      )),
    );
    const targets = servers.map((s) => s.url);
    // The probe stays logged in and out of the load: its refused write must leave nothing.
    const [probe, ...owners] = await registerOwners(targets[0]!, 5, tag);
    const ledger = emptyLedger();
    const samples: Sample[] = [];
    const stop = new AbortController();
    const load = runWorkload(
      {
        targets,
        owners,
        visitors: 2,
        photo: await makeJpegPhoto(320, 240),
        pages: false,
        signal: stop.signal,
        thinkMs: 10,
        onSample: (s) => samples.push(s),
      },
      ledger,
    );
    try {
      await until('writes before the outage', 20_000, () => ledger.dogs.size >= 4);

      // The database goes away: the servers' connections are terminated, new ones refused.
      const terminated = await admin(
        'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = $1',
        [tag],
      );
      expect(terminated.length).toBeGreaterThan(0);
      await proxy.stop();
      const outageFrom = samples.length;
      for (const server of servers) {
        const health = await status(`${server.url}/api/health`);
        expect(health.status).toBe(503);
        expect(health.retryAfter).toMatch(/^\d+$/);
        expect(health.body.error).toMatch(/base de datos/);
        const write = await fetch(`${server.url}/api/dog`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: probe!.cookie! },
          body: JSON.stringify({ name: 'Durante la caída', city: 'Cali' }),
        });
        expect(write.status).toBe(503);
        expect(write.headers.get('retry-after')).toBe('5');
        expect(await write.json()).toEqual({ error: FAULT_MESSAGES.unavailable });
      }
      // Away for a while: until the load has been refused a good number of times.
      await until(
        'refusals during the outage',
        15_000,
        () => samples.slice(outageFrom).filter((s) => s.status === 503).length >= 40,
      );

      // It comes back: service resumes by itself within 5 s (health, and writes acknowledged).
      await proxy.start();
      const back = Date.now();
      const left = () => Math.max(0, 5_000 - (Date.now() - back));
      await until('health back on every process', left(), async () =>
        (await Promise.all(servers.map((s) => status(`${s.url}/api/health`)))).every(
          (h) => h.status === 200,
        ),
      );
      await until('an acknowledged write after the outage', left(), () =>
        samples.some((s) => s.at > back && WRITES.has(s.kind) && s.status >= 200 && s.status < 300),
      );
      // The load runs on a little, then stops.
      const resumed = samples.length;
      await until('more load after recovery', 10_000, () => samples.length > resumed + 50);
    } finally {
      stop.abort();
      await load;
    }

    // Only the outage's 503s, the wrong passwords' 401s and views of a dog its owner deleted
    // meanwhile: no 500, no dropped connection.
    const unexpected = samples.filter(
      (s) =>
        !(s.status >= 200 && s.status < 300) &&
        s.status !== 503 &&
        !(s.kind === 'login-wrong' && s.status === 401) &&
        !(s.kind.startsWith('view') && s.status === 404),
    );
    expect(unexpected.map((s) => `${s.kind} ${s.status}`)).toEqual([]);
    // No process crashed: each one exits 0 on SIGTERM.
    for (const server of servers) {
      expect(server.child.exitCode, tailOf(server.logFile, 20)).toBeNull();
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    }

    const db = await openPostgres({
      connectionString: adminUrl!,
      sessionOptions: `-c search_path=${tag}`,
      max: 2,
    });
    try {
      const result = await audit(db, ledger, [probe!, ...owners]);
      expect(result.problems).toEqual([]);
      expect(result.dogsChecked).toBeGreaterThan(4);
      expect(ledger.contactsSeenLoggedIn).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  }, 90_000);
});
