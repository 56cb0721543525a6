// Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import type { Db } from './db';
import { acquireDataDirLock } from './lock';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export interface OpenDatabase {
  db: Db;
  /** Closes the database, then gives DATA_DIR back. */
  close(): Promise<void>;
  describe: string;
}

export async function openDatabase(
  config: Config,
  onPoolError?: (error: Error) => void,
): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const db = await openPostgres({
      connectionString: config.databaseUrl,
      max: config.databasePoolSize,
      onError: onPoolError,
    });
    return { db, close: () => db.close(), describe: 'PostgreSQL (DATABASE_URL)' };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const dir = join(config.dataDir, 'pgdata');
    const db = await openPglite(dir);
    return {
      db,
      async close() {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
      describe: `embedded PGlite in ${dir}`,
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
