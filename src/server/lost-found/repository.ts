// All SQL about lost and found reports: writing them with their photos, the public list with its
// filters, one report, the likely matches of the other kind, contacts, complaints and hiding.
import type { DogSex, DogSize } from '../../shared/dog';
import {
  LOST_FOUND_MATCHES_MAX,
  LOST_FOUND_MESSAGES,
  LOST_FOUND_PAGE_DEFAULT,
  MATCH_DAYS_AFTER,
  MATCH_DAYS_BEFORE,
  type LostFoundColor,
  type LostFoundFilters,
  type LostFoundKind,
} from '../../shared/lost-found';
import type { ReportInput } from '../../shared/moderation';
import { PHOTO_MESSAGES, type Photo } from '../../shared/photo';
import type { ZoneId } from '../../shared/zones';
import {
  FOREIGN_KEY_VIOLATION,
  pgErrorCode,
  UNIQUE_VIOLATION,
  type Db,
  type Queryable,
} from '../db/db';
import { queryWords } from '../dogs/repository';
import { HttpError } from '../http/errors';

/** Whether `db` is the database itself rather than a transaction's connection. */
const isDb = (db: Queryable): db is Db => 'transaction' in db;

/** Largest value of a PostgreSQL integer (the type of the ids). */
const MAX_ID = 2_147_483_647;

/** A report as stored, with its photos in order. */
export interface ReportRow {
  id: number;
  reporter_id: number;
  kind: LostFoundKind;
  name: string;
  sex: DogSex | null;
  size: DogSize;
  colors: LostFoundColor[];
  description: string;
  date: string;
  zone: ZoneId;
  status: 'open' | 'reunited' | 'closed' | 'expired';
  expires_at: Date;
  hidden_at: Date | null;
  hidden_reason: string | null;
  created_at: Date;
  updated_at: Date;
  photos: Photo[];
  reporter_blocked: boolean;
}

export interface MatchRow extends ReportRow {
  same_zone: boolean;
  same_sex: boolean;
  same_size: boolean;
  shared_colors: number;
  days_apart: number;
  text_similarity: number;
  score: number;
}

/** The fields a report is written with (the kind only on creation). */
export interface ReportFields {
  name: string;
  sex: DogSex | null;
  size: DogSize;
  colors: LostFoundColor[];
  description: string;
  date: string;
  zone: ZoneId;
}

const COLUMNS = `r.id, r.reporter_id, r.kind, r.name, r.sex, r.size, r.colors, r.description,
  to_char(r.seen_on, 'YYYY-MM-DD') AS date, r.zone, r.status, r.expires_at, r.hidden_at,
  r.hidden_reason, r.created_at, r.updated_at,
  COALESCE((SELECT json_agg(p.public ORDER BY p.position) FROM photos p
             WHERE p.lost_found_id = r.id), '[]'::json) AS photos`;

/**
 * Report `r` is listed: open, not hidden (the partial indexes' own condition), not expired at
 * `at` (an SQL value), and not of a blocked account (NOT IN, not NOT EXISTS: it stays a filter on
 * the index walk, as for dogs).
 */
export const listedAt = (at: string) =>
  `r.status = 'open' AND r.hidden_at IS NULL AND r.expires_at > ${at} AND r.reporter_id NOT IN ` +
  `(SELECT b.id FROM users b WHERE b.blocked_at IS NOT NULL)`;

const LISTED = listedAt('$1');

/** Candidates whose descriptions the matching compares (the best by the other signs). */
const MATCH_CANDIDATES = 100;

/** Newest reports a text search checks one by one before it searches windows of older ones. */
const SEARCH_WALK_ROWS = 200;

/** How many more ids than the walk's rate of hits suggests a first window spans. */
const SEARCH_WINDOW_MARGIN = 1.5;

/** Trigram similarity of two descriptions from which a reason "descripción parecida" follows. */
export const TEXT_SIMILAR = 0.3;

/** A small and a large dog are never the same dog; a medium one may be called either. */
const SIZE_OPPOSITE = `((r.size = 'small' AND $5::text = 'large') OR (r.size = 'large' AND $5::text = 'small'))`;

export function createLostFoundRepository(db: Queryable) {
  /**
   * The newest `limit` reports that pass `conditions` (SQL on `r`, whose values are
   * `baseParams`) and hold every word. First the newest SEARCH_WALK_ROWS of them are checked one by one, in
   * order, stopping once the page is full (a common word fills it there). Otherwise the hits
   * are rare, and older reports are searched in windows of ids, newest first, each sized from
   * how often the walk found the words and growing fourfold: there the trigram index picks the
   * candidates and only those inside the window are compared (searchWindow).
   */
  async function searchPage(
    conditions: string[],
    baseParams: unknown[],
    words: string[],
    limit: number,
  ): Promise<ReportRow[]> {
    const params = [...baseParams];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = conditions.join(' AND ');
    const wordParams = words.map(param);
    const wordSql = wordParams
      .map((word) => `r.search_doc OPERATOR(public.%>) dog_search_norm(${word})`)
      .join(' AND ');
    // The walk's plan is the same whatever the words: given as a sub-select, they are not
    // constants, so the planner does not try each against the column's statistics.
    const found = await db.query<ReportRow>(
      `SELECT ${COLUMNS}, false AS reporter_blocked FROM (
         SELECT r.* FROM lost_found_reports r WHERE ${where}
          ORDER BY r.id DESC LIMIT ${SEARCH_WALK_ROWS}
       ) r
        WHERE ${wordParams
          .map((word) => `r.search_doc OPERATOR(public.%>) (SELECT dog_search_norm(${word}))`)
          .join(' AND ')}
        ORDER BY r.id DESC LIMIT $${params.length + 1}`,
      [...params, limit],
    );
    if (found.length >= limit) return found;
    const [walk] = await db.query<{ low: number | null; high: number | null; n: number }>(
      `SELECT min(w.id) AS low, max(w.id) AS high, count(*)::int AS n FROM (
         SELECT r.id FROM lost_found_reports r WHERE ${where}
          ORDER BY r.id DESC LIMIT ${SEARCH_WALK_ROWS}
       ) w`,
      baseParams,
    );
    // Every report passing the other filters was checked.
    if (!walk || walk.n < SEARCH_WALK_ROWS || walk.low === null || walk.high === null) return found;
    let high = walk.low;
    // Ids the walk spent on each hit, times the hits still missing, with some margin; no hit
    // at all: the words are rare, the index alone finds them.
    let span =
      found.length === 0
        ? Infinity
        : Math.ceil(
            (SEARCH_WINDOW_MARGIN * (limit - found.length) * (walk.high - walk.low + 1)) /
              found.length,
          );
    for (;;) {
      const low = high - span > 1 ? high - span : null;
      const rows = await searchWindow(where, wordSql, params, low, high, limit - found.length);
      found.push(...rows);
      if (found.length >= limit || low === null) return found;
      high = low;
      span *= 4;
    }
  }

  /**
   * Reports with ids in [low, high) (no lower bound when null) that pass `where` and `wordSql`,
   * newest first, at most `count`. Read with bitmap scans only: the trigram index's candidates
   * and the ids of the window are combined before any report is compared, where a walk down the
   * id index would compare every report of the window (the planner cannot tell how dear a
   * comparison is). The words are constants here, unlike in the walk: the planner weighs them
   * against the column's statistics to choose between the index's candidates alone (rare words)
   * and those inside the window. Needs a transaction of its own for the setting; inside someone
   * else's, the planner chooses.
   */
  async function searchWindow(
    where: string,
    wordSql: string,
    baseParams: unknown[],
    low: number | null,
    high: number,
    count: number,
  ): Promise<ReportRow[]> {
    const params = [...baseParams, high, count];
    const range = [`r.id < $${params.length - 1}`];
    if (low !== null) {
      params.push(low);
      range.push(`r.id >= $${params.length}`);
    }
    const sql = `SELECT ${COLUMNS}, false AS reporter_blocked FROM lost_found_reports r
       WHERE ${where} AND ${range.join(' AND ')} AND ${wordSql}
       ORDER BY r.id DESC LIMIT $${baseParams.length + 2}`;
    if (!isDb(db)) return db.query<ReportRow>(sql, params);
    return db.transaction(async (tx) => {
      // No JIT either: PostgreSQL 15 counts a path it was told to avoid as dear enough for it.
      await tx.exec(
        'SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off; ' +
          'SET LOCAL jit = off',
      );
      return tx.query<ReportRow>(sql, params);
    });
  }

  return {
    async insert(
      reporterId: number,
      kind: LostFoundKind,
      fields: ReportFields,
      at: Date,
      expiresAt: Date,
    ): Promise<number> {
      const rows = await db.query<{ id: number }>(
        `INSERT INTO lost_found_reports
           (reporter_id, kind, name, sex, size, colors, description, seen_on, zone, expires_at,
            created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8::date, $9, $10, $11, $11) RETURNING id`,
        [
          reporterId,
          kind,
          fields.name,
          fields.sex,
          fields.size,
          fields.colors,
          fields.description,
          fields.date,
          fields.zone,
          expiresAt,
          at,
        ],
      );
      return rows[0]!.id;
    },

    /** Writes the fields of report `id` (all of them: the caller merged what changed). */
    async update(id: number, fields: ReportFields, at: Date): Promise<void> {
      await db.query(
        `UPDATE lost_found_reports SET name = $2, sex = $3, size = $4, colors = $5::text[],
                description = $6, seen_on = $7::date, zone = $8, updated_at = $9
          WHERE id = $1`,
        [
          id,
          fields.name,
          fields.sex,
          fields.size,
          fields.colors,
          fields.description,
          fields.date,
          fields.zone,
          at,
        ],
      );
    },

    async setStatus(id: number, status: 'reunited' | 'closed', at: Date): Promise<void> {
      await db.query(
        `UPDATE lost_found_reports SET status = $2, closed_at = $3, updated_at = $3 WHERE id = $1`,
        [id, status, at],
      );
    },

    async renew(id: number, expiresAt: Date, at: Date): Promise<void> {
      await db.query(
        `UPDATE lost_found_reports SET status = 'open', expires_at = $2, updated_at = $3
          WHERE id = $1`,
        [id, expiresAt, at],
      );
    },

    /** The expiry job's work: true when the report was still open with that expiry. */
    async expire(id: number, expiresAt: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE lost_found_reports SET status = 'expired'
          WHERE id = $1 AND status = 'open' AND expires_at = $2 RETURNING id`,
        [id, expiresAt],
      );
      return rows.length > 0;
    },

    /**
     * Makes `ids`, in this order, the photos of report `reportId`; photos it had and no longer
     * lists are deleted. Only the reporter's own photos that are free or already this report's:
     * 400 unknown or used elsewhere, 403 someone else's. Run inside the transaction that writes it.
     */
    async attachPhotos(reportId: number, ownerId: number, ids: readonly number[]): Promise<void> {
      const rows = ids.length
        ? await db.query<{
            id: number;
            owner_id: number;
            dog_id: number | null;
            lost_found_id: number | null;
          }>(
            `SELECT id, owner_id, dog_id, lost_found_id FROM photos
              WHERE id = ANY($1::int[]) FOR UPDATE`,
            [ids],
          )
        : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of ids) {
        const row = byId.get(id);
        if (!row) throw new HttpError(400, PHOTO_MESSAGES.unknownPhoto);
        if (row.owner_id !== ownerId) throw new HttpError(403, PHOTO_MESSAGES.foreignPhoto);
        if (row.dog_id !== null || (row.lost_found_id !== null && row.lost_found_id !== reportId))
          throw new HttpError(400, LOST_FOUND_MESSAGES.photoInOtherReport);
      }
      await db.query('DELETE FROM photos WHERE lost_found_id = $1 AND NOT (id = ANY($2::int[]))', [
        reportId,
        ids,
      ]);
      if (ids.length === 0) return;
      await db.query(
        `UPDATE photos p SET lost_found_id = $1, position = o.ord - 1
           FROM unnest($2::int[]) WITH ORDINALITY AS o(id, ord)
          WHERE p.id = o.id AND (p.lost_found_id IS DISTINCT FROM $1 OR p.position <> o.ord - 1)`,
        [reportId, ids],
      );
    },

    /** One report whatever its state, with whether its reporter is blocked; undefined if none. */
    async find(id: number): Promise<ReportRow | undefined> {
      if (id > MAX_ID) return undefined;
      const rows = await db.query<ReportRow>(
        `SELECT ${COLUMNS},
                EXISTS (SELECT 1 FROM users b WHERE b.id = r.reporter_id
                         AND b.blocked_at IS NOT NULL) AS reporter_blocked
           FROM lost_found_reports r WHERE r.id = $1`,
        [id],
      );
      return rows[0];
    },

    /** The reporter's name and e-mail, for the e-mails sent to them (never for an answer). */
    async reporterContact(id: number): Promise<{ name: string; email: string } | undefined> {
      const rows = await db.query<{ name: string; email: string }>(
        `SELECT u.name, u.email FROM lost_found_reports r JOIN users u ON u.id = r.reporter_id
          WHERE r.id = $1`,
        [id],
      );
      return rows[0];
    },

    /**
     * Open reports anyone may see, newest first, filtered; keyset pages by `before`. With words,
     * see searchPage: each report's words cost a trigram comparison, so as few are compared as
     * the page needs.
     */
    async list(filters: LostFoundFilters, now: Date): Promise<ReportRow[]> {
      const params: unknown[] = [now];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      const conditions = [LISTED];
      if (filters.kind) conditions.push(`r.kind = ${param(filters.kind)}`);
      if (filters.zone) conditions.push(`r.zone = ${param(filters.zone)}`);
      if (filters.size) conditions.push(`r.size = ${param(filters.size)}`);
      if (filters.sex) conditions.push(`r.sex = ${param(filters.sex)}`);
      if (filters.before) conditions.push(`r.id < ${param(Math.min(filters.before, MAX_ID))}`);
      const limit = filters.limit ?? LOST_FOUND_PAGE_DEFAULT;
      const words = queryWords(filters.q);
      if (words.length > 0) return searchPage(conditions, params, words, limit);
      return db.query<ReportRow>(
        `SELECT ${COLUMNS}, false AS reporter_blocked FROM lost_found_reports r
          WHERE ${conditions.join(' AND ')} ORDER BY r.id DESC LIMIT ${param(limit)}`,
        params,
      );
    },

    /**
     * The likely matches of `report`: open reports of the other kind that anyone may see, in
     * `zones` (its own and the bordering ones), dated within the window (a found dog from 3 days
     * before the loss up to 60 days after), of a sex and size that do not exclude it; scored and
     * ranked best first.
     */
    async matches(report: ReportRow, zones: readonly ZoneId[], now: Date): Promise<MatchRow[]> {
      const lost = report.kind === 'lost';
      const [from, to] = lost
        ? [-MATCH_DAYS_BEFORE, MATCH_DAYS_AFTER]
        : [-MATCH_DAYS_AFTER, MATCH_DAYS_BEFORE];
      // Colours in common, one containment test per colour of the report (distinct, as stored):
      // no set operation per candidate.
      const colors = [...new Set(report.colors)];
      const sharedColors =
        colors.map((_, i) => `(r.colors @> ($7::text[])[${i + 1}:${i + 1}])::int`).join(' + ') ||
        '0';
      // Cheap signs first (zone, sex, size, colours, dates) pick the best candidates; only those
      // get their descriptions compared, and only the final ones their photos.
      return db.query<MatchRow>(
        `WITH cheap AS (
           SELECT r.id, r.description_norm,
                  r.zone = $4 AS same_zone,
                  (r.sex IS NOT NULL AND r.sex = $6) AS same_sex,
                  r.size = $5 AS same_size,
                  ${sharedColors} AS shared_colors,
                  abs(r.seen_on - $8::date) AS days_apart
             FROM lost_found_reports r
            WHERE ${LISTED}
              AND r.kind = $2 AND r.zone = ANY($3::text[])
              AND r.seen_on BETWEEN $8::date + $10::int AND $8::date + $11::int
              AND (r.sex IS NULL OR $6::text IS NULL OR r.sex = $6)
              AND NOT ${SIZE_OPPOSITE}
         ), scored AS (
           SELECT c.*,
                  CASE WHEN c.same_zone THEN 3 ELSE 1 END
                  + CASE WHEN c.same_sex THEN 2 ELSE 0 END
                  + CASE WHEN c.same_size THEN 2 ELSE 0 END
                  + 1.5 * c.shared_colors
                  + CASE WHEN c.days_apart <= ${MATCH_DAYS_BEFORE} THEN 1 ELSE 0 END AS base
             FROM cheap c ORDER BY base DESC, c.days_apart, c.id DESC LIMIT ${MATCH_CANDIDATES}
         ), ranked AS (
           SELECT s.*, public.similarity(s.description_norm, dog_search_norm($9))::float8
                         AS text_similarity
             FROM scored s
         ), best AS (
           SELECT k.*, (k.base + 4 * k.text_similarity)::float8 AS score FROM ranked k
            ORDER BY score DESC, k.days_apart, k.id DESC LIMIT ${LOST_FOUND_MATCHES_MAX}
         )
         SELECT ${COLUMNS}, false AS reporter_blocked, b.same_zone, b.same_sex, b.same_size,
                b.shared_colors, b.days_apart, b.text_similarity, b.score
           FROM best b JOIN lost_found_reports r ON r.id = b.id
          ORDER BY b.score DESC, b.days_apart, b.id DESC`,
        [
          now,
          lost ? 'found' : 'lost',
          zones,
          report.zone,
          report.size,
          report.sex,
          colors,
          report.date,
          report.description,
          from,
          to,
        ],
      );
    },

    async insertContact(
      reportId: number,
      senderId: number,
      sharedEmail: boolean,
      at: Date,
    ): Promise<void> {
      await db.query(
        `INSERT INTO lost_found_contacts (report_id, sender_id, shared_email, created_at)
         VALUES ($1, $2, $3, $4)`,
        [reportId, senderId, sharedEmail, at],
      );
    },

    /** The new complaint's id; null when this person already made one, 'gone' if it went. */
    async insertFlag(
      reportId: number,
      flaggerId: number,
      input: ReportInput,
      at: Date,
    ): Promise<number | null | 'gone'> {
      try {
        const rows = await db.query<{ id: number }>(
          `INSERT INTO lost_found_flags (report_id, flagger_id, reason, details, created_at)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [reportId, flaggerId, input.reason, input.details, at],
        );
        return rows[0]!.id;
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) return null;
        if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) return 'gone';
        throw error;
      }
    },

    /** Open complaints with their report and both people, oldest first. */
    async openFlags() {
      return db.query<{
        flag_id: number;
        reason: string;
        details: string;
        created_at: Date;
        flagger_id: number;
        flagger_name: string;
        flagger_email: string;
        report_id: number;
        report_kind: LostFoundKind;
        report_name: string;
        report_zone: ZoneId;
        report_hidden: boolean;
        reporter_id: number;
        reporter_name: string;
        reporter_email: string;
      }>(
        `SELECT f.id AS flag_id, f.reason, f.details, f.created_at,
                fu.id AS flagger_id, fu.name AS flagger_name, fu.email AS flagger_email,
                r.id AS report_id, r.kind AS report_kind, r.name AS report_name,
                r.zone AS report_zone, r.hidden_at IS NOT NULL AS report_hidden,
                o.id AS reporter_id, o.name AS reporter_name, o.email AS reporter_email
           FROM lost_found_flags f
           JOIN lost_found_reports r ON r.id = f.report_id
           JOIN users o ON o.id = r.reporter_id
           JOIN users fu ON fu.id = f.flagger_id
          WHERE f.state = 'open'
          ORDER BY f.created_at, f.id`,
      );
    },

    /** Hides a report; false when it already was hidden, undefined when there is none. */
    async hide(id: number, reason: string, at: Date): Promise<boolean | undefined> {
      if (id > MAX_ID) return undefined;
      const rows = await db.query<{ hidden: boolean }>(
        `UPDATE lost_found_reports r SET hidden_at = COALESCE(r.hidden_at, $3),
                hidden_reason = CASE WHEN r.hidden_at IS NULL THEN $2 ELSE r.hidden_reason END
           FROM lost_found_reports old
          WHERE r.id = $1 AND old.id = r.id
          RETURNING old.hidden_at IS NULL AS hidden`,
        [id, reason, at],
      );
      if (rows.length === 0) return undefined;
      if (rows[0]!.hidden)
        await db.query(
          `UPDATE lost_found_flags SET state = 'resolved', closed_at = $2
            WHERE report_id = $1 AND state = 'open'`,
          [id, at],
        );
      return rows[0]!.hidden;
    },

    /** Shows a hidden report again; false when it was not hidden, undefined when there is none. */
    async restore(id: number): Promise<boolean | undefined> {
      if (id > MAX_ID) return undefined;
      const rows = await db.query<{ restored: boolean }>(
        `UPDATE lost_found_reports r SET hidden_at = NULL, hidden_reason = NULL
           FROM lost_found_reports old
          WHERE r.id = $1 AND old.id = r.id
          RETURNING old.hidden_at IS NOT NULL AS restored`,
        [id],
      );
      return rows[0]?.restored;
    },

    /** Open reports anyone may see, for the sitemap: id and last change, newest first. */
    async sitemapEntries(now: Date, limit: number) {
      return db.query<{ id: number; updated_at: Date }>(
        `SELECT r.id, r.updated_at FROM lost_found_reports r WHERE ${LISTED}
          ORDER BY r.id DESC LIMIT $2`,
        [now, limit],
      );
    },
  };
}

export type LostFoundRepository = ReturnType<typeof createLostFoundRepository>;
