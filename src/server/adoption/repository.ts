// All SQL about "Me interesa" requests and the owner's own listings ("Mis publicaciones").
import type { DogStatus } from '../../shared/dog';
import type { Interest, InterestAnswer, InterestInput } from '../../shared/interest';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, type Queryable } from '../db/db';
import { VISIBLE } from '../dogs/repository';

/** Largest value of a PostgreSQL integer (the type of the ids). */
const MAX_ID = 2_147_483_647;

const iso = (column: string, as: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${as}`;

/** A request as the API shows it; `i` the request, `d` its dog, `s` its sender. */
const INTEREST_COLUMNS =
  `i.id, json_build_object('id', d.id, 'name', d.name) AS dog, ` +
  `json_build_object('name', s.name, 'email', s.email) AS sender, i.message, i.phone, i.state, ` +
  `${iso('i.created_at', 'created_at')}, ${iso('i.updated_at', 'updated_at')}`;
const from = (requests: string) =>
  `${requests} i JOIN dogs d ON d.id = i.dog_id JOIN users s ON s.id = i.sender_id`;
const INTEREST_FROM = from('interests');

export interface InterestTarget {
  id: number;
  name: string;
  status: DogStatus;
  sex: 'male' | 'female' | null;
  demo: boolean;
  owner: { id: number; name: string; email: string };
}

export function createAdoptionRepository(db: Queryable) {
  return {
    /** The dog a request would be about, when anyone may see it (not hidden, owner not blocked). */
    async visibleDog(dogId: number): Promise<InterestTarget | undefined> {
      if (dogId > MAX_ID) return undefined;
      const rows = await db.query<{
        id: number;
        name: string;
        status: DogStatus;
        sex: 'male' | 'female' | null;
        demo: boolean;
        owner_id: number;
        owner_name: string;
        owner_email: string;
      }>(
        `SELECT d.id, d.name, d.status, d.sex, d.demo, u.id AS owner_id, u.name AS owner_name, u.email AS owner_email
           FROM dogs d JOIN users u ON u.id = d.hostage_id
          WHERE d.id = $1 AND ${VISIBLE}`,
        [dogId],
      );
      const row = rows[0];
      return (
        row && {
          id: row.id,
          name: row.name,
          status: row.status,
          sex: row.sex,
          demo: row.demo,
          owner: { id: row.owner_id, name: row.owner_name, email: row.owner_email },
        }
      );
    },

    /**
     * Records a new request; 'open' when the sender already has an open one for the dog (the
     * partial unique index of migration 009 decides, so concurrent requests cannot both pass),
     * 'gone' when the dog was deleted meanwhile.
     */
    async insert(
      dogId: number,
      senderId: number,
      input: InterestInput,
      at: Date,
    ): Promise<Interest | 'open' | 'gone'> {
      const rows = await db
        .query<Interest>(
          `WITH created AS (
           INSERT INTO interests (dog_id, sender_id, message, phone, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (dog_id, sender_id) WHERE state = 'new' DO NOTHING
           RETURNING *
         )
         SELECT ${INTEREST_COLUMNS} FROM ${from('created')}`,
          [dogId, senderId, input.message, input.phone ?? null, at],
        )
        .catch((error: unknown) => {
          if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) return 'gone' as const;
          throw error;
        });
      if (rows === 'gone') return rows;
      return rows[0] ?? 'open';
    },

    /** Requests about `userId`'s dogs (hidden ones too: they are the owner's), newest first. */
    received(userId: number): Promise<Interest[]> {
      return db.query<Interest>(
        `SELECT ${INTEREST_COLUMNS} FROM ${INTEREST_FROM}
          WHERE d.hostage_id = $1 ORDER BY i.created_at DESC, i.id DESC`,
        [userId],
      );
    },

    /**
     * Requests `userId` sent, newest first, about dogs anyone may still see (a listing moderation
     * hid disappears for everyone but its owner).
     */
    sent(userId: number): Promise<Interest[]> {
      return db.query<Interest>(
        `SELECT ${INTEREST_COLUMNS} FROM ${INTEREST_FROM}
          WHERE i.sender_id = $1 AND ${VISIBLE} ORDER BY i.created_at DESC, i.id DESC`,
        [userId],
      );
    },

    /** Who owns the dog a request is about; undefined when there is no such request. */
    async ownerOf(interestId: number): Promise<number | undefined> {
      if (interestId > MAX_ID) return undefined;
      const rows = await db.query<{ owner_id: number }>(
        'SELECT d.hostage_id AS owner_id FROM interests i JOIN dogs d ON d.id = i.dog_id WHERE i.id = $1',
        [interestId],
      );
      return rows[0]?.owner_id;
    },

    /**
     * Sets the state of a request about one of `ownerId`'s dogs. The request afterwards, whether
     * the state changed, and whether the sender is to be e-mailed about it: only the first time
     * the request reaches that state (recorded in the same statement, so neither a switch back and
     * forth nor two concurrent answers e-mail twice); undefined when it is not a request about one
     * of their dogs.
     */
    async answer(
      interestId: number,
      ownerId: number,
      state: InterestAnswer,
      at: Date,
    ): Promise<{ interest: Interest; changed: boolean; notify: boolean } | undefined> {
      if (interestId > MAX_ID) return undefined;
      const rows = await db.query<Interest & { changed: boolean; notify: boolean }>(
        `WITH target AS (
           SELECT i.id, i.state AS before, i.emailed_states
             FROM interests i JOIN dogs d ON d.id = i.dog_id
            WHERE i.id = $1 AND d.hostage_id = $2
            FOR UPDATE OF i
         ), updated AS (
           UPDATE interests x SET state = $3,
                  updated_at = CASE WHEN x.state = $3 THEN x.updated_at ELSE $4 END,
                  emailed_states = CASE WHEN $3 = ANY (x.emailed_states) THEN x.emailed_states
                                        ELSE array_append(x.emailed_states, $3) END
             FROM target WHERE x.id = target.id
           RETURNING x.*, target.before <> $3 AS changed,
                     NOT ($3 = ANY (target.emailed_states)) AS notify
         )
         SELECT ${INTEREST_COLUMNS}, i.changed, i.notify FROM ${from('updated')}`,
        [interestId, ownerId, state, at],
      );
      const row = rows[0];
      if (!row) return undefined;
      const { changed, notify, ...interest } = row;
      return { interest, changed, notify };
    },
  };
}

export type AdoptionRepository = ReturnType<typeof createAdoptionRepository>;
