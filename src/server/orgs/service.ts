// Organizations: created by a logged-in person (who becomes its admin), a public page, members
// invited by e-mail (the link is accepted while logged in with the invited address; only its
// hash is stored), roles, leaving and removal, and verification by the site's admins. An
// organization never loses its last admin while it has other members.
import { createHash, randomBytes } from 'node:crypto';
import { RESPONSE_TIME_DAYS, RESPONSE_TIME_MIN_REQUESTS } from '../../shared/interest';
import {
  invitationPath,
  ORG_INVITATION_TTL_DAYS,
  ORG_MESSAGES,
  RESERVED_ORG_SLUGS,
  slugify,
  type InvitationPreview,
  type MyOrg,
  type Org,
  type OrgInput,
  type OrgMembersResponse,
  type OrgRole,
  type OrgStats,
  type OrgUpdate,
} from '../../shared/org';
import type { Db, Queryable } from '../db/db';
import type { ListCache } from '../dogs/list-cache';
import { HttpError } from '../http/errors';
import { orgInvitationMail } from '../mail/messages';
import type { MailQueue } from '../mail/queue';
import { createModerationRepository, personLabel } from '../moderation/repository';
import { createOrgRepository } from './repository';

export interface OrgServiceDeps {
  db: Db;
  mail: MailQueue;
  listCache: ListCache;
  publicUrl: string;
  contact: string;
  now: () => Date;
  /** The active adoptions of the organization's dogs, and how many have no check-in overdue. */
  followUpStanding: (orgId: number) => Promise<{ active: number; up_to_date: number }>;
}

interface Person {
  id: number;
  name: string;
  email: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
/** Tries at most this many suffixes (-2, -3, …) for a name whose address is taken. */
const SLUG_ATTEMPTS = 50;

export function createOrgService({
  db,
  mail,
  listCache,
  publicUrl,
  contact,
  now,
  followUpStanding,
}: OrgServiceDeps) {
  const repository = createOrgRepository(db);

  /** The member's role, or 403 (404 when there is no such organization). */
  async function requireRole(
    q: Queryable,
    orgId: number,
    userId: number,
    needed: OrgRole,
  ): Promise<OrgRole> {
    const repo = createOrgRepository(q);
    const role = await repo.roleOf(orgId, userId);
    if (!role) {
      if (!(await repo.byId(orgId))) throw new HttpError(404, ORG_MESSAGES.notFound);
      throw new HttpError(403, ORG_MESSAGES.notMember);
    }
    if (needed === 'admin' && role !== 'admin') throw new HttpError(403, ORG_MESSAGES.notAdmin);
    return role;
  }

  return {
    /** A new organization under a free address made from its name; its creator is its admin. */
    async create(user: Person, input: OrgInput): Promise<Org> {
      const base = slugify(input.name);
      const org = await db.transaction(async (tx) => {
        const repo = createOrgRepository(tx);
        const at = now();
        for (let n = 1; n <= SLUG_ATTEMPTS; n++) {
          const slug = n === 1 ? base : `${base}-${n}`;
          if ((RESERVED_ORG_SLUGS as readonly string[]).includes(slug)) continue;
          const created = await repo.insert(input, slug, at);
          if (!created) continue;
          await repo.addMember(created.id, user.id, 'admin', at);
          return created;
        }
        throw new HttpError(409, 'Ya hay demasiadas organizaciones con ese nombre. Elige otro.');
      });
      return org;
    },

    list: () => repository.list(),
    waiting: () => repository.waiting(),
    /** Every organization's public page, verified or not, for the sitemap. */
    sitemapEntries: (limit: number) => repository.sitemapEntries(limit),
    mine: (userId: number): Promise<MyOrg[]> => repository.ofUser(userId),

    /** The public page's organization and figures (404 when missing). */
    async page(slug: string): Promise<{ org: Org; stats: OrgStats }> {
      const org = await repository.bySlug(slug);
      if (!org) throw new HttpError(404, ORG_MESSAGES.notFound);
      const at = now();
      const since = new Date(at.getTime() - RESPONSE_TIME_DAYS * DAY_MS);
      const [counts, response, followUps] = await Promise.all([
        repository.stats(org.id),
        repository.responseTime(org.id, since, at),
        followUpStanding(org.id),
      ]);
      return {
        org,
        stats: {
          ...counts,
          median_response_minutes:
            response.requests >= RESPONSE_TIME_MIN_REQUESTS && response.median_seconds !== null
              ? Math.round(response.median_seconds / 60)
              : null,
          active_adoptions: followUps.active,
          follow_ups_up_to_date: followUps.up_to_date,
          follow_ups_up_to_date_percent:
            followUps.active > 0
              ? Math.floor((100 * followUps.up_to_date) / followUps.active)
              : null,
        },
      };
    },

    async bySlug(slug: string): Promise<Org> {
      const org = await repository.bySlug(slug);
      if (!org) throw new HttpError(404, ORG_MESSAGES.notFound);
      return org;
    },

    /** The organization's admins change its public data. */
    async update(orgId: number, userId: number, input: OrgUpdate): Promise<Org> {
      const org = await db.transaction(async (tx) => {
        await requireRole(tx, orgId, userId, 'admin');
        return (await createOrgRepository(tx).update(orgId, input, now()))!;
      });
      listCache.invalidate();
      return org;
    },

    /** Members see each other (with e-mails); admins also see pending invitations. */
    async members(orgId: number, userId: number): Promise<OrgMembersResponse> {
      const role = await requireRole(db, orgId, userId, 'member');
      return {
        members: await repository.members(orgId),
        invitations: role === 'admin' ? await repository.pendingInvitations(orgId, now()) : [],
      };
    },

    /**
     * An admin invites an address: an e-mail with a single-use link (stored as its hash), queued
     * in the same transaction. 409 when that address already belongs to a member.
     */
    async invite(orgId: number, actor: Person, address: string) {
      // Addresses are compared without case everywhere; the invitation keeps the lowercase form.
      const email = address.toLowerCase();
      return db.transaction(async (tx) => {
        await requireRole(tx, orgId, actor.id, 'admin');
        const repo = createOrgRepository(tx);
        if (await repo.hasMemberWithEmail(orgId, email))
          throw new HttpError(409, ORG_MESSAGES.alreadyMember);
        const org = (await repo.byId(orgId))!;
        const token = randomBytes(32).toString('base64url');
        const at = now();
        const invitation = await repo.invite(
          orgId,
          email,
          sha256(token),
          actor.id,
          at,
          new Date(at.getTime() + ORG_INVITATION_TTL_DAYS * DAY_MS),
        );
        await mail.enqueue(
          tx,
          'org-invitation',
          orgInvitationMail(
            email,
            { orgName: org.name, inviterName: actor.name, days: ORG_INVITATION_TTL_DAYS },
            `${publicUrl}${invitationPath(token)}`,
            contact,
          ),
        );
        return invitation;
      });
    },

    /** What an invitation link is for, while it works (404 otherwise). */
    async previewInvitation(token: string): Promise<InvitationPreview> {
      const invitation = await repository.liveInvitation(sha256(token), now());
      if (!invitation) throw new HttpError(404, ORG_MESSAGES.invitationInvalid);
      const org = (await repository.byId(invitation.org_id))!;
      return { org: { name: org.name, slug: org.slug, kind: org.kind }, email: invitation.email };
    },

    /**
     * The logged-in person accepts: only with the invited address (403 otherwise); the link dies.
     */
    async accept(token: string, user: Person): Promise<Org> {
      return db.transaction(async (tx) => {
        const repo = createOrgRepository(tx);
        const at = now();
        const invitation = await repo.liveInvitation(sha256(token), at, true);
        if (!invitation) throw new HttpError(404, ORG_MESSAGES.invitationInvalid);
        if (invitation.email.toLowerCase() !== user.email.toLowerCase())
          throw new HttpError(403, ORG_MESSAGES.invitationOtherEmail);
        await repo.addMember(invitation.org_id, user.id, 'member', at);
        await repo.markAccepted(invitation.id, at);
        return (await repo.byId(invitation.org_id))!;
      });
    },

    /** An admin makes a member an admin or a member again (never leaving no admin: 409). */
    async setRole(orgId: number, actorId: number, userId: number, role: OrgRole) {
      return db.transaction(async (tx) => {
        await requireRole(tx, orgId, actorId, 'admin');
        const repo = createOrgRepository(tx);
        const current = await repo.roleOf(orgId, userId, true);
        if (!current) throw new HttpError(404, ORG_MESSAGES.memberNotFound);
        if (current === 'admin' && role === 'member' && (await repo.adminCount(orgId)) <= 1)
          throw new HttpError(409, ORG_MESSAGES.lastAdmin);
        await repo.setRole(orgId, userId, role);
        return (await repo.members(orgId)).find((m) => m.user_id === userId)!;
      });
    },

    /**
     * A member leaves (userId is the actor) or an admin removes someone; the last admin cannot
     * go (409). The dogs they published for the organization stay with it.
     */
    async removeMember(orgId: number, actorId: number, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await requireRole(tx, orgId, actorId, actorId === userId ? 'member' : 'admin');
        const repo = createOrgRepository(tx);
        const role = await repo.roleOf(orgId, userId, true);
        if (!role) throw new HttpError(404, ORG_MESSAGES.memberNotFound);
        if (role === 'admin' && (await repo.adminCount(orgId)) <= 1)
          throw new HttpError(409, ORG_MESSAGES.lastAdmin);
        await repo.removeMember(orgId, userId);
      });
    },

    /** A site admin verifies an organization, or undoes it; audited in the same transaction. */
    async setVerified(actor: Person, orgId: number, verified: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        const at = now();
        const result = await createOrgRepository(tx).setVerified(orgId, verified ? at : null);
        if (!result) throw new HttpError(404, ORG_MESSAGES.notFound);
        if (!result.changed)
          throw new HttpError(
            409,
            verified ? ORG_MESSAGES.alreadyVerified : ORG_MESSAGES.notVerified,
          );
        await createModerationRepository(tx).audit({
          actorId: actor.id,
          actorLabel: personLabel(actor),
          action: verified ? 'org_verify' : 'org_unverify',
          targetType: 'org',
          targetId: orgId,
          targetLabel: result.name,
          reason: '',
          at,
        });
      });
      // Dogs show their organization's badge.
      listCache.invalidate();
    },

    /**
     * In the transaction that deletes `userId`'s account: an organization they alone administer
     * must be handed over first when it has other members (409); one they are the only member of
     * goes with the account.
     */
    async beforeAccountRemoved(tx: Queryable, userId: number): Promise<void> {
      const repo = createOrgRepository(tx);
      for (const org of await repo.soleAdminOf(userId)) {
        if (org.others > 0) throw new HttpError(409, ORG_MESSAGES.deleteLastAdmin(org.name));
        await repo.deleteOrg(org.id);
      }
      await repo.deleteInvitationsTo(userId);
    },
  };
}

export type OrgService = ReturnType<typeof createOrgService>;
