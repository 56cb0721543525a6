// The embedded database under faults: the server killed with SIGKILL again and again in the middle
// of writes (it always reopens, and every acknowledged write is there), and its disk filling up
// (writes refused with a Spanish 507, reads still served, writes back once space is freed,
// without a restart).
//
// FAULT_SIGKILLS sets how many kills (CI's short form: 3; `FAULT_SIGKILLS=20` for the full one,
// see BENCHMARKS.md). Each restart of the embedded database takes seconds on a busy machine.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, closeSync, rmSync, writeSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { FAULT_MESSAGES } from '../../src/server/db/errors';
import { openDatabase } from '../../src/server/db/open';
import { repoRoot, startServerProcess, type ServerProcess } from '../../scripts/soak/processes';
import {
  audit,
  emptyLedger,
  registerOwners,
  runWorkload,
  type Sample,
} from '../../scripts/soak/workload';
import { makeJpegPhoto } from '../support/photos';

const KILLS = Number(process.env.FAULT_SIGKILLS ?? 3);
const ok = (s: Sample) => s.status >= 200 && s.status < 300;
const WRITES = new Set(['create', 'update', 'delete', 'photo']);

async function until(what: string, ms: number, check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const running = new Set<ServerProcess>();
beforeAll(() => {
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build', 'server.mjs')], {
    cwd: repoRoot,
  });
}, 120_000);
afterAll(async () => {
  await Promise.all([...running].map((s) => s.stop()));
});

async function start(env: Record<string, string>, log: string) {
  const server = await startServerProcess(env, log);
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}

describe('embedded database killed with SIGKILL during writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'happydog-sigkill-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    `reopens after each of ${KILLS} kills, and every acknowledged write is there`,
    { timeout: 60_000 + KILLS * 20_000 },
    async () => {
      const env = { DATA_DIR: join(dir, 'data') };
      const log = join(dir, 'server.log');
      let server = await start(env, log);
      const owners = await registerOwners(server.url, 3, randomBytes(3).toString('hex'));
      const ledger = emptyLedger();
      const photo = await makeJpegPhoto(320, 240);
      let acknowledgedWrites = 0;
      for (let kill = 0; kill < KILLS; kill++) {
        const samples: Sample[] = [];
        const stop = new AbortController();
        const load = runWorkload(
          {
            targets: [server.url],
            owners,
            visitors: 1,
            photo,
            pages: false,
            signal: stop.signal,
            onSample: (s) => samples.push(s),
          },
          ledger,
        );
        // Killed in the middle of the load, once this round has had a few writes acknowledged.
        await until(
          'writes acknowledged',
          30_000,
          () => samples.filter((s) => WRITES.has(s.kind) && ok(s)).length >= 3 + (kill % 4),
        );
        server.child.kill('SIGKILL');
        expect((await server.exited).signal).toBe('SIGKILL');
        stop.abort();
        await load;
        acknowledgedWrites += samples.filter((s) => WRITES.has(s.kind) && ok(s)).length;
        server = await start(env, log);
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });

      const database = await openDatabase(loadConfig({ DATA_DIR: env.DATA_DIR }));
      try {
        const result = await audit(database.db, ledger, owners);
        expect(result.problems).toEqual([]);
        expect(acknowledgedWrites).toBeGreaterThanOrEqual(KILLS * 3);
        expect(result.dogsChecked).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    },
  );
});

/** Mounts a tmpfs of `size` on a new directory; the reason when this machine cannot. */
function mountTmpfs(size: string): { dir: string } | { reason: string } {
  const dir = mkdtempSync(join(tmpdir(), 'happydog-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], {
      stdio: 'pipe',
    });
    return { dir };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message);
    return { reason: `cannot mount a tmpfs here (needs root): ${stderr.trim()}` };
  }
}

describe('embedded database on a full disk', () => {
  it('refuses writes with a Spanish 507, keeps serving reads, and writes again once space is freed', async (ctx) => {
    const mounted = mountTmpfs('80m');
    if ('reason' in mounted) {
      ctx.skip(mounted.reason);
      return;
    }
    const mnt = mounted.dir;
    const logs = mkdtempSync(join(tmpdir(), 'happydog-full-logs-'));
    let server: ServerProcess | undefined;
    try {
      mkdirSync(join(mnt, 'data'), { mode: 0o700 });
      server = await start({ DATA_DIR: join(mnt, 'data') }, join(logs, 'server.log'));
      const url = server.url;
      const [owner] = await registerOwners(url, 1, randomBytes(3).toString('hex'));
      const post = (name: string) =>
        fetch(`${url}/api/dog`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: owner!.cookie! },
          body: JSON.stringify({ name, city: 'Cali', personality: 'Muy tranquilo. '.repeat(60) }),
        });
      const before = await post('Antes del disco lleno');
      expect(before.status).toBe(201);
      const beforeId = ((await before.json()) as { dog: { id: number } }).dog.id;

      // Fill the disk to the last byte.
      const filler = join(mnt, 'filler');
      const fd = openSync(filler, 'w');
      const block = Buffer.alloc(1 << 20, 1);
      try {
        for (;;) writeSync(fd, block);
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      const small = Buffer.alloc(4096, 1);
      try {
        for (;;) writeSync(fd, small);
      } catch {
        /* full */
      }
      closeSync(fd);

      // Writes are refused (PostgreSQL may still fit a few rows in pages it already has).
      let refused: Response | undefined;
      for (let i = 0; i < 200 && !refused; i++) {
        const res = await post(`Lleno ${i}`);
        if (res.status !== 201) refused = res;
        else await res.arrayBuffer();
      }
      expect(refused?.status).toBe(507);
      expect(refused!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused!.json()).toEqual({ error: FAULT_MESSAGES['disk-full'] });

      // Reads keep working.
      const list = await fetch(`${url}/api/dog?limit=5`);
      expect(list.status).toBe(200);
      expect(((await list.json()) as unknown[]).length).toBeGreaterThan(0);
      expect((await fetch(`${url}/api/dog/${beforeId}`)).status).toBe(200);
      expect(
        (await fetch(`${url}/api/user/me`, { headers: { cookie: owner!.cookie! } })).status,
      ).toBe(200);

      // Space is freed: writes work again, same process.
      rmSync(filler);
      const after = await post('Después del disco lleno');
      expect(after.status).toBe(201);
      const afterId = ((await after.json()) as { dog: { id: number } }).dog.id;
      expect((await fetch(`${url}/api/dog/${afterId}`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      await server?.stop();
      execFileSync('umount', [mnt]);
      rmSync(mnt, { recursive: true, force: true });
      rmSync(logs, { recursive: true, force: true });
    }
  }, 60_000);
});
