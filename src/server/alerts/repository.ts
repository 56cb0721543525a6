// All SQL about saved searches ("Avísame"). Matching happens in the database: one statement
// looks up, by index, the few dog alerts that can match a dog (CANDIDATE_ALERTS) and compares the dog
// with those, using the catalogue's own filter conditions
// (DOG_FILTER_SQL in dogs/repository.ts) with each alert's columns as the values, so a dog matches
// an alert exactly when GET /api/dog with the alert's filters would list it. Lost and found
// reports are matched the same way against the lost and found alerts, with the conditions of
// GET /api/lost-found (lost-found/repository.ts).
import type {
  AlertFilters,
  AlertFrequency,
  AlertScope,
  LostFoundAlertFilters,
  ScopedAlertInput,
} from '../../shared/alerts';
import type { DogAge, DogSex, DogSize } from '../../shared/dog';
import type { LostFoundKind } from '../../shared/lost-found-labels';
import type { ZoneId } from '../../shared/zone-list';
import type { Queryable } from '../db/db';
import { AGE_RANGES, DOG_FILTER_SQL, DOG_TEXT_SQL, queryWords, VISIBLE } from '../dogs/repository';
import { listedAt } from '../lost-found/repository';

export interface AlertRow {
  id: number;
  user_id: number;
  scope: AlertScope;
  frequency: AlertFrequency;
  q: string | null;
  city: string | null;
  size: DogSize | null;
  sex: DogSex | null;
  age: DogAge | null;
  kind: LostFoundKind | null;
  zone: ZoneId | null;
  paused: boolean;
  created_at: string;
}

const ALERT_COLUMNS = `a.id, a.user_id, a.scope, a.frequency, a.q, a.city, a.size, a.sex, a.age,
  a.kind, a.zone, a.paused,
  to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

/** An alert's age range: the catalogue's ranges, one branch per age the alert may hold. */
const AGE_MATCH = Object.entries(AGE_RANGES)
  .map(
    ([age, [from, below]]) =>
      `(a.age = '${age}' AND ${DOG_FILTER_SQL.ageRange(String(from), String(below))})`,
  )
  .join(' OR ');

/**
 * Whether dog `d` matches alert `a`: each filter the alert saved (a NULL column is "any") as the
 * catalogue applies it, and every saved search word (the catalogue needs each of them). The
 * alert's city and words are stored normalised (`city_key`, `word_keys`); `d` carries its own,
 * computed once (`d.city_key`, `d.document`: see DOG_KEYS).
 */
export const ALERT_MATCHES_DOG = [
  `(a.city_key IS NULL OR a.city_key = d.city_key)`,
  `(a.size IS NULL OR ${DOG_FILTER_SQL.size('a.size')})`,
  `(a.sex IS NULL OR ${DOG_FILTER_SQL.sex('a.sex')})`,
  `(a.age IS NULL OR ${AGE_MATCH})`,
  // Most alerts have no words: they skip the subquery.
  `(cardinality(a.word_keys) = 0 OR NOT EXISTS (SELECT 1 FROM unnest(a.word_keys) AS w(word) WHERE (${DOG_TEXT_SQL.wordMatches('d.document', 'w.word')}) IS NOT TRUE))`,
].join(' AND ');

/**
 * Whether lost and found report `r` matches lost and found alert `a`: each filter the alert saved
 * as GET /api/lost-found applies it (the same kind, zone, size and sex; every word found in the
 * report's name and description by word similarity, tolerant of small typos).
 */
export const ALERT_MATCHES_REPORT = [
  `(a.kind IS NULL OR a.kind = r.kind)`,
  `(a.zone IS NULL OR a.zone = r.zone)`,
  `(a.size IS NULL OR a.size = r.size)`,
  `(a.sex IS NULL OR a.sex = r.sex)`,
  `(cardinality(a.word_keys) = 0 OR NOT EXISTS (SELECT 1 FROM unnest(a.word_keys) AS w(word) WHERE (${DOG_TEXT_SQL.wordMatches('r.search_doc', 'w.word')}) IS NOT TRUE))`,
].join(' AND ');

/**
 * A dog an alert may tell of: available, shown to everyone (not hidden, its owner not blocked),
 * not a demo, and not the alert owner's own.
 */
const TELLABLE = `d.status = 'available' AND ${VISIBLE} AND NOT d.demo AND d.hostage_id <> a.user_id`;

/**
 * The saved alerts that may match dog `d` (migration 100): those without words whose city, size,
 * sex and age key is one `d` satisfies (for each filter '*', any, or the dog's own value; every
 * age range the dog's age falls in), and those with words sharing a trigram with `d`'s text
 * (necessary for any word to be similar enough). ALERT_MATCHES_DOG then decides.
 */
const CANDIDATE_ALERTS = `
  SELECT a.* FROM alerts a
   WHERE a.scope = 'dogs' AND NOT a.paused AND cardinality(a.word_keys) = 0 AND a.match_key = ANY (ARRAY(
     SELECT c || chr(31) || s || chr(31) || x || chr(31) || g
       FROM unnest(ARRAY['*', d.city_key]) AS c, unnest(ARRAY['*', d.size]) AS s,
            unnest(ARRAY['*', d.sex]) AS x,
            unnest(ARRAY['*'] || ARRAY(SELECT r.age FROM (VALUES ${Object.entries(AGE_RANGES)
              .map(([age, [from, below]]) => `('${age}', ${from}, ${below})`)
              .join(', ')}) AS r(age, from_months, below_months)
              WHERE d.age_months >= r.from_months AND d.age_months < r.below_months)) AS g
      WHERE c IS NOT NULL AND s IS NOT NULL AND x IS NOT NULL))
  UNION ALL
  SELECT a.* FROM alerts a
   WHERE a.scope = 'dogs' AND NOT a.paused AND cardinality(a.word_keys) > 0
     AND a.word_trigrams && d.trigrams`;

/** The dog's side of ALERT_MATCHES_DOG, from the dogs row `d`. */
const DOG_KEYS = `d.id, d.hostage_id, d.size, d.sex, d.age_months,
  ${DOG_TEXT_SQL.city} AS city_key, ${DOG_TEXT_SQL.document} AS document,
  alert_trigrams(ARRAY[${DOG_TEXT_SQL.document}]) AS trigrams`;

/**
 * Text as the catalogue compares it: without case, accents or repeated spaces ("Jamundí" and
 * " jamundi " are one city).
 */
function plainText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** The same filters always give the same key (field order, blanks, spaces between words). */
export function alertFilterKey(filters: AlertFilters): string {
  return JSON.stringify([
    plainText(queryWords(filters.q).join(' ')),
    plainText(filters.city ?? ''),
    filters.size ?? '',
    filters.sex ?? '',
    filters.age ?? '',
  ]);
}

/** The same for a lost and found alert; never equal to a dog alert's key (its first element). */
export function lostFoundAlertFilterKey(filters: LostFoundAlertFilters): string {
  return JSON.stringify([
    'lost_found',
    plainText(queryWords(filters.q).join(' ')),
    filters.kind ?? '',
    filters.zone ?? '',
    filters.size ?? '',
    filters.sex ?? '',
  ]);
}

/** A match claimed for an e-mail, with what the e-mail shows of the dog and the person. */
export interface ClaimedMatch {
  user_id: number;
  user_name: string;
  user_email: string;
  alert_id: number;
  alert_q: string | null;
  alert_city: string | null;
  alert_size: DogSize | null;
  alert_sex: DogSex | null;
  alert_age: DogAge | null;
  dog_id: number;
  dog_name: string;
  dog_city: string;
  dog_sex: DogSex | null;
  dog_size: DogSize | null;
  dog_age_months: number | null;
  dog_image: string;
}

/** A lost and found match claimed for an e-mail, with what the e-mail shows of the report. */
export interface ClaimedReportMatch {
  user_id: number;
  user_name: string;
  user_email: string;
  alert_id: number;
  alert_q: string | null;
  alert_kind: LostFoundKind | null;
  alert_zone: ZoneId | null;
  alert_size: DogSize | null;
  alert_sex: DogSex | null;
  report_id: number;
  report_kind: LostFoundKind;
  report_name: string;
  report_sex: DogSex | null;
  report_zone: ZoneId;
  report_date: string;
  report_photo: string | null;
}

export function createAlertRepository(db: Queryable) {
  return {
    async listOf(userId: number): Promise<AlertRow[]> {
      return db.query<AlertRow>(
        `SELECT ${ALERT_COLUMNS} FROM alerts a WHERE a.user_id = $1 ORDER BY a.id`,
        [userId],
      );
    },

    /**
     * Locks the person's row so that two requests at once cannot both pass the count, then
     * counts their alerts.
     */
    async lockAndCount(userId: number): Promise<number> {
      await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM alerts WHERE user_id = $1',
        [userId],
      );
      return row?.n ?? 0;
    },

    /** The new alert, or null when the person already has one with the same filters. */
    async insert(userId: number, input: ScopedAlertInput, at: Date): Promise<AlertRow | null> {
      const dogs: AlertFilters = input.scope === 'dogs' ? input.filters : {};
      const reports: LostFoundAlertFilters = input.scope === 'lost_found' ? input.filters : {};
      const { filters } = input;
      const rows = await db.query<AlertRow>(
        `INSERT INTO alerts AS a (user_id, scope, frequency, q, q_words, city, size, sex, age, kind,
                                  zone, filter_key, created_at, city_key, word_keys)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
                 ${DOG_TEXT_SQL.norm('$6')},
                 ARRAY(SELECT ${DOG_TEXT_SQL.norm('w')} FROM unnest($5::text[]) AS w))
         ON CONFLICT (user_id, filter_key) DO NOTHING
         RETURNING ${ALERT_COLUMNS}`,
        [
          userId,
          input.scope,
          input.frequency,
          filters.q?.trim() || null,
          queryWords(filters.q),
          dogs.city?.trim() || null,
          filters.size ?? null,
          filters.sex ?? null,
          dogs.age ?? null,
          reports.kind ?? null,
          reports.zone ?? null,
          input.scope === 'dogs' ? alertFilterKey(dogs) : lostFoundAlertFilterKey(reports),
          at,
        ],
      );
      return rows[0] ?? null;
    },

    async setPaused(id: number, userId: number, paused: boolean): Promise<AlertRow | undefined> {
      const rows = await db.query<AlertRow>(
        `UPDATE alerts a SET paused = $3 WHERE a.id = $1 AND a.user_id = $2 RETURNING ${ALERT_COLUMNS}`,
        [id, userId, paused],
      );
      return rows[0];
    },

    async delete(id: number, userId: number): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM alerts WHERE id = $1 AND user_id = $2 RETURNING id',
        [id, userId],
      );
      return rows.length > 0;
    },

    /**
     * Records, once per alert and dog, each active alert that `dogIds` match (dogs that may be
     * told of: see TELLABLE). Returns the people with matches of `frequency` still to be told
     * of about these dogs, new or from before (a dog hidden when its match was due).
     */
    async match(dogIds: number[], at: Date): Promise<{ instant: number[] }> {
      await db.query(
        `WITH d AS MATERIALIZED (
           SELECT ${DOG_KEYS} FROM dogs d
            WHERE d.id = ANY($1::int[]) AND d.status = 'available' AND ${VISIBLE} AND NOT d.demo
         )
         INSERT INTO alert_matches (alert_id, dog_id, user_id, matched_at)
         SELECT a.id, d.id, a.user_id, $2
           FROM d CROSS JOIN LATERAL (${CANDIDATE_ALERTS}) AS a
          WHERE a.user_id <> d.hostage_id AND ${ALERT_MATCHES_DOG}
         ON CONFLICT (alert_id, dog_id) DO NOTHING`,
        [dogIds, at],
      );
      const rows = await db.query<{ user_id: number }>(
        `SELECT DISTINCT m.user_id FROM alert_matches m JOIN alerts a ON a.id = m.alert_id
          WHERE m.dog_id = ANY($1::int[]) AND m.sent_at IS NULL AND a.frequency = 'instant'
          ORDER BY m.user_id`,
        [dogIds],
      );
      return { instant: rows.map((r) => r.user_id) };
    },

    /**
     * Records, once per alert and report, each active lost and found alert that `reportIds`
     * match (listed reports, never the alert owner's own). Returns the people with instant
     * matches still to be told of about these reports.
     */
    async matchReports(reportIds: number[], at: Date): Promise<{ instant: number[] }> {
      await db.query(
        `WITH r AS MATERIALIZED (
           SELECT r.id, r.reporter_id, r.kind, r.zone, r.size, r.sex, r.search_doc
             FROM lost_found_reports r
            WHERE r.id = ANY($1::int[]) AND ${listedAt('$2')}
         )
         INSERT INTO alert_report_matches (alert_id, report_id, user_id, matched_at)
         SELECT a.id, r.id, a.user_id, $2
           FROM r JOIN alerts a
                ON a.scope = 'lost_found' AND NOT a.paused AND a.user_id <> r.reporter_id
          WHERE ${ALERT_MATCHES_REPORT}
         ON CONFLICT (alert_id, report_id) DO NOTHING`,
        [reportIds, at],
      );
      const rows = await db.query<{ user_id: number }>(
        `SELECT DISTINCT m.user_id FROM alert_report_matches m JOIN alerts a ON a.id = m.alert_id
          WHERE m.report_id = ANY($1::int[]) AND m.sent_at IS NULL AND a.frequency = 'instant'
          ORDER BY m.user_id`,
        [reportIds],
      );
      return { instant: rows.map((r) => r.user_id) };
    },

    /** Up to `limit` people with matches of their daily alerts (either scope) to be told of. */
    async pendingDaily(afterUserId: number, limit: number): Promise<number[]> {
      const rows = await db.query<{ user_id: number }>(
        `SELECT user_id FROM (
           SELECT m.user_id FROM alert_matches m JOIN alerts a ON a.id = m.alert_id
            WHERE m.sent_at IS NULL AND a.frequency = 'daily' AND m.user_id > $1
           UNION
           SELECT m.user_id FROM alert_report_matches m JOIN alerts a ON a.id = m.alert_id
            WHERE m.sent_at IS NULL AND a.frequency = 'daily' AND m.user_id > $1
         ) p ORDER BY user_id LIMIT $2`,
        [afterUserId, limit],
      );
      return rows.map((r) => r.user_id);
    },

    /**
     * Marks as told, and returns, the pending matches of `frequency` for `userIds` whose dogs
     * may still be told of (available, visible) and whose alerts are not paused. Rows another
     * process is claiming are skipped (it tells of them).
     */
    async claim(userIds: number[], frequency: AlertFrequency, at: Date): Promise<ClaimedMatch[]> {
      return db.query<ClaimedMatch>(
        `WITH claimed AS (
           SELECT m.alert_id, m.dog_id FROM alert_matches m
             JOIN alerts a ON a.id = m.alert_id
             JOIN dogs d ON d.id = m.dog_id
            WHERE m.user_id = ANY($1::int[]) AND m.sent_at IS NULL
              AND a.frequency = $2 AND NOT a.paused AND ${TELLABLE}
            FOR UPDATE OF m SKIP LOCKED
         ), marked AS (
           UPDATE alert_matches m SET sent_at = $3 FROM claimed c
            WHERE m.alert_id = c.alert_id AND m.dog_id = c.dog_id
           RETURNING m.alert_id, m.dog_id, m.user_id
         )
         SELECT k.user_id, u.name AS user_name, u.email AS user_email,
                a.id AS alert_id, a.q AS alert_q, a.city AS alert_city, a.size AS alert_size,
                a.sex AS alert_sex, a.age AS alert_age,
                d.id AS dog_id, d.name AS dog_name, d.city AS dog_city, d.sex AS dog_sex,
                d.size AS dog_size, d.age_months AS dog_age_months,
                coalesce((SELECT p.public->>'url' FROM photos p WHERE p.dog_id = d.id
                           ORDER BY p.position LIMIT 1), d.image) AS dog_image
           FROM marked k JOIN users u ON u.id = k.user_id JOIN alerts a ON a.id = k.alert_id
           JOIN dogs d ON d.id = k.dog_id
          ORDER BY k.user_id, d.id DESC, a.id`,
        [userIds, frequency, at],
      );
    },

    /**
     * Marks as told, and returns, the pending report matches of `frequency` for `userIds` whose
     * reports are still listed and whose alerts are not paused (as `claim` does for dogs).
     */
    async claimReports(
      userIds: number[],
      frequency: AlertFrequency,
      at: Date,
    ): Promise<ClaimedReportMatch[]> {
      return db.query<ClaimedReportMatch>(
        `WITH claimed AS (
           SELECT m.alert_id, m.report_id FROM alert_report_matches m
             JOIN alerts a ON a.id = m.alert_id
             JOIN lost_found_reports r ON r.id = m.report_id
            WHERE m.user_id = ANY($1::int[]) AND m.sent_at IS NULL
              AND a.frequency = $2 AND NOT a.paused AND r.reporter_id <> a.user_id
              AND ${listedAt('$3')}
            FOR UPDATE OF m SKIP LOCKED
         ), marked AS (
           UPDATE alert_report_matches m SET sent_at = $3 FROM claimed c
            WHERE m.alert_id = c.alert_id AND m.report_id = c.report_id
           RETURNING m.alert_id, m.report_id, m.user_id
         )
         SELECT k.user_id, u.name AS user_name, u.email AS user_email,
                a.id AS alert_id, a.q AS alert_q, a.kind AS alert_kind, a.zone AS alert_zone,
                a.size AS alert_size, a.sex AS alert_sex,
                r.id AS report_id, r.kind AS report_kind, r.name AS report_name,
                r.sex AS report_sex, r.zone AS report_zone,
                to_char(r.seen_on, 'YYYY-MM-DD') AS report_date,
                (SELECT p.public->>'url' FROM photos p WHERE p.lost_found_id = r.id
                  ORDER BY p.position LIMIT 1) AS report_photo
           FROM marked k JOIN users u ON u.id = k.user_id JOIN alerts a ON a.id = k.alert_id
           JOIN lost_found_reports r ON r.id = k.report_id
          ORDER BY k.user_id, r.id DESC, a.id`,
        [userIds, frequency, at],
      );
    },

    /** Stores an e-mail's unsubscribe token (its hash) for the alerts the e-mail tells of. */
    async addToken(tokenHash: string, alertIds: number[], at: Date): Promise<void> {
      await db.query(
        `INSERT INTO alert_unsubscribe_tokens (token_hash, alert_id, created_at)
         SELECT $1, id, $3 FROM unnest($2::int[]) AS t(id)`,
        [tokenHash, alertIds, at],
      );
    },

    /** Deletes the alerts a token stops and returns them (none: unknown or already used). */
    async unsubscribe(tokenHash: string): Promise<AlertRow[]> {
      return db.query<AlertRow>(
        `DELETE FROM alerts a USING alert_unsubscribe_tokens t
          WHERE t.token_hash = $1 AND a.id = t.alert_id
          RETURNING ${ALERT_COLUMNS}`,
        [tokenHash],
      );
    },

    /**
     * Deletes unsubscribe tokens made before `cutoff`, except each alert's newest one (the link
     * of its latest e-mail keeps working however old it is); how many went.
     */
    async purgeOldTokens(cutoff: Date): Promise<number> {
      const rows = await db.query(
        `DELETE FROM alert_unsubscribe_tokens t
          WHERE t.created_at < $1
            AND EXISTS (SELECT 1 FROM alert_unsubscribe_tokens n
                         WHERE n.alert_id = t.alert_id AND n.created_at > t.created_at)
          RETURNING 1`,
        [cutoff],
      );
      return rows.length;
    },
  };
}

export type AlertRepository = ReturnType<typeof createAlertRepository>;
