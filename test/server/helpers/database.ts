// One database per test file: PGlite in memory, plus a private schema on real PostgreSQL when
// TEST_DATABASE_URL is set. Tables are emptied between tests instead of recreating the database.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable } from '../../../src/server/db/db';
import { migrate, type Migration } from '../../../src/server/db/migrate';
import { openPglite } from '../../../src/server/db/pglite';
import { openPostgres } from '../../../src/server/db/postgres';

export type Backend = 'pglite' | 'postgres';

/** The contract suites run once per backend. */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase {
  backend: Backend;
  db: Db;
  reset(): Promise<void>;
  close(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `migrations`: the ones to apply (default: all), e.g. to test one against older rows. */
export async function openTestDatabase(
  backend: Backend,
  options: { migrations?: Migration[] } = {},
): Promise<TestDatabase> {
  let db: Db;
  let dropSchema = async () => {};
  if (backend === 'pglite') {
    db = await openPglite('memory://');
  } else {
    // Vitest runs files in parallel: each file gets its own schema on the shared database.
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE SCHEMA ${schema}`);
    db = await openPostgres({
      connectionString: process.env.TEST_DATABASE_URL!,
      // Throwaway data: commits need not wait for the disk.
      sessionOptions: `-c search_path=${schema} -c synchronous_commit=off`,
      max: 5,
    });
    dropSchema = () => adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }
  await migrate(db, options.migrations);
  return {
    backend,
    db,
    async reset() {
      // Jobs left by the previous test (e-mails it queued) must not run in the next one.
      const [jobs] = await db.query<{ table: string | null }>(
        `SELECT COALESCE(to_regclass('job'), to_regclass('pgboss.job'))::text AS table`,
      );
      if (jobs?.table) await db.exec(`DELETE FROM ${jobs.table}`);
      // DELETE is much cheaper than TRUNCATE on tables this small (no new files on disk). The
      // deferred triggers fire at once, as ALTER TABLE needs no trigger event pending on its table.
      await db.exec(`
        SET CONSTRAINTS ALL IMMEDIATE;
        DELETE FROM admin_audit; DELETE FROM orgs; DELETE FROM sessions; DELETE FROM photos; DELETE FROM media_blobs; DELETE FROM dogs; DELETE FROM users; DELETE FROM rate_limits; DELETE FROM app_meta;
        ALTER TABLE users ALTER COLUMN id RESTART; ALTER TABLE dogs ALTER COLUMN id RESTART;
        ALTER TABLE photos ALTER COLUMN id RESTART;
      `);
    },
    async close() {
      await db.close();
      await dropSchema();
    },
  };
}

/**
 * `db`, except that right before the first statement whose text contains `marker` runs, the dog
 * that statement names (its parameter number `dogParam`, from 0) is deleted: as if its owner
 * deleted it after the request checked that it exists and before the request's own write.
 */
export function deletingDogBefore(db: Db, marker: string, dogParam: number): Db {
  let done = false;
  // Inside a transaction the delete runs on the transaction's own connection: the embedded
  // database has only one, and the effect on the write is the same.
  const deleting =
    (q: Queryable): Db['query'] =>
    async (text, params, options) => {
      if (!done && text.includes(marker)) {
        done = true;
        await q.query('DELETE FROM dogs WHERE id = $1', [params?.[dogParam]]);
      }
      return q.query(text, params, options);
    };
  const query = deleting(db);
  const transaction: Db['transaction'] = (fn) =>
    db.transaction((tx) => fn({ query: deleting(tx), exec: (sql) => tx.exec(sql) }));
  return new Proxy(db, {
    get: (target, key) => {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
