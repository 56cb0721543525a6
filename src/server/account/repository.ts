// All SQL of the account screen and password resets: profile, password, deletion, reset tokens.
import type { Db, Queryable } from '../db/db';

/** More work done in the same transaction, once the change succeeded (e.g. an e-mail job). */
export type AlsoInTransaction = (tx: Queryable) => Promise<void>;

export interface AccountRow {
  id: number;
  name: string;
  email: string;
  role: string;
  phone: string | null;
}

export interface AccountWithHash extends AccountRow {
  password_hash: string;
}

const ACCOUNT_COLUMNS = 'id, name, email, role, phone';

export function createAccountRepository(db: Db) {
  return {
    async find(userId: number): Promise<AccountWithHash | undefined> {
      const rows = await db.query<AccountWithHash>(
        `SELECT ${ACCOUNT_COLUMNS}, password_hash FROM users WHERE id = $1`,
        [userId],
      );
      return rows[0];
    },

    /** Sets the given fields (undefined ones are left alone); the account after the change. */
    async updateProfile(
      userId: number,
      fields: { name?: string; phone?: string | null },
    ): Promise<AccountRow | undefined> {
      const rows = await db.query<AccountRow>(
        `UPDATE users
            SET name  = CASE WHEN $2 THEN $3 ELSE name END,
                phone = CASE WHEN $4 THEN $5 ELSE phone END
          WHERE id = $1
         RETURNING ${ACCOUNT_COLUMNS}`,
        [
          userId,
          fields.name !== undefined,
          fields.name ?? null,
          fields.phone !== undefined,
          fields.phone ?? null,
        ],
      );
      return rows[0];
    },

    /**
     * Replaces the password, ends the account's other sessions (all but `keepTokenHash`) and its
     * pending reset links in one transaction (a link e-mailed before the change must not undo
     * it). Only while the hash is still `expectedHash`, so two changes racing from one stale
     * check cannot both win; false when it had changed meanwhile.
     */
    async changePassword(
      userId: number,
      expectedHash: string,
      newHash: string,
      keepTokenHash: string,
      also?: AlsoInTransaction,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.query(
          'UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2 RETURNING 1 AS x',
          [userId, expectedHash, newHash],
        );
        if (rows.length !== 1) return false;
        await tx.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [
          userId,
          keepTokenHash,
        ]);
        await tx.query('DELETE FROM password_resets WHERE user_id = $1', [userId]);
        await also?.(tx);
        return true;
      });
    },

    /**
     * Ends every session of the account and its pending reset links (whoever holds the mailbox
     * must not come back in through one); returns how many sessions there were.
     */
    async endAllSessions(userId: number): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await tx.query('DELETE FROM sessions WHERE user_id = $1 RETURNING 1 AS x', [
          userId,
        ]);
        await tx.query('DELETE FROM password_resets WHERE user_id = $1', [userId]);
        return rows.length;
      });
    },

    /**
     * Deletes the account in one transaction: the row goes, and with it (ON DELETE CASCADE) its
     * dogs, sessions, consents, reset tokens and anything else a later table ties to the person.
     * The row is locked and its password re-checked first, so a password changed meanwhile wins.
     */
    async deleteAccount(
      userId: number,
      expectedHash: string,
      also?: AlsoInTransaction,
      before?: AlsoInTransaction,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ password_hash: string }>(
          'SELECT password_hash FROM users WHERE id = $1 FOR UPDATE',
          [userId],
        );
        if (rows[0]?.password_hash !== expectedHash) return false;
        await before?.(tx);
        await tx.query('DELETE FROM users WHERE id = $1', [userId]);
        await also?.(tx);
        return true;
      });
    },

    /**
     * Records a reset token for the account with this e-mail that can log in and is not blocked,
     * in one statement whether or not there is one (the same work either way); the account when
     * there was.
     */
    async createPasswordReset(
      email: string,
      tokenHash: string,
      now: Date,
      expiresAt: Date,
      q: Queryable = db,
    ): Promise<{ id: number; name: string; email: string } | undefined> {
      const rows = await q.query<{ id: number; name: string; email: string }>(
        `WITH u AS (
           SELECT id, name, email FROM users
            WHERE lower(email) = lower($1) AND password_hash LIKE '$argon2%'
              AND blocked_at IS NULL
         ), r AS (
           INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
           SELECT $2, id, $3, $4 FROM u
         )
         SELECT id, name, email FROM u`,
        [email, tokenHash, now, expiresAt],
      );
      return rows[0];
    },

    /** The account a live (unused, unexpired) reset token belongs to, unless it is blocked. */
    async findLiveReset(tokenHash: string, now: Date): Promise<AccountWithHash | undefined> {
      const rows = await db.query<AccountWithHash>(
        `SELECT u.id, u.name, u.email, u.role, u.phone, u.password_hash
           FROM password_resets r JOIN users u ON u.id = r.user_id
          WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > $2
            AND u.blocked_at IS NULL`,
        [tokenHash, now],
      );
      return rows[0];
    },

    /**
     * Uses a reset token: in one transaction it is marked used (only if still live and its
     * account not blocked, so it works once even under concurrent requests), the password is replaced, the account's other reset
     * tokens and every session end. The account's id, or undefined when the token was not live.
     */
    async completePasswordReset(
      tokenHash: string,
      newHash: string,
      now: Date,
      also?: AlsoInTransaction,
    ): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        const used = await tx.query<{ user_id: number }>(
          `UPDATE password_resets SET used_at = $2
            WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
              AND user_id IN (SELECT id FROM users WHERE blocked_at IS NULL)
           RETURNING user_id`,
          [tokenHash, now],
        );
        const userId = used[0]?.user_id;
        if (userId === undefined) return undefined;
        await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, newHash]);
        await tx.query('DELETE FROM password_resets WHERE user_id = $1 AND token_hash <> $2', [
          userId,
          tokenHash,
        ]);
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
        await also?.(tx);
        return userId;
      });
    },

    /** Deletes reset tokens that expired more than a day ago (used ones are kept until then too). */
    async purgeExpiredResets(now: Date): Promise<number> {
      const rows = await db.query(
        'DELETE FROM password_resets WHERE expires_at <= $1 RETURNING 1 AS x',
        [new Date(now.getTime() - 24 * 60 * 60 * 1000)],
      );
      return rows.length;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
