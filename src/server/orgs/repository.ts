// All SQL about organizations: the organizations, their members, the invitations, and what their
// public page counts.
import type { Org, OrgInput, OrgKind, OrgMember, OrgRole, OrgUpdate } from '../../shared/org';
import { isZoneId, zoneById } from '../../shared/zones';
import type { Queryable } from '../db/db';

/** Largest value of a PostgreSQL integer (the type of every id here). */
const MAX_ID = 2_147_483_647;

const isoText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** An organization's public columns; `o` is the organization. */
const ORG_COLUMNS = `o.id, o.slug, o.name, o.kind, o.zone, o.description, o.links,
  o.verified_at IS NOT NULL AS verified, ${isoText('o.created_at')} AS created_at`;

interface OrgRow {
  id: number;
  slug: string;
  name: string;
  kind: OrgKind;
  zone: string;
  description: string;
  links: string[];
  verified: boolean;
  created_at: string;
}

export function toOrg(row: OrgRow): Org {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    zone: row.zone,
    zone_name: isZoneId(row.zone) ? zoneById(row.zone).name : row.zone,
    description: row.description,
    links: row.links,
    verified: row.verified,
    created_at: row.created_at,
  };
}

export interface Invitation {
  id: number;
  org_id: number;
  email: string;
  expires_at: Date;
  accepted_at: Date | null;
}

export function createOrgRepository(db: Queryable) {
  return {
    /** The new organization, or undefined when `slug` is taken. */
    async insert(input: OrgInput, slug: string, at: Date): Promise<Org | undefined> {
      const rows = await db.query<OrgRow>(
        `INSERT INTO orgs AS o (slug, name, kind, zone, description, links, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $7)
         ON CONFLICT (slug) DO NOTHING
         RETURNING ${ORG_COLUMNS}`,
        [
          slug,
          input.name,
          input.kind,
          input.zone,
          input.description,
          JSON.stringify(input.links),
          at,
        ],
      );
      return rows[0] && toOrg(rows[0]);
    },

    /**
     * Changes the given fields; the slug stays. A new name takes the verification away: the site's
     * admins checked the organization under its old name, and it waits for them again.
     */
    async update(orgId: number, input: OrgUpdate, at: Date): Promise<Org | undefined> {
      const rows = await db.query<OrgRow>(
        `UPDATE orgs AS o SET name = COALESCE($2, o.name), kind = COALESCE($3, o.kind),
                verified_at = CASE WHEN $2::text IS NOT NULL AND $2::text <> o.name THEN NULL
                                   ELSE o.verified_at END,
                zone = COALESCE($4, o.zone), description = COALESCE($5, o.description),
                links = COALESCE($6::jsonb, o.links), updated_at = $7
          WHERE o.id = $1 RETURNING ${ORG_COLUMNS}`,
        [
          orgId,
          input.name ?? null,
          input.kind ?? null,
          input.zone ?? null,
          input.description ?? null,
          input.links ? JSON.stringify(input.links) : null,
          at,
        ],
      );
      return rows[0] && toOrg(rows[0]);
    },

    async byId(orgId: number): Promise<Org | undefined> {
      if (orgId > MAX_ID) return undefined;
      const rows = await db.query<OrgRow>(`SELECT ${ORG_COLUMNS} FROM orgs o WHERE o.id = $1`, [
        orgId,
      ]);
      return rows[0] && toOrg(rows[0]);
    },

    async bySlug(slug: string): Promise<Org | undefined> {
      const rows = await db.query<OrgRow>(`SELECT ${ORG_COLUMNS} FROM orgs o WHERE o.slug = $1`, [
        slug,
      ]);
      return rows[0] && toOrg(rows[0]);
    },

    /** Every organization with how many dogs it has looking for a home; verified ones first. */
    async list(): Promise<(Org & { available_dogs: number })[]> {
      const rows = await db.query<OrgRow & { available_dogs: number }>(
        `SELECT ${ORG_COLUMNS},
                (SELECT count(*) FROM dogs d
                  WHERE d.org_id = o.id AND d.status IN ('available', 'pending')
                    AND d.hidden_at IS NULL)::int AS available_dogs
           FROM orgs o
          ORDER BY o.verified_at IS NULL, o.name, o.id`,
      );
      return rows.map((row) => ({ ...toOrg(row), available_dogs: row.available_dogs }));
    },

    /** Every organization's address and last change, for the sitemap; the newest first. */
    async sitemapEntries(limit: number): Promise<{ slug: string; updated_at: Date }[]> {
      return db.query<{ slug: string; updated_at: Date }>(
        'SELECT slug, updated_at FROM orgs ORDER BY id DESC LIMIT $1',
        [limit],
      );
    },

    /** Organizations no admin has verified yet, the oldest first, with who administers them. */
    async waiting() {
      const rows = await db.query<OrgRow & { admins: { name: string; email: string }[] }>(
        `SELECT ${ORG_COLUMNS},
                COALESCE((SELECT json_agg(json_build_object('name', u.name, 'email', u.email)
                                          ORDER BY m.joined_at, u.id)
                            FROM org_members m JOIN users u ON u.id = m.user_id
                           WHERE m.org_id = o.id AND m.role = 'admin'), '[]') AS admins
           FROM orgs o WHERE o.verified_at IS NULL ORDER BY o.created_at, o.id`,
      );
      return rows.map((row) => ({ ...toOrg(row), admins: row.admins }));
    },

    /** Sets or clears the verification; the organization's name, or undefined when missing. */
    async setVerified(
      orgId: number,
      at: Date | null,
    ): Promise<{ name: string; changed: boolean } | undefined> {
      if (orgId > MAX_ID) return undefined;
      const rows = await db.query<{ name: string; changed: boolean }>(
        `WITH before AS (SELECT id, name, verified_at FROM orgs WHERE id = $1 FOR UPDATE),
              changed AS (
                UPDATE orgs o SET verified_at = $2
                  FROM before b WHERE o.id = b.id AND (b.verified_at IS NULL) <> ($2::timestamptz IS NULL)
                RETURNING o.id)
         SELECT b.name, EXISTS (SELECT 1 FROM changed) AS changed FROM before b`,
        [orgId, at],
      );
      return rows[0];
    },

    /** What the public page counts: dogs looking for a home, adoptions closed, members. */
    async stats(
      orgId: number,
    ): Promise<{ available_dogs: number; adoptions_closed: number; members: number }> {
      const rows = await db.query<{
        available_dogs: number;
        adoptions_closed: number;
        members: number;
      }>(
        `SELECT
           (SELECT count(*) FROM dogs d WHERE d.org_id = $1 AND d.status IN ('available', 'pending')
              AND d.hidden_at IS NULL)::int AS available_dogs,
           (SELECT count(*) FROM dogs d WHERE d.org_id = $1 AND d.status = 'adopted')::int
              AS adoptions_closed,
           (SELECT count(*) FROM org_members m WHERE m.org_id = $1)::int AS members`,
        [orgId],
      );
      return rows[0]!;
    },

    /**
     * The median time from a request for one of the organization's dogs to a first answer, over
     * the requests since `since` (the rescuer's response time, per organization).
     */
    async responseTime(
      orgId: number,
      since: Date,
      now: Date,
    ): Promise<{ requests: number; median_seconds: number | null }> {
      const rows = await db.query<{ requests: number; median_seconds: number | null }>(
        `WITH waits AS (
           SELECT COALESCE(
                    (SELECT min((e->>'at')::timestamptz) FROM jsonb_array_elements(i.history) e
                      WHERE e->>'state' IN ('reviewing', 'interview', 'approved', 'declined', 'adopted')),
                    CASE WHEN i.state = 'new' THEN $3::timestamptz END) - i.created_at AS wait
             FROM interests i JOIN dogs d ON d.id = i.dog_id
            WHERE d.org_id = $1 AND i.created_at >= $2
         )
         SELECT count(*)::int AS requests,
                (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM wait))
                   FILTER (WHERE wait IS NOT NULL))::float8 AS median_seconds
           FROM waits`,
        [orgId, since, now],
      );
      return rows[0]!;
    },

    /** The organizations `userId` belongs to, with their role; the oldest membership first. */
    async ofUser(userId: number): Promise<(Org & { role: OrgRole })[]> {
      const rows = await db.query<OrgRow & { role: OrgRole }>(
        `SELECT ${ORG_COLUMNS}, m.role FROM org_members m JOIN orgs o ON o.id = m.org_id
          WHERE m.user_id = $1 ORDER BY m.joined_at, o.id`,
        [userId],
      );
      return rows.map((row) => ({ ...toOrg(row), role: row.role }));
    },

    /** `userId`'s role in the organization, or undefined when they are not a member. */
    async roleOf(orgId: number, userId: number, lock = false): Promise<OrgRole | undefined> {
      if (orgId > MAX_ID || userId > MAX_ID) return undefined;
      const rows = await db.query<{ role: OrgRole }>(
        `SELECT role FROM org_members WHERE org_id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`,
        [orgId, userId],
      );
      return rows[0]?.role;
    },

    async members(orgId: number): Promise<OrgMember[]> {
      return db.query<OrgMember>(
        `SELECT m.user_id, u.name, u.email, m.role, ${isoText('m.joined_at')} AS joined_at
           FROM org_members m JOIN users u ON u.id = m.user_id
          WHERE m.org_id = $1 ORDER BY m.role, m.joined_at, u.id`,
        [orgId],
      );
    },

    /** How many admins the organization has, its rows locked (so two demotions cannot race). */
    async adminCount(orgId: number): Promise<number> {
      const rows = await db.query<{ user_id: number }>(
        `SELECT user_id FROM org_members WHERE org_id = $1 AND role = 'admin' FOR UPDATE`,
        [orgId],
      );
      return rows.length;
    },

    async addMember(orgId: number, userId: number, role: OrgRole, at: Date): Promise<void> {
      await db.query(
        `INSERT INTO org_members (org_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (org_id, user_id) DO NOTHING`,
        [orgId, userId, role, at],
      );
    },

    async setRole(orgId: number, userId: number, role: OrgRole): Promise<void> {
      await db.query('UPDATE org_members SET role = $3 WHERE org_id = $1 AND user_id = $2', [
        orgId,
        userId,
        role,
      ]);
    },

    async removeMember(orgId: number, userId: number): Promise<void> {
      await db.query('DELETE FROM org_members WHERE org_id = $1 AND user_id = $2', [orgId, userId]);
    },

    /** Whether an account with this e-mail is already a member. */
    async hasMemberWithEmail(orgId: number, email: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM org_members m JOIN users u ON u.id = m.user_id
          WHERE m.org_id = $1 AND lower(u.email) = lower($2)`,
        [orgId, email],
      );
      return rows.length > 0;
    },

    /** A new pending invitation, replacing the address's earlier pending one. */
    async invite(
      orgId: number,
      email: string,
      tokenHash: string,
      invitedBy: number,
      at: Date,
      expiresAt: Date,
    ) {
      await db.query(
        `DELETE FROM org_invitations
          WHERE org_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL`,
        [orgId, email],
      );
      const rows = await db.query<{
        id: number;
        email: string;
        created_at: string;
        expires_at: string;
      }>(
        `INSERT INTO org_invitations (org_id, email, token_hash, invited_by, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, email, ${isoText('created_at')} AS created_at, ${isoText('expires_at')} AS expires_at`,
        [orgId, email, tokenHash, invitedBy, at, expiresAt],
      );
      return rows[0]!;
    },

    /** Pending invitations that still work. */
    async pendingInvitations(orgId: number, now: Date) {
      return db.query<{ id: number; email: string; created_at: string; expires_at: string }>(
        `SELECT id, email, ${isoText('created_at')} AS created_at, ${isoText('expires_at')} AS expires_at
           FROM org_invitations
          WHERE org_id = $1 AND accepted_at IS NULL AND expires_at > $2
          ORDER BY created_at, id`,
        [orgId, now],
      );
    },

    /** A pending invitation that still works, by its token's hash (locked when asked). */
    async liveInvitation(tokenHash: string, now: Date, lock = false) {
      const rows = await db.query<Invitation>(
        `SELECT id, org_id, email, expires_at, accepted_at FROM org_invitations
          WHERE token_hash = $1 AND accepted_at IS NULL AND expires_at > $2${lock ? ' FOR UPDATE' : ''}`,
        [tokenHash, now],
      );
      return rows[0];
    },

    async markAccepted(invitationId: number, at: Date): Promise<void> {
      await db.query('UPDATE org_invitations SET accepted_at = $2 WHERE id = $1', [
        invitationId,
        at,
      ]);
    },

    /**
     * The organizations whose only admin is `userId`, with how many other members each has
     * (before the account is deleted).
     */
    async soleAdminOf(userId: number): Promise<{ id: number; name: string; others: number }[]> {
      return db.query(
        `SELECT o.id, o.name,
                (SELECT count(*) FROM org_members x WHERE x.org_id = o.id AND x.user_id <> $1)::int
                  AS others
           FROM org_members m JOIN orgs o ON o.id = m.org_id
          WHERE m.user_id = $1 AND m.role = 'admin'
            AND NOT EXISTS (SELECT 1 FROM org_members a
                             WHERE a.org_id = o.id AND a.role = 'admin' AND a.user_id <> $1)
          ORDER BY o.id
          FOR UPDATE OF o`,
        [userId],
      );
    },

    /** Invitations addressed to `userId`'s e-mail (their account is being deleted). */
    async deleteInvitationsTo(userId: number): Promise<void> {
      await db.query(
        `DELETE FROM org_invitations
          WHERE lower(email) = (SELECT lower(email) FROM users WHERE id = $1)`,
        [userId],
      );
    },

    async deleteOrg(orgId: number): Promise<void> {
      await db.query('DELETE FROM orgs WHERE id = $1', [orgId]);
    },
  };
}

export type OrgRepository = ReturnType<typeof createOrgRepository>;
