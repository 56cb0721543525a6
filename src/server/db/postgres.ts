// A real PostgreSQL server through pg.Pool (used when DATABASE_URL is set).
import pg from 'pg';
import type { Db, Queryable, QueryOptions } from './db';

export interface PostgresOptions {
  connectionString: string;
  max?: number;
  /** Libpq-style `-c name=value` settings for every connection (tests: search_path, …). */
  sessionOptions?: string;
  onError?: (error: Error) => void;
}

export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...(options.sessionOptions ? { options: options.sessionOptions } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => options.onError?.(error));
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();

  let closed = false;
  return {
    kind: 'postgres',
    async query<T>(text: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
      const result = options.name
        ? await pool.query({ name: options.name, text, values: params as unknown[] })
        : await pool.query(text, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      // The connection may be lost between two queries (pg_terminate_backend, a restart): pg
      // then emits 'error' on the checked-out client, which would crash the process unheard.
      let lost: Error | undefined;
      const onLost = (error: Error) => (lost = error);
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R>(text: string, params: readonly unknown[] = []) {
            return (await client.query(text, params as unknown[])).rows as R[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onLost);
        // A lost connection is discarded, not handed to the next request.
        client.release(lost);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
