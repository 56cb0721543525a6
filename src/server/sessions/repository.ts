// All SQL about sessions. Only the SHA-256 of a token is ever stored.
import type { Db } from '../db/db';

export interface SessionWithUser {
  user_id: number;
  name: string;
  email: string;
  role: string;
  created_at: Date;
  last_seen_at: Date;
}

export function createSessionRepository(db: Db) {
  return {
    /**
     * Adds a session and, when `maxPerUser` > 0, ends the user's oldest ones so that at most
     * `maxPerUser` remain. The user's row is locked first, so concurrent logins of one user take
     * turns and each trim sees the sessions the others added (the lock does not conflict with the
     * key-share locks that foreign-key checks take, so the user's other writes do not wait).
     */
    async insert(tokenHash: string, userId: number, now: Date, maxPerUser = 0): Promise<void> {
      const insert = (q: Pick<Db, 'query'>) =>
        q.query(
          'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)',
          [tokenHash, userId, now],
        );
      if (maxPerUser <= 0) {
        await insert(db);
        return;
      }
      await db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
        await tx.query(
          `DELETE FROM sessions WHERE token_hash IN (
             SELECT token_hash FROM sessions WHERE user_id = $1
              ORDER BY created_at DESC, last_seen_at DESC, token_hash DESC OFFSET $2)`,
          [userId, maxPerUser - 1],
        );
        await insert(tx);
      });
    },

    async findWithUser(tokenHash: string): Promise<SessionWithUser | undefined> {
      const rows = await db.query<SessionWithUser>(
        `SELECT s.user_id, s.created_at, s.last_seen_at, u.name, u.email, u.role
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND u.blocked_at IS NULL`,
        [tokenHash],
      );
      return rows[0];
    },

    async touch(tokenHash: string, now: Date): Promise<void> {
      await db.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1', [
        tokenHash,
        now,
      ]);
    },

    async delete(tokenHash: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    },

    /** Deletes sessions past their idle or absolute limit (of one user, or of everyone). */
    async purgeExpired(idleCutoff: Date, absoluteCutoff: Date, userId?: number): Promise<number> {
      const rows =
        userId === undefined
          ? await db.query(
              'DELETE FROM sessions WHERE last_seen_at <= $1 OR created_at <= $2 RETURNING 1 AS x',
              [idleCutoff, absoluteCutoff],
            )
          : await db.query(
              `DELETE FROM sessions WHERE user_id = $3 AND (last_seen_at <= $1 OR created_at <= $2)
               RETURNING 1 AS x`,
              [idleCutoff, absoluteCutoff, userId],
            );
      return rows.length;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
