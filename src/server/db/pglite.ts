// Embedded PostgreSQL (PGlite): a directory on disk, or `memory://` for tests.
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

export async function openPglite(dataDir: string): Promise<Db> {
  const pg = await PGlite.create(dataDir);
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
  };
}
