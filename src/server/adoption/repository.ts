// All SQL about adoption applications ("Me interesa" requests), their states and history, the
// adopter profile, and the owner's own listings ("Mis publicaciones").
import type { AdopterProfile } from '../../shared/adopter-profile';
import type { DogStatus } from '../../shared/dog';
import type { Interest, InterestInput } from '../../shared/interest';
import {
  interestTransitionError,
  OPEN_INTEREST_STATES,
  type InterestActor,
  type InterestState,
  type InterestStateTarget,
} from '../../shared/interest-states';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION, type Queryable } from '../db/db';
import { managedBy, VISIBLE } from '../dogs/repository';

/** Largest value of a PostgreSQL integer (the type of the ids). */
const MAX_ID = 2_147_483_647;

const isoText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const iso = (column: string, as: string) => `${isoText(column)} AS ${as}`;

/** A request as the API shows it; `i` the request, `d` its dog, `s` its sender. */
const INTEREST_COLUMNS =
  `i.id, json_build_object('id', d.id, 'name', d.name) AS dog, ` +
  `json_build_object('name', s.name, 'email', s.email) AS sender, i.message, i.phone, i.state, ` +
  `i.history, i.profile, ${iso('i.created_at', 'created_at')}, ${iso('i.updated_at', 'updated_at')}`;
const OPEN_STATES_SQL = OPEN_INTEREST_STATES.map((s) => `'${s}'`).join(', ');
/** States a rescuer sets: reaching the first of them is the rescuer's first answer. */
const ANSWER_STATES_SQL = `'reviewing', 'interview', 'approved', 'declined', 'adopted'`;
const from = (requests: string) =>
  `${requests} i JOIN dogs d ON d.id = i.dog_id JOIN users s ON s.id = i.sender_id`;
const INTEREST_FROM = from('interests');

export interface InterestTarget {
  id: number;
  name: string;
  status: DogStatus;
  sterilized: boolean | null;
  sex: 'male' | 'female' | null;
  demo: boolean;
  owner: { id: number; name: string; email: string };
}

/** An application whose state changed, and whether its applicant is still to be e-mailed. */
export interface StateChange {
  interest: Interest;
  changed: boolean;
  notify: boolean;
}

export type StateChangeRefusal =
  | { refused: 'missing' }
  | { refused: 'stranger' }
  | { refused: 'reopen-taken' }
  | { refused: 'transition'; status: 403 | 409; error: string };

/** An open application of a dog about to be deleted, with whom to tell. */
export interface OpenApplicant {
  id: number;
  dogName: string;
  sender: { name: string; email: string };
}

const historyEntry = (state: InterestState, at: Date, note?: string) =>
  JSON.stringify([{ state, at: at.toISOString(), ...(note ? { note } : {}) }]);

export function createAdoptionRepository(db: Queryable) {
  /** The requests matching `where` (on `i`, `d`, `s`; `$1` is `userId`) as one JSON array. */
  const listJson = async (where: string, userId: number): Promise<string> => {
    const rows = await db.query<{ json: string }>(
      `SELECT COALESCE(json_agg(json_build_object(
                'id', i.id,
                'dog', json_build_object('id', d.id, 'name', d.name),
                'sender', json_build_object('name', s.name, 'email', s.email),
                'message', i.message, 'phone', i.phone, 'state', i.state,
                'history', i.history, 'profile', i.profile,
                'created_at', ${isoText('i.created_at')},
                'updated_at', ${isoText('i.updated_at')})
              ORDER BY i.created_at DESC, i.id DESC), '[]')::text AS json
         FROM ${INTEREST_FROM} WHERE ${where}`,
      [userId],
    );
    return rows[0]!.json;
  };

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
        sterilized: boolean | null;
      }>(
        `SELECT d.id, d.name, d.status, d.sterilized, d.sex, d.demo, u.id AS owner_id, u.name AS owner_name, u.email AS owner_email
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
          sterilized: row.sterilized,
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
      profile: AdopterProfile | null,
      at: Date,
    ): Promise<Interest | 'open' | 'gone'> {
      const rows = await db
        .query<Interest>(
          `WITH created AS (
           INSERT INTO interests (dog_id, sender_id, message, phone, created_at, updated_at,
                                  history, profile, emailed_states)
           VALUES ($1, $2, $3, $4, $5, $5, $6::jsonb, $7::jsonb, '{new}')
           ON CONFLICT (dog_id, sender_id) WHERE state IN (${OPEN_STATES_SQL}) DO NOTHING
           RETURNING *
         )
         SELECT ${INTEREST_COLUMNS} FROM ${from('created')}`,
          [
            dogId,
            senderId,
            input.message,
            input.phone ?? null,
            at,
            historyEntry('new', at),
            profile && JSON.stringify(profile),
          ],
        )
        .catch((error: unknown) => {
          if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) return 'gone' as const;
          throw error;
        });
      if (rows === 'gone') return rows;
      return rows[0] ?? 'open';
    },

    /**
     * Requests about the dogs `userId` manages (their own and their organizations'; hidden ones
     * too: they are the owner's), newest first, as
     * the JSON array the API sends, built by the database in one value (a rescuer with thousands
     * of applications gets them without a row-by-row decode and re-encode).
     */
    receivedJson(userId: number): Promise<string> {
      return listJson(managedBy('$1'), userId);
    },

    /** The version of `userId`'s received box (migration 041); '0' before its first change. */
    async receivedVersion(userId: number): Promise<string> {
      const rows = await db.query<{ version: string }>(
        'SELECT version::text AS version FROM received_box_versions WHERE user_id = $1',
        [userId],
        { name: 'received_box_version' },
      );
      return rows[0]?.version ?? '0';
    },

    /**
     * Requests `userId` sent, newest first, about dogs anyone may still see (a listing moderation
     * hid disappears for everyone but its owner), as the JSON array the API sends.
     */
    sentJson(userId: number): Promise<string> {
      return listJson(`i.sender_id = $1 AND ${VISIBLE}`, userId);
    },

    /**
     * Moves a request to `to` on behalf of `userId` (its dog's rescuer or its applicant), when
     * the rules allow it (shared/interest-states.ts), adding the state to its history. Run it in
     * a transaction (and roll that back on a refusal): the row is locked while deciding, so two
     * concurrent changes apply one after the other; the applicant is to be e-mailed only the first
     * time the request reaches a state (recorded in the same transaction, so neither a switch back
     * and forth nor concurrent changes e-mail twice).
     */
    async changeState(
      interestId: number,
      userId: number,
      to: InterestStateTarget,
      note: string | undefined,
      at: Date,
    ): Promise<StateChange | StateChangeRefusal> {
      if (interestId > MAX_ID) return { refused: 'missing' };
      const [row] = await db.query<{
        state: InterestState;
        sender_id: number;
        manages: boolean;
        emailed_states: string[];
      }>(
        `SELECT i.state, i.sender_id, ${managedBy('$2')} AS manages, i.emailed_states
           FROM interests i JOIN dogs d ON d.id = i.dog_id
          WHERE i.id = $1 FOR UPDATE OF i`,
        [interestId, userId],
      );
      if (!row) return { refused: 'missing' };
      // The dog's publisher, or a member of the organization that publishes it.
      const actor: InterestActor | undefined = row.manages
        ? 'rescuer'
        : row.sender_id === userId
          ? 'applicant'
          : undefined;
      if (!actor) return { refused: 'stranger' };
      const refusal = interestTransitionError(actor, row.state, to);
      if (refusal) return { refused: 'transition', ...refusal };
      const changed = row.state !== to;
      const notify = changed && !row.emailed_states.includes(to);
      if (changed) {
        try {
          await db.query(
            `UPDATE interests SET state = $2, updated_at = $3, history = history || $4::jsonb,
                    emailed_states = CASE WHEN $2 = ANY (emailed_states) THEN emailed_states
                                          ELSE array_append(emailed_states, $2) END
              WHERE id = $1`,
            [interestId, to, at, historyEntry(to, at, note)],
          );
        } catch (error) {
          // Reconsidering a declined request while its applicant has sent another one since.
          if (pgErrorCode(error) === UNIQUE_VIOLATION) return { refused: 'reopen-taken' };
          throw error;
        }
      }
      const [interest] = await db.query<Interest>(
        `SELECT ${INTEREST_COLUMNS} FROM ${INTEREST_FROM} WHERE i.id = $1`,
        [interestId],
      );
      return { interest: interest!, changed, notify };
    },

    /**
     * The open applications of dog `dogId`, which `ownerId` manages, with whom to tell (before
     * deleting it).
     */
    openApplicants(dogId: number, ownerId: number): Promise<OpenApplicant[]> {
      if (dogId > MAX_ID) return Promise.resolve([]);
      return db.query<OpenApplicant>(
        `SELECT i.id, d.name AS "dogName", json_build_object('name', s.name, 'email', s.email) AS sender
           FROM ${INTEREST_FROM}
          WHERE d.id = $1 AND ${managedBy('$2')} AND i.state IN (${OPEN_STATES_SQL})
          ORDER BY i.id`,
        [dogId, ownerId],
      );
    },

    async adopterProfile(userId: number): Promise<AdopterProfile | null> {
      const rows = await db.query<{ profile: AdopterProfile }>(
        'SELECT profile FROM adopter_profiles WHERE user_id = $1',
        [userId],
      );
      return rows[0]?.profile ?? null;
    },

    async saveAdopterProfile(userId: number, profile: AdopterProfile, at: Date): Promise<void> {
      await db.query(
        `INSERT INTO adopter_profiles (user_id, profile, updated_at) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (user_id) DO UPDATE SET profile = EXCLUDED.profile, updated_at = EXCLUDED.updated_at`,
        [userId, JSON.stringify(profile), at],
      );
    },

    /**
     * The median time from a request to the rescuer's first answer, over the requests
     * `ownerId`'s dogs received since `since`; a request still waiting counts with the time it
     * has waited so far, one withdrawn before any answer does not count.
     */
    async responseTime(
      ownerId: number,
      since: Date,
      now: Date,
    ): Promise<{ requests: number; median_seconds: number | null }> {
      const rows = await db.query<{ requests: number; median_seconds: number | null }>(
        `WITH waits AS (
           SELECT COALESCE(
                    (SELECT min((e->>'at')::timestamptz) FROM jsonb_array_elements(i.history) e
                      WHERE e->>'state' IN (${ANSWER_STATES_SQL})),
                    CASE WHEN i.state = 'new' THEN $3::timestamptz END) - i.created_at AS wait
             FROM interests i JOIN dogs d ON d.id = i.dog_id
            WHERE d.hostage_id = $1 AND i.created_at >= $2
         )
         SELECT count(*)::int AS requests,
                (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM wait))
                   FILTER (WHERE wait IS NOT NULL))::float8 AS median_seconds
           FROM waits`,
        [ownerId, since, now],
      );
      return rows[0]!;
    },
  };
}

export type AdoptionRepository = ReturnType<typeof createAdoptionRepository>;
