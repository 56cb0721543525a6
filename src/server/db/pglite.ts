// Embedded PostgreSQL (PGlite): a directory on disk, or `memory://` for tests.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Db, Queryable } from './db';
import { hasDatabase } from './data-dir';

/**
 * PostgreSQL settings for one small site in one process. Shared memory lives inside the
 * WebAssembly heap, which never shrinks, so every megabyte here stays resident: the defaults
 * (128 MB of buffers, 100 connections' worth of lock and process tables) are sized for a
 * dedicated database server.
 */
const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '32MB',
  max_connections: '8',
  maintenance_work_mem: '16MB',
  work_mem: '4MB',
  temp_buffers: '4MB',
};

const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

/**
 * Extensions the migrations create (005: the catalogue's accent-insensitive, typo-tolerant text
 * search). PGlite ships their files separately; they must be loaded on every open, not only the
 * first, as the database refers to them from then on.
 */
export const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

class NoDatabaseError extends Error {
  override name = 'NoDatabaseError';
}

/**
 * Opens an existing PGlite data directory (or a new in-memory one). A directory without a
 * database is refused rather than initialised: initdb belongs in the image builder, never in a
 * serving process (see data-dir.ts).
 */
export async function openPglite(dataDir: string): Promise<Db> {
  if (!dataDir.startsWith('memory://') && !hasDatabase(dataDir)) {
    throw new NoDatabaseError(
      `${dataDir} holds no database; it is created from the prepared image, never by initdb here`,
    );
  }
  const pg = await PGlite.create(dataDir, {
    startParams: [...PGLITE_START_PARAMS],
    extensions: PGLITE_EXTENSIONS,
  });
  let closed = false;

  return {
    kind: 'pglite',
    async query<T>(text: string, params: readonly unknown[] = []) {
      const result = await pg.query<T>(text, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return pg.transaction((tx) =>
        fn({
          async query<R>(text: string, params: readonly unknown[] = []) {
            return (await tx.query<R>(text, params as unknown[])).rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
    /** A copy of the directory, dumped on a thread of its own (pglite-dump.ts). */
    async dump() {
      // Loaded only when a backup is made (with pg_dump's own WebAssembly module).
      const { dumpPglite } = await import('./pglite-dump');
      return dumpPglite(pg);
    },
  };
}
