// All SQL about user accounts. E-mail comparisons go through lower(email), like the unique index.
import { pgErrorCode, UNIQUE_VIOLATION, type Queryable } from '../db/db';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  role: string;
}

export interface UserWithHash extends UserRow {
  password_hash: string;
  /** Blocked by moderation: the account cannot log in. */
  blocked: boolean;
}

export function createUserRepository(db: Queryable) {
  return {
    async findByEmail(email: string): Promise<UserWithHash | undefined> {
      const rows = await db.query<UserWithHash>(
        `SELECT id, name, email, role, password_hash, blocked_at IS NOT NULL AS blocked
           FROM users WHERE lower(email) = lower($1)`,
        [email],
      );
      return rows[0];
    },

    /**
     * The new user, or null when the e-mail (in any case) is already registered. With `consent`,
     * the accepted policy version and its time are recorded by the same statement.
     */
    async insert(user: {
      name: string;
      email: string;
      passwordHash: string;
      consent?: { policyVersion: string; acceptedAt: Date };
    }): Promise<UserRow | null> {
      try {
        const rows = user.consent
          ? await db.query<UserRow>(
              `WITH u AS (
                 INSERT INTO users (name, email, password_hash) VALUES ($1, $2, $3)
                 RETURNING id, name, email, role
               ), c AS (
                 INSERT INTO consents (user_id, policy_version, accepted_at)
                 SELECT id, $4, $5 FROM u
               )
               SELECT id, name, email, role FROM u`,
              [
                user.name,
                user.email,
                user.passwordHash,
                user.consent.policyVersion,
                user.consent.acceptedAt,
              ],
            )
          : await db.query<UserRow>(
              `INSERT INTO users (name, email, password_hash) VALUES ($1, $2, $3)
               RETURNING id, name, email, role`,
              [user.name, user.email, user.passwordHash],
            );
        return rows[0]!;
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) return null;
        throw error;
      }
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
