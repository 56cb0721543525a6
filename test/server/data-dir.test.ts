// A new embedded DATA_DIR: made from the prepared empty database (never by initdb in this
// process), private to its owner, and a warning for an existing one open to other users.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/db';
import { imageIsCurrent } from '../../src/server/db/data-dir';
import { loadMigrations, migrate } from '../../src/server/db/migrate';
import { openDatabase } from '../../src/server/db/open';
import { openPglite } from '../../src/server/db/pglite';
import { PROJECT_ROOT } from '../../src/server/paths';
import { DEMO_DOGS, seedDemoData } from '../../src/server/seed/demo';
import { demoImageStamp } from '../../src/server/seed/demo-image';

const allMigrations = async () => (await loadMigrations()).map((m) => m.version);

/** The image is migrated: nothing is left for the server to apply, and every migration is in. */
async function expectMigrated(db: Db) {
  expect(await migrate(db)).toEqual([]);
  const rows = await db.query<{ version: number }>(
    'SELECT version FROM schema_migrations ORDER BY version',
  );
  expect(rows.map((r) => r.version)).toEqual(await allMigrations());
}

// Building an image runs initdb in a child process: slow on a busy machine.
const SLOW = { timeout: 240_000 };
const scratch = mkdtempSync(join(tmpdir(), 'happydog-datadir-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Paths below `dir` (itself included) whose mode lets group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = statSync(path);
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(dir);
  return found;
}

/** PostgreSQL's identifier of a database cluster: made by initdb, kept by every copy. */
function systemIdentifier(pgdata: string): string {
  return readFileSync(join(pgdata, 'global', 'pg_control'))
    .readBigUInt64LE(0)
    .toString();
}

/**
 * Opens DATA_DIR like the server (the database runs on a thread of its own). Whether initdb ran
 * there shows in the cluster's identifier, which initdb makes and only the image's copies share.
 */
async function openCountingInitdb(dataDir: string, imageDir: string, demoImageDir?: string) {
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }), {
    imageDir,
    demoImageDir,
  });
  const source = database.pgdata === 'demo image' ? demoImageDir! : imageDir;
  const [cluster] = await database.db.query<{ id: string }>(
    'SELECT system_identifier::text AS id FROM pg_control_system()',
  );
  const initdbRuns = cluster?.id === systemIdentifier(join(source, 'pgdata')) ? 0 : 1;
  return { database, initdbRuns };
}

describe('a new embedded DATA_DIR', () => {
  const imageDir = join(scratch, 'image');

  it(
    'without an image: a child process builds it; this process never runs initdb',
    SLOW,
    async () => {
      expect(imageIsCurrent(imageDir)).toBe(false);
      const dataDir = join(scratch, 'first');
      const { database, initdbRuns } = await openCountingInitdb(dataDir, imageDir);
      try {
        expect(database.pgdata).toBe('child');
        expect(initdbRuns).toBe(0);
        expect(imageIsCurrent(imageDir)).toBe(true);
        await expectMigrated(database.db);
        expect(await seedDemoData(database.db)).toBe(true);
      } finally {
        await database.close();
      }
    },
  );

  it(
    'with the image: copied, migrated, seeded, private (0700 directories, 0600 files)',
    SLOW,
    async () => {
      const dataDir = join(scratch, 'second');
      const { database, initdbRuns } = await openCountingInitdb(dataDir, imageDir);
      try {
        expect(database.pgdata).toBe('image');
        expect(initdbRuns).toBe(0);
        expect(database.warnings).toEqual([]);
        await expectMigrated(database.db);
        // Only the app's database is copied: initdb's templates are dropped from the image, and
        // the search extensions still work without them.
        expect(await database.db.query('SELECT datname FROM pg_database')).toEqual([
          { datname: 'postgres' },
        ]);
        expect(readdirSync(join(dataDir, 'pgdata', 'base'))).toHaveLength(1);
        expect(
          await database.db.query(
            "SELECT unaccent('Simón') AS plain, similarity('pequena', 'pequeña') > 0.3 AS near",
          ),
        ).toEqual([{ plain: 'Simon', near: true }]);
        expect(await seedDemoData(database.db)).toBe(true);
        expect((await database.db.query('SELECT id FROM dogs')).length).toBe(DEMO_DOGS.length);
        expect(statSync(dataDir).mode & 0o777).toBe(0o700);
        expect(openToOthers(dataDir)).toEqual([]);
      } finally {
        await database.close();
      }
      expect(openToOthers(dataDir)).toEqual([]);
      // Reopened as it is: the data is there and nothing is copied again.
      const again = await openDatabase(loadConfig({ DATA_DIR: dataDir }), { imageDir });
      try {
        expect(again.pgdata).toBe('existing');
        expect(await migrate(again.db)).toEqual([]);
        expect((await again.db.query('SELECT id FROM dogs')).length).toBe(DEMO_DOGS.length);
        // PostgreSQL rewrote its relation cache files (pg_internal.init) while booting, with the
        // mode PGlite's file system gives them, not the umask: they are made private again.
        expect(openToOthers(dataDir)).toEqual([]);
      } finally {
        await again.close();
      }
      expect(openToOthers(dataDir)).toEqual([]);
    },
  );

  it(
    'with the demo image: SEED_DEMO copies the seeded database, whose first start dates the dogs now',
    SLOW,
    async () => {
      const built = spawnSync(
        process.execPath,
        ['scripts/build/pglite-image.mjs', '--demo', imageDir],
        { cwd: PROJECT_ROOT, encoding: 'utf8' },
      );
      expect(built.status, built.stderr).toBe(0);
      const demoImageDir = `${imageDir}-demo`;
      expect(imageIsCurrent(demoImageDir, demoImageStamp())).toBe(true);
      // As if the image had been built long ago.
      const image = await openPglite(join(demoImageDir, 'pgdata'));
      try {
        expect((await image.query('SELECT id FROM dogs')).length).toBe(DEMO_DOGS.length);
        await image.query(`UPDATE dogs SET created_at = '2020-01-01', updated_at = '2020-01-01'`);
      } finally {
        await image.close();
      }

      const startedAt = Date.now() - 1_000;
      const dataDir = join(scratch, 'demo');
      const { database, initdbRuns } = await openCountingInitdb(dataDir, imageDir, demoImageDir);
      try {
        expect(database.pgdata).toBe('demo image');
        expect(initdbRuns).toBe(0);
        expect(openToOthers(dataDir)).toEqual([]);
        await expectMigrated(database.db);
        expect(await seedDemoData(database.db)).toBe(true);
        const dogs = await database.db.query<{ created_at: Date; updated_at: Date }>(
          'SELECT created_at, updated_at FROM dogs',
        );
        expect(dogs).toHaveLength(DEMO_DOGS.length);
        for (const dog of dogs) {
          expect(new Date(dog.created_at).getTime()).toBeGreaterThan(startedAt);
          expect(new Date(dog.updated_at).getTime()).toBeGreaterThan(startedAt);
        }
        // Once only, as the seed itself.
        expect(await seedDemoData(database.db)).toBe(false);
      } finally {
        await database.close();
      }

      // Without SEED_DEMO the empty image is used; a stale demo image is never used.
      const plain = await openDatabase(
        loadConfig({ DATA_DIR: join(scratch, 'no-demo'), SEED_DEMO: 'false' }),
        {
          imageDir,
          demoImageDir,
        },
      );
      try {
        expect(plain.pgdata).toBe('image');
        expect(await plain.db.query('SELECT id FROM dogs')).toEqual([]);
      } finally {
        await plain.close();
      }
      writeFileSync(join(demoImageDir, 'image.json'), '{"stamp":"made from older demo data"}\n');
      const stale = await openDatabase(loadConfig({ DATA_DIR: join(scratch, 'stale-demo') }), {
        imageDir,
        demoImageDir,
      });
      try {
        expect(stale.pgdata).toBe('image');
        expect(await seedDemoData(stale.db)).toBe(true);
        expect((await stale.db.query('SELECT id FROM dogs')).length).toBe(DEMO_DOGS.length);
      } finally {
        await stale.close();
      }
    },
  );

  it('an existing directory open to other users is opened with a warning', SLOW, async () => {
    const dataDir = join(scratch, 'shared');
    cpSync(join(scratch, 'second'), dataDir, { recursive: true });
    chmodSync(dataDir, 0o777);
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }), { imageDir });
    try {
      expect(database.pgdata).toBe('existing');
      expect(database.warnings).toEqual([
        expect.stringMatching(new RegExp(`^${dataDir} is open to other users \\(mode 777\\)`)),
      ]);
    } finally {
      await database.close();
    }
  });
});

it('openPglite refuses a directory without a database instead of running initdb', async () => {
  const empty = mkdtempSync(join(scratch, 'empty-'));
  await expect(openPglite(empty)).rejects.toThrow(/holds no database/);
  expect(readdirSync(empty)).toEqual([]);
});
