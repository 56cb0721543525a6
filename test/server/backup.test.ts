// Backups of the embedded database, as an operator runs them: the restore drill (data written, a
// backup taken automatically while the server runs, the server stopped, the backup restored into
// a new DATA_DIR, and everything there: logins work, the dog and its photo are served), backups on
// request through the running server and with it stopped, private files, BACKUP_KEEP, and bad
// input answered with one line and exit code 1, never a half-written directory.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startServerProcess, type ServerProcess } from '../../scripts/soak/processes';
import { makeJpegPhoto } from '../support/photos';

const SLOW = 240_000;
const dir = mkdtempSync(join(tmpdir(), 'happydog-backup-'));
const servers = new Set<ServerProcess>();

beforeAll(async () => {
  await new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      [join(repoRoot, 'scripts', 'build', 'server.mjs')],
      { cwd: repoRoot },
      (error) => (error ? reject(error) : resolve()),
    ),
  );
}, 120_000);
afterAll(async () => {
  await Promise.all([...servers].map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

/** `npm run backup|restore -- <file>` with `env`: its exit code and output. */
function cli(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const base = { ...process.env };
    delete base.DATABASE_URL;
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/backup/cli.ts', command, file],
      { cwd: repoRoot, env: { ...base, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function start(env: Record<string, string>, name: string) {
  const server = await startServerProcess(env, join(dir, `${name}.log`));
  servers.add(server);
  return server;
}

async function stop(server: ServerProcess) {
  await server.stop();
  servers.delete(server);
}

const json = (url: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
  fetch(url, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

const ACCOUNT = { email: 'rescatista@example.com', password: 'perritos-del-valle-2025' };

async function login(url: string): Promise<string> {
  const res = await json(`${url}/api/user/userLogin`, { body: ACCOUNT });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function until(what: string, ms: number, check: () => boolean) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const backupsIn = (backupDir: string) =>
  existsSync(backupDir)
    ? readdirSync(backupDir)
        .filter((n) => n.endsWith('.sql.gz'))
        .sort()
    : [];

describe('backups of the embedded database', () => {
  it(
    'restore drill: an automatic backup restored into a new DATA_DIR has the accounts, dogs and photos',
    async () => {
      const dataDir = join(dir, 'data');
      const backupDir = join(dataDir, 'backups');
      const server = await start(
        { DATA_DIR: dataDir, BACKUP_INTERVAL: '2s', BACKUP_KEEP: '2' },
        'drill',
      );
      const register = await json(`${server.url}/api/user/userRegister`, {
        body: {
          name: 'Rosa Rescatista',
          ...ACCOUNT,
          passwordValidate: ACCOUNT.password,
          consent: true,
        },
      });
      expect(register.status).toBe(201);
      const cookie = await login(server.url);
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(await makeJpegPhoto(640, 480))], { type: 'image/jpeg' }),
        'luna.jpg',
      );
      const upload = await fetch(`${server.url}/api/photos`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      expect(upload.status).toBe(201);
      const photo = ((await upload.json()) as { photo: { id: number; url: string } }).photo;
      const created = await json(`${server.url}/api/dog`, {
        cookie,
        body: {
          name: 'Luna de la copia',
          city: 'Cali',
          height: '40 cm',
          weight: '12 kg',
          life_span: '12 años',
          personality: 'Tranquila y cariñosa',
          photo_ids: [photo.id],
        },
      });
      expect(created.status).toBe(201);
      const dog = ((await created.json()) as { dog: { id: number } }).dog;
      const photoBytes = Buffer.from(
        await (await fetch(`${server.url}${photo.url}`)).arrayBuffer(),
      );
      expect(photoBytes.length).toBeGreaterThan(0);
      const written = Date.now();

      // Automatic backups after the writes, every 2 s; only the newest BACKUP_KEEP (2) stay.
      const newestAfter = (t: number) => {
        const last = backupsIn(backupDir).at(-1);
        return !!last && statSync(join(backupDir, last)).mtimeMs > t;
      };
      await until('a backup after the writes', 60_000, () => newestAfter(written));
      const first = Date.now();
      await until(
        'two more backups',
        60_000,
        () => newestAfter(first) && backupsIn(backupDir).length >= 2,
      );
      const second = Date.now();
      await until('one more backup', 60_000, () => newestAfter(second));
      expect(backupsIn(backupDir).length).toBe(2);
      expect(statSync(backupDir).mode & 0o777).toBe(0o700);
      for (const name of backupsIn(backupDir))
        expect(statSync(join(backupDir, name)).mode & 0o777).toBe(0o600);
      const automatic = join(dir, 'automatic.sql.gz');
      copyFileSync(join(backupDir, backupsIn(backupDir).at(-1)!), automatic);

      // One on request, through the running server.
      const onRequest = join(dir, 'on-request.sql.gz');
      const asked = await cli('backup', onRequest, { DATA_DIR: dataDir });
      expect(asked).toMatchObject({ code: 0 });
      expect(asked.stdout).toMatch(/^Backup written by the running server to /);
      expect(statSync(onRequest).mode & 0o777).toBe(0o600);
      await stop(server);

      // And one with the server stopped: the command opens DATA_DIR itself.
      const offline = join(dir, 'offline.sql.gz');
      const direct = await cli('backup', offline, { DATA_DIR: dataDir });
      expect(direct).toMatchObject({ code: 0 });
      expect(direct.stdout).toMatch(/^Backup written to /);

      for (const [name, file] of [
        ['restored-automatic', automatic],
        ['restored-offline', offline],
      ] as const) {
        const target = join(dir, name);
        const restored = await cli('restore', file, { DATA_DIR: target });
        expect(restored, restored.stderr).toMatchObject({ code: 0 });
        expect(statSync(target).mode & 0o777).toBe(0o700);
        const again = await start({ DATA_DIR: target, BACKUP_INTERVAL: '0' }, name);
        const restoredCookie = await login(again.url);
        const mine = await json(`${again.url}/api/dog/${dog.id}`, { cookie: restoredCookie });
        expect(mine.status).toBe(200);
        expect(((await mine.json()) as { name: string }).name).toBe('Luna de la copia');
        const served = await fetch(`${again.url}${photo.url}`);
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(photoBytes)).toBe(true);
        await stop(again);
      }
    },
    SLOW,
  );

  it(
    'a failed backup is logged and tried again at the next interval; the server keeps serving',
    async () => {
      const blocker = join(dir, 'not-a-directory');
      writeFileSync(blocker, 'x');
      const server = await start(
        {
          DATA_DIR: join(dir, 'failing'),
          BACKUP_INTERVAL: '1s',
          BACKUP_DIR: join(blocker, 'backups'),
        },
        'failing',
      );
      const failures = () =>
        (readFileSync(server.logFile, 'utf8').match(/"event":"backup_failed"/g) ?? []).length;
      await until('two failed backups', 60_000, () => failures() >= 2);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      await stop(server);
    },
    SLOW,
  );

  it(
    'bad input: one line and exit code 1, and nothing written',
    async () => {
      const target = join(dir, 'never');
      const foreign = join(dir, 'foreign.sql');
      writeFileSync(foreign, 'SELECT 1;\n');
      const foreignGzip = join(dir, 'foreign.sql.gz');
      writeFileSync(foreignGzip, gzipSync('CREATE TABLE x (id int);\n'));
      const cases: [string, string, RegExp][] = [
        ['not gzip', foreign, /is not a Happy Dog backup \(not a gzip file\)$/],
        ['another dump', foreignGzip, /is not a Happy Dog backup$/],
        ['missing', join(dir, 'nada.sql.gz'), /does not exist$/],
        ['a directory', dir, /is a directory, not a backup file$/],
      ];
      for (const [what, file, message] of cases) {
        const result = await cli('restore', file, { DATA_DIR: target });
        expect(result.code, what).toBe(1);
        expect(result.stderr.trim().split('\n'), what).toHaveLength(1);
        expect(result.stderr.trim(), what).toMatch(message);
        expect(existsSync(target), what).toBe(false);
      }
      // A DATA_DIR that holds anything is refused.
      const busy = join(dir, 'busy');
      mkdirSync(busy);
      writeFileSync(join(busy, 'nota.txt'), 'algo');
      const refused = await cli('restore', foreign, { DATA_DIR: busy });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toMatch(
        /is not empty: a backup is restored only into an empty or new DATA_DIR$/,
      );
      expect(readdirSync(busy)).toEqual(['nota.txt']);
      // Nothing half-made is left beside the targets either.
      expect(readdirSync(dir).filter((n) => n.includes('.restoring-'))).toEqual([]);
      // Backing up a DATA_DIR with no database, or to a file that exists.
      const empty = await cli('backup', join(dir, 'x.sql.gz'), { DATA_DIR: join(dir, 'empty') });
      expect(empty.code).toBe(1);
      expect(empty.stderr.trim()).toMatch(/holds no database to back up$/);
      const usage = await cli('backup', '', { DATA_DIR: busy });
      expect(usage.code).toBe(1);
      expect(usage.stderr.trim()).toMatch(/^usage: npm run backup/);
    },
    SLOW,
  );
});
