// Schema, migrations and demo seed on each backend; the DATA_DIR lock file.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  LOCK_FILE_NAME,
  LockError,
  processStartTime,
  readLockHolder,
} from '../../src/server/db/lock';
import { loadMigrations, migrate } from '../../src/server/db/migrate';
import { processPhoto } from '../../src/server/photos/processing';
import { makePhoto } from '../support/photos';
import { DEMO_DOGS, DEMO_OWNER, seedDemoData } from '../../src/server/seed/demo';
import { dogListResponseSchema } from '../../src/shared/dog';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { createUser, login, makeApp } from './helpers/app';

const publicDir = new URL('../../public/', import.meta.url);

describe.each(BACKENDS)('database on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  describe('migrations', () => {
    it('are recorded and applying them again does nothing', async () => {
      expect(await migrate(t.db)).toEqual([]);
      const rows = await t.db.query<{ version: number; name: string }>(
        'SELECT version, name FROM schema_migrations ORDER BY version',
      );
      // Every file in the migrations folder, whatever features have added since.
      const files = await loadMigrations();
      expect(rows).toEqual(files.map(({ version, name }) => ({ version, name })));
      expect(rows.slice(0, 3)).toEqual([
        { version: 1, name: 'initial' },
        { version: 2, name: 'dog_list_version' },
        { version: 3, name: 'session_version' },
      ]);
    });

    it('run in one transaction: a failing migration leaves nothing behind', async () => {
      await expect(
        migrate(t.db, [
          ...(await loadMigrations()),
          { version: 900, name: 'good', sql: 'CREATE TABLE t900 (a int)' },
          { version: 901, name: 'bad', sql: 'CREATE TABLEX nope' },
        ]),
      ).rejects.toThrow();
      expect(
        await t.db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 't900'"),
      ).toEqual([]);
      expect(
        await t.db.query('SELECT version FROM schema_migrations WHERE version >= 900'),
      ).toEqual([]);
    });

    it('rejects badly named files', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'happydog-migrations-'));
      try {
        writeFileSync(join(dir, '001_ok.sql'), 'SELECT 1');
        writeFileSync(join(dir, 'two.sql'), 'SELECT 1');
        await expect(loadMigrations(dir)).rejects.toThrow(/001_name\.sql/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('schema', () => {
    it('e-mails are unique regardless of case', async () => {
      await createUser(t.db, { email: 'Eva@Example.com' });
      await expect(createUser(t.db, { email: 'eva@example.COM' })).rejects.toMatchObject({
        code: '23505',
      });
    });

    it('deleting a user removes their sessions and dogs (foreign keys cascade)', async () => {
      const app = await makeApp(t.db);
      try {
        const user = await createUser(t.db);
        const cookie = await login(app, user);
        await app.inject({
          method: 'POST',
          url: '/api/dog',
          headers: { cookie },
          payload: { name: 'A', city: 'B' },
        });
        await t.db.query('DELETE FROM users WHERE id = $1', [user.id]);
        expect(await t.db.query('SELECT 1 FROM sessions UNION ALL SELECT 1 FROM dogs')).toEqual([]);
      } finally {
        await app.close();
      }
    });

    it('a dog must belong to an existing user', async () => {
      await expect(
        t.db.query("INSERT INTO dogs (name, city, hostage_id) VALUES ('a', 'b', 12345)"),
      ).rejects.toMatchObject({
        code: '23503',
      });
    });

    it('the list query walks an index in id order (no sort of the whole table)', async () => {
      // A table with rows and statistics: on an empty one the planner's guess says nothing.
      const [owner] = await t.db.query<{ id: number }>(
        "INSERT INTO users (name, email, password_hash) VALUES ('P', 'plan@example.com', '!') RETURNING id",
      );
      await t.db.query(
        `INSERT INTO dogs (name, city, hostage_id) SELECT 'Perro ' || g, 'Cali', $1
           FROM generate_series(1, 5000) g`,
        [owner!.id],
      );
      await t.db.exec('ANALYZE dogs');
      const plan = JSON.stringify(
        await t.db.query(
          `EXPLAIN SELECT d.id FROM dogs d WHERE d.id < 4000 AND d.status IN ('available', 'pending')
            ORDER BY d.id DESC LIMIT 24`,
        ),
      );
      expect(plan).toMatch(/Index (Only )?Scan Backward using (dogs_pkey|dogs_status_id_idx)/);
      expect(plan).not.toMatch(/Sort/);
    });
  });

  describe('demo seed', () => {
    it("gives the dogs named in the build's demo photos those photos, in order", async () => {
      const small = async (seed: number) => processPhoto(await makePhoto('png', 360 + seed, 320));
      const luna = [await small(0), await small(8)];
      expect(
        await seedDemoData(t.db, {
          photos: () =>
            new Map([
              ['Luna', luna],
              ['Nadie', [luna[0]!]],
            ]),
        }),
      ).toBe(true);
      const app = await makeApp(t.db);
      try {
        const dogs = dogListResponseSchema.parse(
          (await app.inject({ method: 'GET', url: '/api/dog' })).json(),
        );
        const withPhotos = dogs.filter((d) => d.photos!.length > 0);
        expect(withPhotos.map((d) => d.name)).toEqual(['Luna']);
        expect(withPhotos[0]!.photos!.map((p) => p.width)).toEqual([360, 368]);
        expect(withPhotos[0]!.image).toBe(withPhotos[0]!.photos![0]!.url);
        expect(withPhotos[0]!.image_url).toBe('/demo-dogs/luna.svg');
        const cover = await app.inject({ method: 'GET', url: withPhotos[0]!.image });
        expect(cover.statusCode).toBe(200);
        expect(cover.headers['content-type']).toBe('image/jpeg');
      } finally {
        await app.close();
      }
    });

    it('fills an empty database once: ≥8 dogs in varied cities with distinct local images', async () => {
      // Without the build's demo photos (running from sources): the illustrations only.
      expect(await seedDemoData(t.db, { photos: () => undefined })).toBe(true);
      const app = await makeApp(t.db);
      try {
        const dogs = dogListResponseSchema.parse(
          (await app.inject({ method: 'GET', url: '/api/dog' })).json(),
        );
        expect(dogs.length).toBe(DEMO_DOGS.length);
        expect(dogs.length).toBeGreaterThanOrEqual(8);
        expect(new Set(dogs.map((d) => d.city)).size).toBeGreaterThanOrEqual(8);
        expect(new Set(dogs.map((d) => d.image)).size).toBe(dogs.length);
        for (const dog of dogs) {
          expect(dog.image).toMatch(/^\/demo-dogs\/[a-z]+\.svg$/);
          const file = new URL(`.${dog.image}`, publicDir);
          expect(readFileSync(file, 'utf8')).toMatch(/^<svg /);
          expect(dog.personality.length).toBeGreaterThan(20);
        }
        // The demo owner cannot log in, whatever the password.
        for (const password of ['!', '', 'x', 'demo1234']) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/user/userLogin',
            payload: { email: DEMO_OWNER.email, password },
          });
          expect([400, 401]).toContain(res.statusCode);
        }
      } finally {
        await app.close();
      }
      expect(await seedDemoData(t.db)).toBe(false);
      expect((await t.db.query('SELECT id FROM dogs')).length).toBe(DEMO_DOGS.length);
    });

    it('never seeds a database that already has data, nor later once it is emptied', async () => {
      await createUser(t.db);
      expect(await seedDemoData(t.db)).toBe(false);
      await t.db.query('DELETE FROM users');
      expect(await seedDemoData(t.db)).toBe(false);
      expect(await t.db.query('SELECT 1 FROM dogs')).toEqual([]);
    });

    it('does not reseed after the demo dogs were deleted', async () => {
      expect(await seedDemoData(t.db)).toBe(true);
      await t.db.query('DELETE FROM dogs');
      expect(await seedDemoData(t.db)).toBe(false);
    });
  });
});

describe('DATA_DIR lock file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'happydog-lock-'));
    return () => rmSync(dir, { recursive: true, force: true });
  });

  it('is created with our pid and start time, private, and removed on release', () => {
    const lock = acquireDataDirLock(dir);
    const path = join(dir, LOCK_FILE_NAME);
    expect(readLockHolder(path)).toEqual({
      pid: process.pid,
      startTime: processStartTime(process.pid),
    });
    expect(readFileSync(path, 'utf8')).toMatch(new RegExp(`^${process.pid}\\nstart=\\d+\\n$`));
    expect(statSync(path).mode & 0o077).toBe(0);
    lock.release();
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a second holder while the first is alive, naming its pid', async () => {
    // A live process other than us holds the lock, written as a server writes it.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const content = `${child.pid}\nstart=${processStartTime(child.pid!)}\n`;
      writeFileSync(join(dir, LOCK_FILE_NAME), content);
      expect(() => acquireDataDirLock(dir)).toThrow(LockError);
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${child.pid}`));
      expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).toBe(content);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over a lock naming a live process that is not its holder (pid reused)', () => {
    // PID 1 and the test runner's parent are alive but are not Happy Dog servers on this
    // directory: in the new format their start time differs, in the old one their command line.
    for (const pid of [1, process.ppid]) {
      for (const content of [`${pid}\nstart=1\n`, `${pid}\n`]) {
        writeFileSync(join(dir, LOCK_FILE_NAME), content);
        const lock = acquireDataDirLock(dir);
        expect(readLockHolder(join(dir, LOCK_FILE_NAME))?.pid).toBe(process.pid);
        lock.release();
      }
    }
  });

  it('honours an old-format lock (pid only) held by a live Happy Dog server', async () => {
    // A process whose command line is that of a server (it never opens anything).
    const child = spawn(process.execPath, [
      '-e',
      'setTimeout(() => {}, 30000)',
      'scripts/start.mjs',
    ]);
    try {
      writeFileSync(join(dir, LOCK_FILE_NAME), `${child.pid}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${child.pid}`));
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over the lock of a dead process', async () => {
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.on('exit', resolve));
    writeFileSync(join(dir, LOCK_FILE_NAME), `${child.pid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readLockHolder(join(dir, LOCK_FILE_NAME))?.pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock carrying our own pid (left by an earlier life of this container) or garbage', () => {
    writeFileSync(join(dir, LOCK_FILE_NAME), `${process.pid}\n`);
    acquireDataDirLock(dir).release();
    writeFileSync(join(dir, LOCK_FILE_NAME), 'not a pid');
    acquireDataDirLock(dir).release();
  });

  it('release does not delete a lock that someone else took meanwhile', () => {
    const lock = acquireDataDirLock(dir);
    writeFileSync(join(dir, LOCK_FILE_NAME), '999999\n');
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true);
  });
});
