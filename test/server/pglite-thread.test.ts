// The embedded database on its own thread (src/server/db/pglite-thread.ts): the Db the server
// gets behaves as PGlite in this thread did, errors keep what callers read from them, and once
// the thread is gone every call fails as a database that is away (a 503), never hangs, until the
// database is open again on a new thread.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { DEFAULT_IMAGE_DIR } from '../../src/server/db/data-dir';
import { databaseFault } from '../../src/server/db/errors';
import { openDatabase, type OpenDatabase } from '../../src/server/db/open';
import { openPgliteThread } from '../../src/server/db/pglite-thread';

const scratch = mkdtempSync(join(tmpdir(), 'happydog-thread-'));
let database: OpenDatabase;

beforeAll(async () => {
  database = await openDatabase(loadConfig({ DATA_DIR: scratch, SEED_DEMO: 'false' }));
}, 240_000);
afterAll(async () => {
  await database?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const meta = (key: string) =>
  database.db.query<{ value: string }>('SELECT value FROM app_meta WHERE key = $1', [key]);

it('runs queries with parameters and hands back typed rows', async () => {
  const [row] = await database.db.query<{ n: number; at: Date; bytes: Uint8Array }>(
    'SELECT $1::int + 1 AS n, now() AS at, $2::bytea AS bytes',
    [41, Buffer.from('perro')],
  );
  expect(row?.n).toBe(42);
  expect(row?.at).toBeInstanceOf(Date);
  expect(Buffer.from(row!.bytes).toString()).toBe('perro');
});

it('keeps PostgreSQL’s code and fields on an error', async () => {
  await database.db.query("INSERT INTO app_meta (key, value) VALUES ('unique', 'a')");
  const error = (await database.db
    .query("INSERT INTO app_meta (key, value) VALUES ('unique', 'b')")
    .then(
      () => null,
      (e: unknown) => e,
    )) as Error & { code?: string; constraint?: string };
  expect(error).toBeInstanceOf(Error);
  expect(error.code).toBe('23505');
  expect(error.constraint).toBe('app_meta_pkey');
  expect(error.message).toMatch(/duplicate key/);
  expect(databaseFault(error)).toBeNull();
});

it('dumps the database without holding it: writes during the dump succeed at once', async () => {
  await database.db.transaction(async (tx) => {
    await tx.query("INSERT INTO app_meta (key, value) VALUES ('dump-tx', 'yes')");
  });
  const dump = database.db.dump!();
  let dumped = false;
  void dump.then(() => (dumped = true));
  const writes = Array.from({ length: 20 }, (_, i) =>
    database.db.query('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [
      `dump-during-${i}`,
      'x',
    ]),
  );
  await Promise.all(writes);
  // The writes were answered while pg_dump was still working on its copy.
  expect(dumped).toBe(false);
  const sql = await dump;
  expect(sql).toContain('CREATE TABLE public.app_meta');
  // What was committed before the dump began is in it.
  expect(sql).toContain("'dump-tx'");
  await database.db.query("INSERT INTO app_meta (key, value) VALUES ('dump-after', 'yes')");
  const [row] = await database.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM app_meta WHERE key LIKE 'dump-%'",
  );
  expect(row!.n).toBe(22);
});

it('commits a transaction, rolls one back on a throw, and runs others after it', async () => {
  const result = await database.db.transaction(async (tx) => {
    await tx.query("INSERT INTO app_meta (key, value) VALUES ('kept', 'yes')");
    return 'done';
  });
  expect(result).toBe('done');
  expect(await meta('kept')).toEqual([{ value: 'yes' }]);

  await expect(
    database.db.transaction(async (tx) => {
      await tx.query("INSERT INTO app_meta (key, value) VALUES ('dropped', 'no')");
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(await meta('dropped')).toEqual([]);

  // A query sent while a transaction is open waits for its end: it never sees what the
  // transaction then rolls back (one connection: run at once, it would run inside it).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const open = database.db.transaction(async (tx) => {
    await tx.query("INSERT INTO app_meta (key, value) VALUES ('during', 'rolled back')");
    await held;
    throw new Error('rolled back');
  });
  open.catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const outside = meta('during');
  release();
  await expect(open).rejects.toThrow('rolled back');
  expect(await outside).toEqual([]);
});

it('answers every call after close as a database that is away', async () => {
  await database.close();
  const error = await database.db.query('SELECT 1').catch((e: unknown) => e);
  expect(databaseFault(error)).toBe('unavailable');
  // Closing again is harmless.
  await database.close();
});

it('opens the database again on a new thread when its thread dies; committed writes are there', async () => {
  const dataDir = join(scratch, 'crash');
  mkdirSync(dataDir);
  const logs: string[] = [];
  const thread = await openPgliteThread({ dataDir, imageDir: DEFAULT_IMAGE_DIR }, (line) =>
    logs.push(line),
  );
  try {
    await thread.db.query("INSERT INTO app_meta (key, value) VALUES ('before', 'the crash')");
    const first = thread.thread();
    // As if it had crashed (out of memory, a fatal error in the WebAssembly).
    await first.terminate();
    const during = await thread.db.query('SELECT 1').then(
      () => null,
      (error: unknown) => error,
    );
    expect(databaseFault(during)).toBe('unavailable');

    let rows: unknown;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      try {
        rows = await thread.db.query("SELECT value FROM app_meta WHERE key = 'before'");
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(rows).toEqual([{ value: 'the crash' }]);
    expect(thread.thread()).not.toBe(first);
    expect(logs).toEqual([
      expect.stringMatching(/thread stopped .*opening the database again$/),
      'the embedded database is open again',
    ]);
  } finally {
    await thread.db.close();
  }
  expect(databaseFault(await thread.db.query('SELECT 1').catch((e: unknown) => e))).toBe(
    'unavailable',
  );
}, 120_000);
