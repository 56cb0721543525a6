// Fixed-window attempt counters kept in the database, so every server process shares them.
import type { Queryable } from '../db/db';

export interface Hit {
  hits: number;
  resetAt: Date;
}

export function createRateLimitRepository(db: Queryable) {
  return {
    /** Counts one attempt under `key` and returns the count within the current window. */
    async hit(key: string, windowMs: number, now: Date): Promise<Hit> {
      const rows = await db.query<{ hits: number; reset_at: Date }>(
        `INSERT INTO rate_limits AS r (key, hits, reset_at) VALUES ($1, 1, $3)
         ON CONFLICT (key) DO UPDATE SET
           hits     = CASE WHEN r.reset_at <= $2 THEN 1  ELSE r.hits + 1 END,
           reset_at = CASE WHEN r.reset_at <= $2 THEN $3 ELSE r.reset_at END
         RETURNING hits, reset_at`,
        [key, now, new Date(now.getTime() + windowMs)],
      );
      const row = rows[0]!;
      return { hits: row.hits, resetAt: row.reset_at };
    },

    /** Takes back one attempt (a login that turned out to be right). */
    async unhit(key: string): Promise<void> {
      await db.query('UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND hits > 0', [key]);
    },

    async clear(key: string): Promise<void> {
      await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
    },

    async purgeExpired(now: Date): Promise<number> {
      return (
        await db.query('DELETE FROM rate_limits WHERE reset_at <= $1 RETURNING 1 AS x', [now])
      ).length;
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
