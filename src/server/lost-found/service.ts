// Lost and found ("Perdidos y encontrados"): logged-in people report a lost or found dog with a
// zone, never an address; anyone reads the open reports and each one's likely matches of the other
// kind; a logged-in visitor writes to a reporter through the site (the reporter's e-mail and phone
// never leave the server). Reports close as reunited or closed, or expire 60 days after they were
// published or renewed; a week before, a job e-mails the reporter an offer to renew. Every e-mail
// is a job stored in the transaction of the change that causes it.
import {
  bogotaToday,
  formatCalendarDate,
  LOST_FOUND_DATE_MAX_AGE_DAYS,
  LOST_FOUND_MESSAGES,
  LOST_FOUND_RENEW_NOTICE_DAYS,
  LOST_FOUND_TTL_DAYS,
  lostFoundHeadline,
  type LostFoundContactInput,
  type LostFoundFilters,
  type LostFoundInput,
  type LostFoundMatch,
  type LostFoundPatch,
  type LostFoundReport,
} from '../../shared/lost-found';
import type { ReportInput } from '../../shared/moderation';
import { sameOrBorderingZones, zoneById } from '../../shared/zones';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../http/errors';
import type { JobEngine } from '../jobs/engine';
import { lostFoundContactMail, lostFoundRenewalMail } from '../mail/messages';
import type { MailQueue } from '../mail/queue';
import { createModerationRepository, personLabel } from '../moderation/repository';
import { drawShareImage } from './share-image';
import {
  createLostFoundRepository,
  TEXT_SIMILAR,
  type MatchRow,
  type ReportFields,
  type ReportRow,
} from './repository';

export const RENEWAL_QUEUE = 'lost-found-renewal';
export const EXPIRY_QUEUE = 'lost-found-expiry';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RenewalJobData {
  reportId: number;
  /** The expiry the reminder is about: a renewal since then makes this job do nothing. */
  expiresAt: string;
}

export interface LostFoundServiceDeps {
  db: Db;
  mail: MailQueue;
  jobs: JobEngine;
  publicUrl: string;
  contact: string;
  now: () => Date;
  /** A stored photo file by its hash (photos/service.ts), for the share image. */
  mediaFile: (hash: string) => Promise<{ bytes: Buffer } | undefined>;
}

/** Share images kept in memory, the least recently used dropped first. */
const SHARE_IMAGES_KEPT = 64;

/** Work for a report that anyone may see from now on, run in the transaction of that change. */
export type ListedListener = (tx: Queryable, reportId: number) => Promise<void>;

export interface Viewer {
  id: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** "misma zona, mismo color": why a report may be the same dog, best reasons first. */
export function matchReasons(row: MatchRow, colorsOfReport: readonly string[]): string[] {
  const reasons = [row.same_zone ? 'misma zona' : 'zona vecina'];
  if (row.same_sex) reasons.push('mismo sexo');
  if (row.same_size) reasons.push('mismo tamaño');
  if (row.shared_colors > 0) {
    const same =
      row.shared_colors === colorsOfReport.length && row.shared_colors === row.colors.length;
    reasons.push(
      same ? (row.colors.length === 1 ? 'mismo color' : 'mismos colores') : 'color en común',
    );
  }
  if (row.days_apart <= 3) reasons.push('fechas cercanas');
  if (row.text_similarity >= TEXT_SIMILAR) reasons.push('descripción parecida');
  return reasons;
}

export function createLostFoundService({
  db,
  mail,
  jobs,
  publicUrl,
  contact,
  now,
  mediaFile,
}: LostFoundServiceDeps) {
  const repository = createLostFoundRepository(db);
  const listedListeners: ListedListener[] = [];
  const becameListed = async (tx: Queryable, reportId: number) => {
    for (const listener of listedListeners) await listener(tx, reportId);
  };
  const shareImages = new Map<string, Buffer>();
  const linkTo = (id: number) => `${publicUrl}/perdidos/${id}`;

  const present = (row: ReportRow, viewer: Viewer | null, at: Date): LostFoundReport => {
    const mine = viewer?.id === row.reporter_id;
    const status =
      row.status === 'open' && new Date(row.expires_at).getTime() <= at.getTime()
        ? 'expired'
        : row.status;
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      sex: row.sex,
      size: row.size,
      colors: row.colors,
      description: row.description,
      date: row.date,
      zone: row.zone,
      zone_name: zoneById(row.zone).name,
      photos: row.photos,
      status,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      expires_at: iso(row.expires_at),
      mine,
      ...(mine && row.hidden_at ? { hidden_reason: row.hidden_reason } : {}),
    };
  };

  /** The report when `viewer` may see it: anyone unless hidden or blocked, its reporter always. */
  const visible = async (id: number, viewer: Viewer | null): Promise<ReportRow> => {
    const row = await repository.find(id);
    if (!row) throw new HttpError(404, LOST_FOUND_MESSAGES.notFound);
    const mine = viewer?.id === row.reporter_id;
    if (!mine && (row.hidden_at || row.reporter_blocked))
      throw new HttpError(404, LOST_FOUND_MESSAGES.notFound);
    return row;
  };

  const checkDate = (date: string) => {
    const today = bogotaToday(now());
    if (date > today) throw new HttpError(400, LOST_FOUND_MESSAGES.futureDate);
    const oldest = bogotaToday(new Date(now().getTime() - LOST_FOUND_DATE_MAX_AGE_DAYS * DAY_MS));
    if (date < oldest) throw new HttpError(400, LOST_FOUND_MESSAGES.oldDate);
  };

  /** Stores, inside `tx`, the job that offers a renewal a week before `expiresAt`. */
  const scheduleRenewal = (tx: Queryable, reportId: number, expiresAt: Date) =>
    jobs.sendIn<RenewalJobData>(
      tx,
      RENEWAL_QUEUE,
      { reportId, expiresAt: expiresAt.toISOString() },
      {
        startAfter: new Date(expiresAt.getTime() - LOST_FOUND_RENEW_NOTICE_DAYS * DAY_MS),
        retryLimit: 5,
        retryDelay: 300,
        expireInSeconds: 300,
      },
    );

  /** Stores, inside `tx`, the job that marks the report expired at `expiresAt`. */
  const scheduleExpiry = (tx: Queryable, reportId: number, expiresAt: Date) =>
    jobs.sendIn<RenewalJobData>(
      tx,
      EXPIRY_QUEUE,
      { reportId, expiresAt: expiresAt.toISOString() },
      { startAfter: expiresAt, retryLimit: 5, retryDelay: 300, expireInSeconds: 300 },
    );

  return {
    /**
     * Registers work for a report that anyone may see from now on: published, renewed once
     * expired, or shown again by moderation. `listener` runs in the transaction of that change.
     */
    onListed(listener: ListedListener): void {
      listedListeners.push(listener);
    },
    /** Runs the listeners of a report listed again by a change made elsewhere (an unblock). */
    becameListed,

    async create(reporter: Viewer, input: LostFoundInput): Promise<LostFoundReport> {
      checkDate(input.date);
      const at = now();
      const expiresAt = new Date(at.getTime() + LOST_FOUND_TTL_DAYS * DAY_MS);
      const id = await db.transaction(async (tx) => {
        const repo = createLostFoundRepository(tx);
        const id = await repo.insert(
          reporter.id,
          input.kind,
          {
            name: input.name,
            sex: input.sex,
            size: input.size,
            colors: input.colors,
            description: input.description,
            date: input.date,
            zone: input.zone,
          },
          at,
          expiresAt,
        );
        await repo.attachPhotos(id, reporter.id, input.photo_ids);
        await scheduleRenewal(tx, id, expiresAt);
        await scheduleExpiry(tx, id, expiresAt);
        await becameListed(tx, id);
        return id;
      });
      return present((await repository.find(id))!, reporter, now());
    },

    async get(id: number, viewer: Viewer | null): Promise<LostFoundReport> {
      return present(await visible(id, viewer), viewer, now());
    },

    async list(filters: LostFoundFilters, viewer: Viewer | null): Promise<LostFoundReport[]> {
      const at = now();
      return (await repository.list(filters, at)).map((row) => present(row, viewer, at));
    },

    /** The reporter closes (reunited, closed), renews, or edits their report. */
    async patch(id: number, viewer: Viewer, patch: LostFoundPatch): Promise<LostFoundReport> {
      const row = await visible(id, viewer);
      if (row.reporter_id !== viewer.id) throw new HttpError(403, LOST_FOUND_MESSAGES.notReporter);
      const { status, renew, photo_ids, ...fields } = patch;
      const changes = Object.values(fields).some((v) => v !== undefined);
      if (!status && !renew && !changes && photo_ids === undefined)
        throw new HttpError(400, LOST_FOUND_MESSAGES.nothingToChange);
      // An expired report may still be renewed, edited or closed.
      if (row.status !== 'open' && row.status !== 'expired')
        throw new HttpError(409, LOST_FOUND_MESSAGES.notOpen);
      if (fields.date !== undefined) checkDate(fields.date);
      await db.transaction(async (tx) => {
        const repo = createLostFoundRepository(tx);
        const at = now();
        if (changes) {
          const merged: ReportFields = {
            name: fields.name ?? row.name,
            sex: fields.sex === undefined ? row.sex : fields.sex,
            size: fields.size ?? row.size,
            colors: fields.colors ?? row.colors,
            description: fields.description ?? row.description,
            date: fields.date ?? row.date,
            zone: fields.zone ?? row.zone,
          };
          await repo.update(id, merged, at);
        }
        if (photo_ids !== undefined) await repo.attachPhotos(id, viewer.id, photo_ids);
        if (renew) {
          const expiresAt = new Date(at.getTime() + LOST_FOUND_TTL_DAYS * DAY_MS);
          await repo.renew(id, expiresAt, at);
          await scheduleRenewal(tx, id, expiresAt);
          await scheduleExpiry(tx, id, expiresAt);
          // Back on the list after it expired: new alerts may match it (old ones told of it once).
          if (present(row, viewer, at).status === 'expired') await becameListed(tx, id);
        }
        if (status) await repo.setStatus(id, status, at);
      });
      return present((await repository.find(id))!, viewer, now());
    },

    /** Likely matches of the other kind, best first; none once the report is no longer open. */
    async matches(id: number, viewer: Viewer | null): Promise<LostFoundMatch[]> {
      const row = await visible(id, viewer);
      const at = now();
      if (present(row, viewer, at).status !== 'open') return [];
      const rows = await repository.matches(row, sameOrBorderingZones(row.zone), at);
      return rows.map((match) => {
        const reasons = matchReasons(match, row.colors);
        return {
          ...present(match, viewer, at),
          score: Math.round(match.score * 100) / 100,
          reasons,
          reason: reasons.join(', '),
        };
      });
    },

    /**
     * A logged-in visitor writes to the reporter of an open report: e-mailed with the sender's
     * name, and their address only when they share it. Nothing of the reporter is answered.
     */
    async contact(
      id: number,
      sender: { id: number; name: string; email: string },
      input: LostFoundContactInput,
    ): Promise<void> {
      const row = await visible(id, sender);
      if (row.reporter_id === sender.id) throw new HttpError(403, LOST_FOUND_MESSAGES.ownReport);
      const at = now();
      if (present(row, sender, at).status !== 'open')
        throw new HttpError(409, LOST_FOUND_MESSAGES.notOpen);
      const reporter = await repository.reporterContact(id);
      if (!reporter) throw new HttpError(404, LOST_FOUND_MESSAGES.notFound);
      const headline = lostFoundHeadline({ ...row, zone_name: zoneById(row.zone).name });
      await db.transaction(async (tx) => {
        await createLostFoundRepository(tx).insertContact(id, sender.id, input.share_email, at);
        await mail.enqueue(
          tx,
          'lost-found-contact',
          lostFoundContactMail(
            reporter,
            {
              senderName: sender.name,
              senderEmail: input.share_email ? sender.email : null,
              headline,
              message: input.message,
            },
            linkTo(id),
            contact,
          ),
        );
      });
    },

    /** "Reportar": a complaint about a report anyone may see, by someone other than its reporter. */
    async flag(id: number, viewer: Viewer, input: ReportInput): Promise<number> {
      const row = await visible(id, null);
      if (row.reporter_id === viewer.id) throw new HttpError(403, LOST_FOUND_MESSAGES.ownListing);
      const flagId = await repository.insertFlag(id, viewer.id, input, now());
      if (flagId === 'gone') throw new HttpError(404, LOST_FOUND_MESSAGES.notFound);
      if (flagId === null) throw new HttpError(409, LOST_FOUND_MESSAGES.alreadyReported);
      return flagId;
    },

    async openFlags() {
      const rows = await repository.openFlags();
      const groups = new Map<
        number,
        {
          report: {
            id: number;
            kind: 'lost' | 'found';
            name: string;
            zone_name: string;
            hidden: boolean;
          };
          reporter: { id: number; name: string; email: string };
          count: number;
          flags: {
            id: number;
            reason: string;
            details: string;
            created_at: string;
            by: { id: number; name: string; email: string };
          }[];
        }
      >();
      for (const r of rows) {
        let group = groups.get(r.report_id);
        if (!group) {
          group = {
            report: {
              id: r.report_id,
              kind: r.report_kind,
              name: r.report_name,
              zone_name: zoneById(r.report_zone).name,
              hidden: r.report_hidden,
            },
            reporter: { id: r.reporter_id, name: r.reporter_name, email: r.reporter_email },
            count: 0,
            flags: [],
          };
          groups.set(r.report_id, group);
        }
        group.count += 1;
        group.flags.push({
          id: r.flag_id,
          reason: r.reason,
          details: r.details,
          created_at: iso(r.created_at),
          by: { id: r.flagger_id, name: r.flagger_name, email: r.flagger_email },
        });
      }
      return [...groups.values()].sort((a, b) => b.count - a.count);
    },

    /** An admin hides a report from everyone but its reporter; its open complaints close. */
    async hide(actor: { id: number; name: string; email: string }, id: number, reason: string) {
      await db.transaction(async (tx) => {
        const at = now();
        const repo = createLostFoundRepository(tx);
        const row = await repo.find(id);
        const hidden = row && (await repo.hide(id, reason, at));
        if (!row || hidden === undefined) throw new HttpError(404, LOST_FOUND_MESSAGES.notFound);
        if (!hidden) throw new HttpError(409, LOST_FOUND_MESSAGES.alreadyHidden);
        await createModerationRepository(tx).audit({
          actorId: actor.id,
          actorLabel: personLabel(actor),
          action: 'lost_found_hide',
          targetType: 'lost_found',
          targetId: id,
          targetLabel: lostFoundHeadline({ ...row, zone_name: zoneById(row.zone).name }),
          reason,
          at,
        });
      });
    },

    async restore(actor: { id: number; name: string; email: string }, id: number) {
      await db.transaction(async (tx) => {
        const repo = createLostFoundRepository(tx);
        const row = await repo.find(id);
        const restored = row && (await repo.restore(id));
        if (!row || restored === undefined) throw new HttpError(404, LOST_FOUND_MESSAGES.notFound);
        if (!restored) throw new HttpError(409, LOST_FOUND_MESSAGES.notHidden);
        await becameListed(tx, id);
        await createModerationRepository(tx).audit({
          actorId: actor.id,
          actorLabel: personLabel(actor),
          action: 'lost_found_restore',
          targetType: 'lost_found',
          targetId: id,
          targetLabel: lostFoundHeadline({ ...row, zone_name: zoneById(row.zone).name }),
          reason: '',
          at: now(),
        });
      });
    },

    /**
     * The renewal job's work: e-mails the reporter when the report is still open, shown, and
     * still expires when the job was made for (a renewal since then scheduled its own job).
     * Whether it sent one.
     */
    async remindRenewal(data: RenewalJobData): Promise<boolean> {
      return db.transaction(async (tx) => {
        const repo = createLostFoundRepository(tx);
        const row = await repo.find(data.reportId);
        if (!row || row.status !== 'open' || row.hidden_at || row.reporter_blocked) return false;
        if (iso(row.expires_at) !== data.expiresAt) return false;
        const reporter = await repo.reporterContact(row.id);
        if (!reporter) return false;
        const expiresOn = formatCalendarDate(bogotaToday(new Date(row.expires_at)));
        await mail.enqueue(
          tx,
          'lost-found-renewal',
          lostFoundRenewalMail(
            reporter,
            {
              headline: lostFoundHeadline({ ...row, zone_name: zoneById(row.zone).name }),
              expiresOn,
            },
            linkTo(row.id),
            contact,
          ),
        );
        return true;
      });
    },

    /**
     * The report's 1200×630 preview picture (share-image.ts), for anyone who may see the report;
     * drawn once per version of the report.
     */
    async shareImage(id: number): Promise<Buffer> {
      const row = await visible(id, null);
      const key = `${row.id}:${iso(row.updated_at)}`;
      const kept = shareImages.get(key);
      if (kept) {
        shareImages.delete(key);
        shareImages.set(key, kept);
        return kept;
      }
      const hash = /\/media\/([0-9a-f]{64})\.jpg$/.exec(row.photos[0]?.url ?? '')?.[1];
      const photo = hash ? ((await mediaFile(hash))?.bytes ?? null) : null;
      const jpeg = await drawShareImage({ ...row, zone_name: zoneById(row.zone).name }, photo);
      shareImages.set(key, jpeg);
      for (const old of shareImages.keys()) {
        if (shareImages.size <= SHARE_IMAGES_KEPT) break;
        shareImages.delete(old);
      }
      return jpeg;
    },

    /**
     * The expiry job's work: the report leaves the list's indexes once its 60 days are over,
     * unless it was renewed (or closed) since the job was made. Whether it expired it.
     */
    expire(data: RenewalJobData): Promise<boolean> {
      return repository.expire(data.reportId, new Date(data.expiresAt));
    },

    /** Open reports for the sitemap. */
    sitemapEntries: (limit: number) => repository.sitemapEntries(now(), limit),
  };
}

export type LostFoundService = ReturnType<typeof createLostFoundService>;
