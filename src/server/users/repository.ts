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
}

export function createUserRepository(db: Queryable) {
  return {
    async findByEmail(email: string): Promise<UserWithHash | undefined> {
      const rows = await db.query<UserWithHash>(
        'SELECT id, name, email, role, password_hash FROM users WHERE lower(email) = lower($1)',
        [email],
      );
      return rows[0];
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const rows = await db.query<UserRow>(
        'SELECT id, name, email, role FROM users WHERE id = $1',
        [id],
      );
      return rows[0];
    },

    /** The new user, or null when the e-mail (in any case) is already registered. */
    async insert(user: {
      name: string;
      email: string;
      passwordHash: string;
    }): Promise<UserRow | null> {
      try {
        const rows = await db.query<UserRow>(
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
