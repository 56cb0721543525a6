// The one small interface every repository talks to; PGlite and pg.Pool both implement it.

export interface QueryOptions {
  /**
   * PostgreSQL: prepare the statement once per connection under this name and reuse the plan
   * (for a hot statement with a fixed text). PGlite ignores it.
   */
  name?: string;
}

/** Something that runs parameterised SQL and hands back the rows. */
export interface Queryable {
  query<T = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<T[]>;
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` inside BEGIN/COMMIT; any throw rolls back and is rethrown. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * The embedded database only: a consistent SQL dump of the whole database (pg_dump, as plain
   * SQL that sets search_path to '' before its statements).
   */
  dump?(): Promise<string>;
}

/** PostgreSQL error code of a driver error, if any (both drivers expose `code`). */
export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
/**
 * A row refers to one that is gone: for example a dog deleted after a request checked that it
 * exists and before the request's own insert reached the database.
 */
export const FOREIGN_KEY_VIOLATION = '23503';
