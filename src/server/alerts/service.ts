// Saved searches ("Avísame"): a person saves the catalogue's filters, or the lost and found
// list's, as an alert, instant or daily; when a dog is published, re-opened (back to available)
// or shown again by moderation, or a lost and found report is published, renewed once expired or
// shown again, a job matches it against every saved alert of its scope in the database
// (alerts/repository.ts) and records each match once. Instant alerts are told of by the same job,
// one e-mail per person for the whole batch of dogs (and one for the reports) it matched; daily
// ones by a digest job at 8:00 America/Bogota. Every e-mail carries its own one-click
// unsubscribe token, stored hashed, that deletes the alerts it is about.
import { createHash, randomBytes } from 'node:crypto';
import type PgBoss from 'pg-boss';
import {
  ALERT_MESSAGES,
  ALERT_UNSUBSCRIBE_PATH,
  ALERTS_MAX,
  describeAlertFilters,
  hasAlertFilters,
  hasLostFoundAlertFilters,
  type Alert,
  type AlertFilters,
  type AlertInput,
  type AlertUnsubscribeResponse,
  type LostFoundAlertFilters,
} from '../../shared/alerts';
import type { DogSex, DogSize } from '../../shared/dog';
import { formatCalendarDate } from '../../shared/lost-found-labels';
import { describeLostFoundAlertFilters } from '../../shared/lost-found-alert-words';
import { zoneById } from '../../shared/zone-list';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../http/errors';
import type { JobEngine, JobLog, QueueDefinition } from '../jobs/engine';
import {
  alertMail,
  lostFoundAlertMail,
  type AlertMailDog,
  type AlertMailReport,
} from '../mail/messages';
import type { MailQueue } from '../mail/queue';
import {
  createAlertRepository,
  type AlertRow,
  type ClaimedMatch,
  type ClaimedReportMatch,
} from './repository';

export const ALERT_MATCH_QUEUE = 'alert-match';
export const ALERT_DIGEST_QUEUE = 'alert-digest';
/** The daily digest: 8:00 every day, America/Bogota (the engine's time zone for schedules). */
export const ALERT_DIGEST_CRON = '0 8 * * *';
/** A match job: a dog that became available, or a lost and found report that became listed. */
export type AlertMatchJob = { dogId: number } | { reportId: number };
/** Dogs (or reports) matched together: one e-mail per person for all of them. */
const MATCH_BATCH = 50;
/** People told of in one transaction of the digest. */
const DIGEST_CHUNK = 200;
const MATCH_EXPIRE_S = 600;
/**
 * Unsubscribe tokens older than this are deleted, except each alert's newest: every e-mail makes
 * one, and an alert told of often would otherwise keep piling them up.
 */
const ALERT_TOKEN_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export interface AlertServiceDeps {
  db: Db;
  mail: MailQueue;
  engine: JobEngine;
  log: JobLog;
  /** The site's address for links in e-mails (config.publicUrl). */
  publicUrl: string;
  contact: string;
  now: () => Date;
}

export function hashAlertToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function filtersOf(row: {
  q: string | null;
  city: string | null;
  size: AlertRow['size'];
  sex: AlertRow['sex'];
  age: AlertRow['age'];
}): AlertFilters {
  const filters: AlertFilters = {};
  if (row.q) filters.q = row.q;
  if (row.city) filters.city = row.city;
  if (row.size) filters.size = row.size;
  if (row.sex) filters.sex = row.sex;
  if (row.age) filters.age = row.age;
  return filters;
}

function lostFoundFiltersOf(row: {
  q: string | null;
  kind: AlertRow['kind'];
  zone: AlertRow['zone'];
  size: AlertRow['size'];
  sex: AlertRow['sex'];
}): LostFoundAlertFilters {
  const filters: LostFoundAlertFilters = {};
  if (row.kind) filters.kind = row.kind;
  if (row.zone) filters.zone = row.zone;
  if (row.size) filters.size = row.size;
  if (row.sex) filters.sex = row.sex;
  if (row.q) filters.q = row.q;
  return filters;
}

export function toAlert(row: AlertRow): Alert {
  const base = {
    id: row.id,
    frequency: row.frequency,
    paused: row.paused,
    created_at: row.created_at,
  };
  if (row.scope === 'lost_found') {
    const filters = lostFoundFiltersOf(row);
    return {
      ...base,
      scope: row.scope,
      filters,
      description: describeLostFoundAlertFilters(filters),
    };
  }
  const filters = filtersOf(row);
  return { ...base, scope: row.scope, filters, description: describeAlertFilters(filters) };
}

const SEX: Record<DogSex, string> = { male: 'Macho', female: 'Hembra' };
const SIZE: Record<DogSize, string> = { small: 'Pequeño', medium: 'Mediano', large: 'Grande' };

/** "Hembra · Pequeño · 3 meses", as the catalogue's cards say it. */
function dogDetails(match: ClaimedMatch): string {
  const parts: string[] = [];
  if (match.dog_sex) parts.push(SEX[match.dog_sex]);
  if (match.dog_size) parts.push(SIZE[match.dog_size]);
  const months = match.dog_age_months;
  if (months !== null) {
    const years = Math.floor(months / 12);
    parts.push(
      months < 12
        ? months === 1
          ? '1 mes'
          : `${months} meses`
        : years === 1
          ? '1 año'
          : `${years} años`,
    );
  }
  return parts.join(' · ');
}

export function createAlertService({
  db,
  mail,
  engine,
  log,
  publicUrl,
  contact,
  now,
}: AlertServiceDeps) {
  const repository = createAlertRepository(db);
  const absolute = (url: string) =>
    url === '' ? '' : /^https?:\/\//i.test(url) ? url : `${publicUrl}${url}`;

  /** Stores a fresh unsubscribe token for `alertIds`; the e-mail's links to use it. */
  async function unsubscribeLinks(tx: Queryable, alertIds: number[], at: Date) {
    const token = randomBytes(24).toString('base64url');
    await createAlertRepository(tx).addToken(hashAlertToken(token), alertIds, at);
    return {
      unsubscribePage: `${publicUrl}${ALERT_UNSUBSCRIBE_PATH}#${token}`,
      unsubscribeUrl: `${publicUrl}/api/alerts/unsubscribe/${token}`,
      accountLink: `${publicUrl}/cuenta#alertas`,
    };
  }

  /**
   * Claims `userIds`' pending matches of `frequency` and queues one e-mail per person with all
   * their dogs, each with a fresh unsubscribe token for the alerts it tells of, inside `tx`.
   */
  async function tellDogs(
    tx: Queryable,
    userIds: number[],
    frequency: 'instant' | 'daily',
  ): Promise<number> {
    if (userIds.length === 0) return 0;
    const repo = createAlertRepository(tx);
    const at = now();
    const claimed = await repo.claim(userIds, frequency, at);
    const byUser = new Map<number, ClaimedMatch[]>();
    for (const match of claimed)
      byUser.set(match.user_id, [...(byUser.get(match.user_id) ?? []), match]);
    for (const matches of byUser.values()) {
      const [first] = matches;
      const dogs = new Map<number, AlertMailDog>();
      const alerts = new Map<number, string>();
      for (const m of matches) {
        if (!dogs.has(m.dog_id))
          dogs.set(m.dog_id, {
            name: m.dog_name,
            city: m.dog_city,
            link: `${publicUrl}/perros/${m.dog_id}`,
            photo: absolute(m.dog_image),
            details: dogDetails(m),
          });
        alerts.set(
          m.alert_id,
          describeAlertFilters(
            filtersOf({
              q: m.alert_q,
              city: m.alert_city,
              size: m.alert_size,
              sex: m.alert_sex,
              age: m.alert_age,
            }),
          ),
        );
      }
      await mail.enqueue(
        tx,
        frequency === 'daily' ? 'alert-digest' : 'alert',
        alertMail(
          { name: first!.user_name, email: first!.user_email },
          {
            dogs: [...dogs.values()],
            alerts: [...alerts.values()],
            digest: frequency === 'daily',
            ...(await unsubscribeLinks(tx, [...alerts.keys()], at)),
          },
          contact,
        ),
      );
    }
    return byUser.size;
  }

  /** As `tellDogs`, for the lost and found reports that `userIds`' alerts matched. */
  async function tellReports(
    tx: Queryable,
    userIds: number[],
    frequency: 'instant' | 'daily',
  ): Promise<number> {
    if (userIds.length === 0) return 0;
    const at = now();
    const claimed = await createAlertRepository(tx).claimReports(userIds, frequency, at);
    const byUser = new Map<number, ClaimedReportMatch[]>();
    for (const match of claimed)
      byUser.set(match.user_id, [...(byUser.get(match.user_id) ?? []), match]);
    for (const matches of byUser.values()) {
      const [first] = matches;
      const reports = new Map<number, AlertMailReport>();
      const alerts = new Map<number, string>();
      for (const m of matches) {
        if (!reports.has(m.report_id))
          reports.set(m.report_id, {
            kind:
              m.report_kind === 'lost'
                ? 'Se busca'
                : m.report_sex === 'female'
                  ? 'Encontrada'
                  : 'Encontrado',
            name: m.report_name,
            zone: zoneById(m.report_zone).name,
            date: formatCalendarDate(m.report_date),
            link: `${publicUrl}/perdidos/${m.report_id}`,
            photo: absolute(m.report_photo ?? ''),
          });
        alerts.set(
          m.alert_id,
          describeLostFoundAlertFilters(
            lostFoundFiltersOf({
              q: m.alert_q,
              kind: m.alert_kind,
              zone: m.alert_zone,
              size: m.alert_size,
              sex: m.alert_sex,
            }),
          ),
        );
      }
      await mail.enqueue(
        tx,
        frequency === 'daily' ? 'alert-digest' : 'alert',
        lostFoundAlertMail(
          { name: first!.user_name, email: first!.user_email },
          {
            reports: [...reports.values()],
            alerts: [...alerts.values()],
            digest: frequency === 'daily',
            ...(await unsubscribeLinks(tx, [...alerts.keys()], at)),
          },
          contact,
        ),
      );
    }
    return byUser.size;
  }

  /**
   * Matches a batch of dogs and reports and tells each person with instant alerts, in one
   * transaction.
   */
  const matchQueue: QueueDefinition<AlertMatchJob> = {
    name: ALERT_MATCH_QUEUE,
    batchSize: MATCH_BATCH,
    expireInSeconds: MATCH_EXPIRE_S,
    async handler(jobs: PgBoss.JobWithMetadata<AlertMatchJob>[]) {
      const dogIds = [...new Set(jobs.flatMap((j) => ('dogId' in j.data ? [j.data.dogId] : [])))];
      const reportIds = [
        ...new Set(jobs.flatMap((j) => ('reportId' in j.data ? [j.data.reportId] : []))),
      ];
      const started = Date.now();
      const told = await db.transaction(async (tx) => {
        const repo = createAlertRepository(tx);
        const at = now();
        const dogs = dogIds.length ? (await repo.match(dogIds, at)).instant : [];
        const reports = reportIds.length ? (await repo.matchReports(reportIds, at)).instant : [];
        return (await tellDogs(tx, dogs, 'instant')) + (await tellReports(tx, reports, 'instant'));
      });
      log.info(
        {
          event: 'alerts_matched',
          dogs: dogIds.length,
          reports: reportIds.length,
          emails: told,
          ms: Date.now() - started,
        },
        'alerts matched',
      );
    },
  };

  /** The daily digest: everyone with matches of daily alerts, a chunk per transaction. */
  const digestQueue: QueueDefinition<object> = {
    name: ALERT_DIGEST_QUEUE,
    batchSize: 1,
    expireInSeconds: MATCH_EXPIRE_S,
    async handler() {
      await service.sendDigests();
    },
  };

  const service = {
    async list(userId: number): Promise<Alert[]> {
      return (await repository.listOf(userId)).map(toAlert);
    },

    async create(userId: number, input: AlertInput): Promise<Alert> {
      if (input.scope === 'lost_found') {
        if (!hasLostFoundAlertFilters(input.filters))
          throw new HttpError(400, ALERT_MESSAGES.noLostFoundFilters);
      } else if (!hasAlertFilters(input.filters)) {
        throw new HttpError(400, ALERT_MESSAGES.noFilters);
      }
      return db.transaction(async (tx) => {
        const repo = createAlertRepository(tx);
        if ((await repo.lockAndCount(userId)) >= ALERTS_MAX)
          throw new HttpError(409, ALERT_MESSAGES.tooMany);
        const row = await repo.insert(userId, input, now());
        if (!row) throw new HttpError(409, ALERT_MESSAGES.duplicate);
        return toAlert(row);
      });
    },

    async setPaused(userId: number, id: number, paused: boolean): Promise<Alert> {
      const row = await repository.setPaused(id, userId, paused);
      if (!row) throw new HttpError(404, ALERT_MESSAGES.notFound);
      return toAlert(row);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repository.delete(id, userId))) throw new HttpError(404, ALERT_MESSAGES.notFound);
    },

    /** Deletes the alerts an e-mail's token stops; 404 when it stops none (any more). */
    async unsubscribe(token: string): Promise<AlertUnsubscribeResponse> {
      const rows = await repository.unsubscribe(hashAlertToken(token));
      if (rows.length === 0) throw new HttpError(404, ALERT_MESSAGES.tokenNotFound);
      return {
        stopped: rows.map((row) => {
          const { scope, filters, frequency, description } = toAlert(row);
          return { scope, filters, frequency, description };
        }),
      };
    },

    /** Deletes unsubscribe tokens over a year old, each alert's newest aside; how many went. */
    purgeOldTokens(): Promise<number> {
      return repository.purgeOldTokens(new Date(now().getTime() - ALERT_TOKEN_TTL_MS));
    },

    /**
     * Called inside the transaction of a change that makes dog `dogId` one people may be told of
     * (published, back to available, shown again): its matching runs as a job once `tx` commits.
     */
    async dogBecameAvailable(tx: Queryable, dogId: number): Promise<void> {
      await engine.sendIn(tx, ALERT_MATCH_QUEUE, { dogId }, { expireInSeconds: MATCH_EXPIRE_S });
      setTimeout(() => engine.wake(ALERT_MATCH_QUEUE), 5).unref();
    },

    /**
     * Called inside the transaction of a change that makes lost and found report `reportId` one
     * anyone may see again (published, renewed once expired, shown again): matched in a job.
     */
    async reportBecameListed(tx: Queryable, reportId: number): Promise<void> {
      await engine.sendIn(tx, ALERT_MATCH_QUEUE, { reportId }, { expireInSeconds: MATCH_EXPIRE_S });
      setTimeout(() => engine.wake(ALERT_MATCH_QUEUE), 5).unref();
    },

    /** Sends every pending daily digest now (the 8:00 job; tests call it). */
    async sendDigests(): Promise<number> {
      let after = 0;
      let told = 0;
      for (;;) {
        const users = await repository.pendingDaily(after, DIGEST_CHUNK);
        if (users.length === 0) break;
        told += await db.transaction(
          async (tx) =>
            (await tellDogs(tx, users, 'daily')) + (await tellReports(tx, users, 'daily')),
        );
        after = users[users.length - 1]!;
      }
      log.info({ event: 'alerts_digest', emails: told }, 'alert digests sent');
      return told;
    },

    /** Resolves once no dog waits to be matched (tests, the bench). */
    idle: () => engine.idle(ALERT_MATCH_QUEUE),

    queues: { match: matchQueue, digest: digestQueue },
  };
  return service;
}

export type AlertService = ReturnType<typeof createAlertService>;
