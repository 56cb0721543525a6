// Moderation: reports from the community and the admins' actions on them. Every admin action and
// its audit entry are written in one transaction (no action without its record), and every one
// that changes what the listings show invalidates the dog list cache before it is answered, like
// any other write to dogs (dogs/service.ts).
import { MESSAGES } from '../../shared/api';
import { MODERATION_MESSAGES, type ReportInput } from '../../shared/moderation';
import type { Db, Queryable } from '../db/db';
import type { ListCache } from '../dogs/list-cache';
import { HttpError } from '../http/errors';
import { PHASH_MAX_DISTANCE, textFlagDetails, textFlags } from './flags';
import { createModerationRepository, personLabel } from './repository';

export interface Actor {
  id: number;
  name: string;
  email: string;
}

export const AUDIT_PAGE = 200;

export function createModerationService(
  db: Db,
  listCache: ListCache,
  now: () => Date,
  /** Runs in the transaction that shows a hidden listing again (alerts may tell of it). */
  onRestored: (tx: Queryable, dogId: number) => Promise<void> = async () => {},
  /** The same for a lost and found report shown again (its reporter unblocked). */
  onReportListed: (tx: Queryable, reportId: number) => Promise<void> = async () => {},
) {
  const repository = createModerationRepository(db);

  /** Runs an admin action and writes its audit entry in one transaction. */
  const act = <T>(
    fn: (repo: ReturnType<typeof createModerationRepository>, tx: Queryable) => Promise<T>,
  ) => db.transaction((tx) => fn(createModerationRepository(tx), tx));

  return {
    /** A report on a listing anyone may see, by someone other than its owner. */
    async report(dogId: number, reporterId: number, input: ReportInput): Promise<number> {
      const owner = await repository.visibleDogOwner(dogId);
      if (owner === undefined) throw new HttpError(404, MESSAGES.dogNotFound);
      if (owner === reporterId) throw new HttpError(403, MODERATION_MESSAGES.ownListing);
      const id = await repository.insertReport(dogId, reporterId, input, now());
      if (id === 'gone') throw new HttpError(404, MESSAGES.dogNotFound);
      if (id === null) throw new HttpError(409, MODERATION_MESSAGES.alreadyReported);
      return id;
    },

    /**
     * In the transaction that created or edited dog `dogId`: flags it for the admins when its
     * text asks for money or offers shipping, or when one of its photos is already published by
     * another account (moderation/flags.ts).
     */
    async flagListing(tx: Queryable, dogId: number): Promise<void> {
      const repo = createModerationRepository(tx);
      const at = now();
      const text = await repo.dogText(dogId);
      if (text === undefined) return;
      for (const flag of textFlags(text))
        await repo.flag(dogId, flag.reason, textFlagDetails(flag), at);
      const reused = await repo.reusedPhotos(dogId, PHASH_MAX_DISTANCE);
      if (reused.length > 0) {
        const where = reused
          .map((r) => `la foto ${r.position + 1} ya está en «${r.dog_name}» (perro ${r.dog_id})`)
          .join('; ');
        await repo.flag(
          dogId,
          'reused_photo',
          `Detección automática: ${where}, de otra cuenta.`,
          at,
        );
      }
    },

    openReports: () => repository.openReportGroups(),
    hiddenDogs: () => repository.hiddenDogs(),
    blockedUsers: () => repository.blockedUsers(),
    auditLog: () => repository.auditLog(AUDIT_PAGE),

    /** Hides a listing from everyone but its owner; its open reports are closed with it. */
    async hideDog(actor: Actor, dogId: number, reason: string): Promise<void> {
      await act(async (repo) => {
        const at = now();
        const result = await repo.hideDog(dogId, reason, at);
        if (!result) throw new HttpError(404, MESSAGES.dogNotFound);
        if (!result.hidden) throw new HttpError(409, MODERATION_MESSAGES.alreadyHidden);
        await repo.resolveReportsOf(dogId, at);
        await repo.audit({
          actorId: actor.id,
          actorLabel: personLabel(actor),
          action: 'dog_hide',
          targetType: 'dog',
          targetId: dogId,
          targetLabel: result.name,
          reason,
          at,
        });
      });
      listCache.invalidate();
    },

    async restoreDog(actor: Actor, dogId: number): Promise<void> {
      await act(async (repo, tx) => {
        const result = await repo.restoreDog(dogId);
        if (!result) throw new HttpError(404, MESSAGES.dogNotFound);
        if (!result.restored) throw new HttpError(409, MODERATION_MESSAGES.notHidden);
        await onRestored(tx, dogId);
        await repo.audit({
          actorId: actor.id,
          actorLabel: personLabel(actor),
          action: 'dog_restore',
          targetType: 'dog',
          targetId: dogId,
          targetLabel: result.name,
          reason: '',
          at: now(),
        });
      });
      listCache.invalidate();
    },

    /**
     * Blocks an account: it cannot log in, its sessions end on every process at once (the
     * deletion and the block both move the session stamp, and sessions of blocked accounts are
     * never found), and its listings are hidden.
     */
    async blockUser(actor: Actor, userId: number, reason: string): Promise<void> {
      if (userId === actor.id) throw new HttpError(400, MODERATION_MESSAGES.blockSelf);
      await act(async (repo) => {
        const user = await repo.findUser(userId);
        if (!user) throw new HttpError(404, MODERATION_MESSAGES.userNotFound);
        const at = now();
        if (!(await repo.setBlocked(userId, { reason, at })))
          throw new HttpError(409, MODERATION_MESSAGES.alreadyBlocked);
        await repo.endSessionsOf(userId);
        await repo.audit({
          actorId: actor.id,
          actorLabel: personLabel(actor),
          action: 'user_block',
          targetType: 'user',
          targetId: userId,
          targetLabel: personLabel(user),
          reason,
          at,
        });
      });
      listCache.invalidate();
    },

    async unblockUser(actor: Actor, userId: number): Promise<void> {
      await act(async (repo, tx) => {
        const user = await repo.findUser(userId);
        if (!user) throw new HttpError(404, MODERATION_MESSAGES.userNotFound);
        if (!(await repo.setBlocked(userId, null)))
          throw new HttpError(409, MODERATION_MESSAGES.notBlocked);
        // The account's listings and reports are shown again, as a restored listing is.
        for (const dogId of await repo.availableDogsOf(userId)) await onRestored(tx, dogId);
        for (const reportId of await repo.listedReportsOf(userId, now()))
          await onReportListed(tx, reportId);
        await repo.audit({
          actorId: actor.id,
          actorLabel: personLabel(actor),
          action: 'user_unblock',
          targetType: 'user',
          targetId: userId,
          targetLabel: personLabel(user),
          reason: '',
          at: now(),
        });
      });
      listCache.invalidate();
    },

    async dismissReport(actor: Actor, reportId: number, reason: string): Promise<void> {
      await act(async (repo) => {
        const at = now();
        const result = await repo.dismissReport(reportId, at);
        if (!result) throw new HttpError(404, MODERATION_MESSAGES.reportNotFound);
        await repo.audit({
          actorId: actor.id,
          actorLabel: personLabel(actor),
          action: 'report_dismiss',
          targetType: 'report',
          targetId: reportId,
          targetLabel: result.dogName,
          reason,
          at,
        });
      });
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
