// All SQL about moderation: reports, hidden listings, blocked accounts, roles and the audit log.
import type {
  AuditAction,
  AnyReportReason,
  AuditEntry,
  AuditTargetType,
  AutomaticReason,
  BlockedUser,
  HiddenDog,
  ReportGroup,
  ReportInput,
  ReportSource,
} from '../../shared/moderation';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION, type Queryable } from '../db/db';
import { VISIBLE } from '../dogs/repository';

/** Largest value of a PostgreSQL integer (the type of every id here). */
const MAX_ID = 2_147_483_647;

const iso = (value: Date | string) => new Date(value).toISOString();

export interface AuditRecord {
  actorId: number | null;
  actorLabel: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  targetLabel: string;
  reason: string;
  at: Date;
}

/** "Ana <ana@example.com>": how the audit log names a person. */
export function personLabel(person: { name: string; email: string }): string {
  return `${person.name} <${person.email}>`.slice(0, 400);
}

export function createModerationRepository(db: Queryable) {
  return {
    /** The owner of a listing anyone may see, or undefined (missing, hidden, owner blocked). */
    async visibleDogOwner(dogId: number): Promise<number | undefined> {
      if (dogId > MAX_ID) return undefined;
      const rows = await db.query<{ hostage_id: number }>(
        `SELECT d.hostage_id FROM dogs d WHERE d.id = $1 AND ${VISIBLE}`,
        [dogId],
      );
      return rows[0]?.hostage_id;
    },

    /**
     * The new report's id; null when this person already reported this listing, 'gone' when the
     * listing was deleted meanwhile.
     */
    async insertReport(
      dogId: number,
      reporterId: number,
      input: ReportInput,
      at: Date,
    ): Promise<number | null | 'gone'> {
      try {
        const rows = await db.query<{ id: number }>(
          `INSERT INTO reports (dog_id, reporter_id, reason, details, created_at)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [dogId, reporterId, input.reason, input.details, at],
        );
        return rows[0]!.id;
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) return null;
        if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) return 'gone';
        throw error;
      }
    },

    /**
     * Flags a listing for review (a report with no reporter); nothing when the same reason is
     * already open for it.
     */
    async flag(dogId: number, reason: AutomaticReason, details: string, at: Date): Promise<void> {
      await db.query(
        `INSERT INTO reports (dog_id, reporter_id, source, reason, details, created_at)
         VALUES ($1, NULL, 'automatic', $2, $3, $4)
         ON CONFLICT (dog_id, reason) WHERE source = 'automatic' AND state = 'open' DO NOTHING`,
        [dogId, reason, details.slice(0, 1000), at],
      );
    },

    /** The text of a listing the rules read: its name and personality. */
    async dogText(dogId: number): Promise<string | undefined> {
      const rows = await db.query<{ text: string }>(
        `SELECT d.name || E'\n' || d.personality AS text FROM dogs d WHERE d.id = $1`,
        [dogId],
      );
      return rows[0]?.text;
    },

    /**
     * Listings of other accounts that already show one of dog `dogId`'s photos: the same
     * uploaded file, or a difference hash at most `maxDistance` bits away (found through the
     * hash's quarters, one of which two such hashes share). Dogs of the same organization share
     * photos freely.
     */
    async reusedPhotos(
      dogId: number,
      maxDistance: number,
    ): Promise<{ position: number; dog_id: number; dog_name: string }[]> {
      const near = (shift: number) =>
        `SELECT o.dog_id FROM photos o
          WHERE o.phash IS NOT NULL AND p.phash IS NOT NULL
            AND ((o.phash >> ${shift}) & 65535) = ((p.phash >> ${shift}) & 65535)
            AND bit_count((o.phash # p.phash)::bit(64)) <= $2`;
      return db.query(
        `SELECT DISTINCT ON (p.position) p.position, od.id AS dog_id, od.name AS dog_name
           FROM photos p JOIN dogs d ON d.id = p.dog_id,
           LATERAL (
             SELECT o.dog_id FROM photos o
              WHERE p.source_hash IS NOT NULL AND o.source_hash = p.source_hash
             UNION ${near(48)} UNION ${near(32)} UNION ${near(16)} UNION ${near(0)}
           ) c
           JOIN dogs od ON od.id = c.dog_id
          WHERE p.dog_id = $1 AND od.id <> d.id AND od.hostage_id <> d.hostage_id
            AND NOT (od.org_id IS NOT NULL AND od.org_id IS NOT DISTINCT FROM d.org_id)
          ORDER BY p.position, od.id`,
        [dogId, maxDistance],
      );
    },

    /** Open reports grouped by listing, the most reported first (then the oldest report). */
    async openReportGroups(): Promise<ReportGroup[]> {
      const rows = await db.query<{
        report_id: number;
        source: ReportSource;
        reason: AnyReportReason;
        details: string;
        created_at: Date;
        reporter_id: number | null;
        reporter_name: string | null;
        reporter_email: string | null;
        dog_id: number;
        dog_name: string;
        dog_city: string;
        dog_hidden: boolean;
        owner_id: number;
        owner_name: string;
        owner_email: string;
        owner_blocked: boolean;
      }>(
        `SELECT r.id AS report_id, r.source, r.reason, r.details, r.created_at,
                ru.id AS reporter_id, ru.name AS reporter_name, ru.email AS reporter_email,
                d.id AS dog_id, d.name AS dog_name, d.city AS dog_city,
                d.hidden_at IS NOT NULL AS dog_hidden,
                o.id AS owner_id, o.name AS owner_name, o.email AS owner_email,
                o.blocked_at IS NOT NULL AS owner_blocked
           FROM reports r
           JOIN dogs d ON d.id = r.dog_id
           JOIN users o ON o.id = d.hostage_id
           LEFT JOIN users ru ON ru.id = r.reporter_id
          WHERE r.state = 'open'
          ORDER BY r.created_at, r.id`,
      );
      const groups = new Map<number, ReportGroup>();
      for (const row of rows) {
        let group = groups.get(row.dog_id);
        if (!group) {
          group = {
            dog: { id: row.dog_id, name: row.dog_name, city: row.dog_city, hidden: row.dog_hidden },
            owner: {
              id: row.owner_id,
              name: row.owner_name,
              email: row.owner_email,
              blocked: row.owner_blocked,
            },
            count: 0,
            reports: [],
          };
          groups.set(row.dog_id, group);
        }
        group.count += 1;
        group.reports.push({
          id: row.report_id,
          source: row.source,
          reason: row.reason,
          details: row.details,
          created_at: iso(row.created_at),
          reporter:
            row.reporter_id === null
              ? null
              : { id: row.reporter_id, name: row.reporter_name!, email: row.reporter_email! },
        });
      }
      // Stable sort: equal counts keep the order of their oldest report.
      return [...groups.values()].sort((a, b) => b.count - a.count);
    },

    /** Hides a visible or owner-blocked listing; its name and owner, or undefined when missing. */
    async hideDog(
      dogId: number,
      reason: string,
      at: Date,
    ): Promise<{ name: string; hidden: boolean } | undefined> {
      if (dogId > MAX_ID) return undefined;
      const rows = await db.query<{ name: string; was_hidden: boolean }>(
        `UPDATE dogs d SET hidden_at = coalesce(d.hidden_at, $3),
                hidden_reason = CASE WHEN d.hidden_at IS NULL THEN $2 ELSE d.hidden_reason END
           FROM (SELECT id, hidden_at IS NOT NULL AS was_hidden FROM dogs WHERE id = $1) old
          WHERE d.id = old.id
          RETURNING d.name, old.was_hidden`,
        [dogId, reason, at],
      );
      return rows[0] && { name: rows[0].name, hidden: !rows[0].was_hidden };
    },

    /** Shows a hidden listing again; undefined when missing, `restored: false` when not hidden. */
    async restoreDog(dogId: number): Promise<{ name: string; restored: boolean } | undefined> {
      if (dogId > MAX_ID) return undefined;
      const rows = await db.query<{ name: string; was_hidden: boolean }>(
        `UPDATE dogs d SET hidden_at = NULL, hidden_reason = NULL
           FROM (SELECT id, hidden_at IS NOT NULL AS was_hidden FROM dogs WHERE id = $1) old
          WHERE d.id = old.id
          RETURNING d.name, old.was_hidden`,
        [dogId],
      );
      return rows[0] && { name: rows[0].name, restored: rows[0].was_hidden };
    },

    /** Closes the listing's open reports (its hiding answered them). */
    async resolveReportsOf(dogId: number, at: Date): Promise<void> {
      await db.query(
        `UPDATE reports SET state = 'resolved', closed_at = $2 WHERE dog_id = $1 AND state = 'open'`,
        [dogId, at],
      );
    },

    /** Dismisses an open report; the listing's name, or undefined when none is open by that id. */
    async dismissReport(reportId: number, at: Date): Promise<{ dogName: string } | undefined> {
      if (reportId > MAX_ID) return undefined;
      const rows = await db.query<{ name: string }>(
        `UPDATE reports r SET state = 'dismissed', closed_at = $2
           FROM dogs d
          WHERE r.id = $1 AND r.state = 'open' AND d.id = r.dog_id
          RETURNING d.name`,
        [reportId, at],
      );
      return rows[0] && { dogName: rows[0].name };
    },

    async findUser(
      userId: number,
    ): Promise<{ id: number; name: string; email: string; blocked: boolean } | undefined> {
      if (userId > MAX_ID) return undefined;
      const rows = await db.query<{ id: number; name: string; email: string; blocked: boolean }>(
        'SELECT id, name, email, blocked_at IS NOT NULL AS blocked FROM users WHERE id = $1',
        [userId],
      );
      return rows[0];
    },

    /** The account's available listings moderation has not hidden: visible again once unblocked. */
    async availableDogsOf(userId: number): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        `SELECT id FROM dogs WHERE hostage_id = $1 AND status = 'available' AND hidden_at IS NULL
          ORDER BY id`,
        [userId],
      );
      return rows.map((row) => row.id);
    },

    /** The account's lost and found reports open, shown and not expired at `at`. */
    async listedReportsOf(userId: number, at: Date): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        `SELECT id FROM lost_found_reports
          WHERE reporter_id = $1 AND status = 'open' AND hidden_at IS NULL AND expires_at > $2
          ORDER BY id`,
        [userId, at],
      );
      return rows.map((row) => row.id);
    },

    /**
     * Blocks (reason and time) or unblocks (both null) an account; false when it already was in
     * that state. The statement locks the row, so two admins racing get one true.
     */
    async setBlocked(userId: number, block: { reason: string; at: Date } | null): Promise<boolean> {
      const rows = block
        ? await db.query(
            `UPDATE users SET blocked_at = $2, blocked_reason = $3
              WHERE id = $1 AND blocked_at IS NULL RETURNING id`,
            [userId, block.at, block.reason],
          )
        : await db.query(
            `UPDATE users SET blocked_at = NULL, blocked_reason = NULL
              WHERE id = $1 AND blocked_at IS NOT NULL RETURNING id`,
            [userId],
          );
      return rows.length > 0;
    },

    /** Ends every session of the account (the session stamp moves with the delete). */
    async endSessionsOf(userId: number): Promise<void> {
      await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
    },

    /** Sets the role of the account with this e-mail; undefined when there is none. */
    async setRole(
      email: string,
      role: 'admin' | 'user',
    ): Promise<{ id: number; name: string; email: string; changed: boolean } | undefined> {
      const rows = await db.query<{ id: number; name: string; email: string; changed: boolean }>(
        `UPDATE users u SET role = $2
           FROM (SELECT id, role <> $2 AS changed FROM users WHERE lower(email) = lower($1)) old
          WHERE u.id = old.id
          RETURNING u.id, u.name, u.email, old.changed`,
        [email, role],
      );
      return rows[0];
    },

    async hiddenDogs(): Promise<HiddenDog[]> {
      const rows = await db.query<{
        id: number;
        name: string;
        reason: string;
        hidden_at: Date;
        owner_id: number;
        owner_name: string;
        owner_email: string;
      }>(
        `SELECT d.id, d.name, coalesce(d.hidden_reason, '') AS reason, d.hidden_at,
                u.id AS owner_id, u.name AS owner_name, u.email AS owner_email
           FROM dogs d JOIN users u ON u.id = d.hostage_id
          WHERE d.hidden_at IS NOT NULL
          ORDER BY d.hidden_at DESC, d.id DESC
          LIMIT 500`,
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        reason: r.reason,
        hidden_at: iso(r.hidden_at),
        owner: { id: r.owner_id, name: r.owner_name, email: r.owner_email },
      }));
    },

    async blockedUsers(): Promise<BlockedUser[]> {
      const rows = await db.query<{
        id: number;
        name: string;
        email: string;
        reason: string;
        blocked_at: Date;
      }>(
        `SELECT id, name, email, coalesce(blocked_reason, '') AS reason, blocked_at
           FROM users WHERE blocked_at IS NOT NULL
          ORDER BY blocked_at DESC, id DESC
          LIMIT 500`,
      );
      return rows.map((r) => ({ ...r, blocked_at: iso(r.blocked_at) }));
    },

    async audit(record: AuditRecord): Promise<void> {
      await db.query(
        `INSERT INTO admin_audit
           (actor_id, actor_label, action, target_type, target_id, target_label, reason, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          record.actorId,
          record.actorLabel.slice(0, 400),
          record.action,
          record.targetType,
          record.targetId,
          record.targetLabel.slice(0, 400),
          record.reason,
          record.at,
        ],
      );
    },

    /** The newest entries first. */
    async auditLog(limit: number): Promise<AuditEntry[]> {
      const rows = await db.query<{
        id: number;
        actor_label: string;
        action: AuditAction;
        target_type: AuditTargetType;
        target_id: number;
        target_label: string;
        reason: string;
        created_at: Date;
      }>(
        `SELECT id, actor_label, action, target_type, target_id, target_label, reason, created_at
           FROM admin_audit ORDER BY created_at DESC, id DESC LIMIT $1`,
        [limit],
      );
      return rows.map((r) => ({
        id: r.id,
        actor: r.actor_label,
        action: r.action,
        target_type: r.target_type,
        target_id: r.target_id,
        target_label: r.target_label,
        reason: r.reason,
        created_at: iso(r.created_at),
      }));
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
