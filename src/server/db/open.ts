// Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { DEFAULT_IMAGE_DIR, makePrivate, permissionWarnings, type PgdataOrigin } from './data-dir';
import type { Db } from './db';
import { DEFAULT_DEMO_IMAGE_DIR, demoImageStamp } from '../seed/demo-image';
import { acquireDataDirLock } from './lock';
import { openPgliteThread } from './pglite-thread';

export interface OpenDatabase {
  db: Db;
  /** Closes the database, then gives DATA_DIR back. */
  close(): Promise<void>;
  describe: string;
  /** Embedded only: whether pgdata was there already or made from the image (here or by a child). */
  pgdata?: PgdataOrigin;
  /** Problems worth a log line at start-up (e.g. a data directory open to other users). */
  warnings: string[];
}

export interface OpenOptions {
  onPoolError?: (error: Error) => void;
  /** The prepared empty database copied into a new DATA_DIR. */
  imageDir?: string;
  /**
   * The prepared database that already holds the demo data, copied instead when SEED_DEMO is on
   * and it is current (default: the build's, unless `imageDir` is given).
   */
  demoImageDir?: string;
}

/** Makes files the embedded database creates private to this account; returns the undo. */
function privateUmask(): () => void {
  try {
    const previous = process.umask(0o077);
    return () => process.umask(previous);
  } catch {
    // Worker threads cannot change it; files made from the image are chmodded anyway.
    return () => {};
  }
}

export async function openDatabase(
  config: Config,
  options: OpenOptions = {},
): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    // Loaded only in this mode: the embedded default never needs the PostgreSQL client.
    const { openPostgres } = await import('./postgres');
    const db = await openPostgres({
      connectionString: config.databaseUrl,
      max: config.databasePoolSize,
      onError: options.onPoolError,
    });
    return { db, close: () => db.close(), describe: 'PostgreSQL (DATABASE_URL)', warnings: [] };
  }
  const restoreUmask = privateUmask();
  const existed = existsSync(config.dataDir);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  if (!existed) chmodSync(config.dataDir, 0o700);
  const warnings = existed ? permissionWarnings(config.dataDir) : [];
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const demoImageDir =
      options.demoImageDir ?? (options.imageDir ? undefined : DEFAULT_DEMO_IMAGE_DIR);
    // Its own thread fills a new pgdata from the image and opens it (pglite-thread.ts).
    const { db, pgdata } = await openPgliteThread({
      dataDir: config.dataDir,
      imageDir: options.imageDir ?? DEFAULT_IMAGE_DIR,
      demoImage:
        config.seedDemo && demoImageDir
          ? { dir: demoImageDir, stamp: demoImageStamp() }
          : undefined,
    });
    const dir = join(config.dataDir, 'pgdata');
    // PGlite's file system gives the files PostgreSQL writes (pg_internal.init at every boot)
    // their mode itself, whatever the umask: they are made private after the boot and at close.
    makePrivate(dir);
    return {
      db,
      async close() {
        try {
          await db.close();
          makePrivate(dir);
        } finally {
          lock.release();
          restoreUmask();
        }
      },
      describe: `embedded PGlite in ${dir}`,
      pgdata,
      warnings,
    };
  } catch (error) {
    lock.release();
    restoreUmask();
    throw error;
  }
}
