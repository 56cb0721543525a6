// Saved searches ("Avísame"): a person saves the catalogue's filters as an alert, instant or
// daily; when a dog is published, re-opened (back to available) or shown again by moderation, a
// job matches it against every saved alert in the database (alerts/repository.ts) and records
// each match once. Instant alerts are told of by the same job, one e-mail per person for the
// whole batch of dogs it matched; daily ones by a digest job at 8:00 America/Bogota. Every e-mail
// carries its own one-click unsubscribe token, stored hashed, that deletes the alerts it is about.
import { createHash, randomBytes } from 'node:crypto';
import type PgBoss from 'pg-boss';
import {
  ALERT_MESSAGES,
  ALERT_UNSUBSCRIBE_PATH,
  ALERTS_MAX,
  describeAlertFilters,
  hasAlertFilters,
  type Alert,
  type AlertFilters,
  type AlertInput,
  type AlertUnsubscribeResponse,
} from '../../shared/alerts';
import type { DogSex, DogSize } from '../../shared/dog';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../http/errors';
import type { JobEngine, JobLog, QueueDefinition } from '../jobs/engine';
import { alertMail, type AlertMailDog } from '../mail/messages';
import type { MailQueue } from '../mail/queue';
import { createAlertRepository, type AlertRow, type ClaimedMatch } from './repository';

export const ALERT_MATCH_QUEUE = 'alert-match';
export const ALERT_DIGEST_QUEUE = 'alert-digest';
/** The daily digest: 8:00 every day, America/Bogota (the engine's time zone for schedules). */
export const ALERT_DIGEST_CRON = '0 8 * * *';
/** Dogs matched together: one e-mail per person for all of them. */
const MATCH_BATCH = 50;
/** People told of in one transaction of the digest. */
const DIGEST_CHUNK = 200;
const MATCH_EXPIRE_S = 600;

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

export function toAlert(row: AlertRow): Alert {
  const filters = filtersOf(row);
  return {
    id: row.id,
    filters,
    frequency: row.frequency,
    paused: row.paused,
    description: describeAlertFilters(filters),
    created_at: row.created_at,
  };
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

  /**
   * Claims `userIds`' pending matches of `frequency` and queues one e-mail per person with all
   * their dogs, each with a fresh unsubscribe token for the alerts it tells of, inside `tx`.
   */
  async function tell(
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
      const token = randomBytes(24).toString('base64url');
      await repo.addToken(hashAlertToken(token), [...alerts.keys()], at);
      await mail.enqueue(
        tx,
        frequency === 'daily' ? 'alert-digest' : 'alert',
        alertMail(
          { name: first!.user_name, email: first!.user_email },
          {
            dogs: [...dogs.values()],
            alerts: [...alerts.values()],
            digest: frequency === 'daily',
            unsubscribePage: `${publicUrl}${ALERT_UNSUBSCRIBE_PATH}/${token}`,
            unsubscribeUrl: `${publicUrl}/api/alerts/unsubscribe/${token}`,
            accountLink: `${publicUrl}/cuenta#alertas`,
          },
          contact,
        ),
      );
    }
    return byUser.size;
  }

  /** Matches a batch of dogs and tells each person with instant alerts, in one transaction. */
  const matchQueue: QueueDefinition<{ dogId: number }> = {
    name: ALERT_MATCH_QUEUE,
    batchSize: MATCH_BATCH,
    expireInSeconds: MATCH_EXPIRE_S,
    async handler(jobs: PgBoss.JobWithMetadata<{ dogId: number }>[]) {
      const dogIds = [...new Set(jobs.map((j) => j.data.dogId))];
      const started = Date.now();
      const told = await db.transaction(async (tx) => {
        const { instant } = await createAlertRepository(tx).match(dogIds, now());
        return tell(tx, instant, 'instant');
      });
      log.info(
        { event: 'alerts_matched', dogs: dogIds.length, emails: told, ms: Date.now() - started },
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
      if (!hasAlertFilters(input.filters)) throw new HttpError(400, ALERT_MESSAGES.noFilters);
      return db.transaction(async (tx) => {
        const repo = createAlertRepository(tx);
        if ((await repo.lockAndCount(userId)) >= ALERTS_MAX)
          throw new HttpError(409, ALERT_MESSAGES.tooMany);
        const row = await repo.insert(userId, input.filters, input.frequency, now());
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
          const { filters, frequency, description } = toAlert(row);
          return { filters, frequency, description };
        }),
      };
    },

    /**
     * Called inside the transaction of a change that makes dog `dogId` one people may be told of
     * (published, back to available, shown again): its matching runs as a job once `tx` commits.
     */
    async dogBecameAvailable(tx: Queryable, dogId: number): Promise<void> {
      await engine.sendIn(tx, ALERT_MATCH_QUEUE, { dogId }, { expireInSeconds: MATCH_EXPIRE_S });
      setTimeout(() => engine.wake(ALERT_MATCH_QUEUE), 5).unref();
    },

    /** Sends every pending daily digest now (the 8:00 job; tests call it). */
    async sendDigests(): Promise<number> {
      let after = 0;
      let told = 0;
      for (;;) {
        const users = await repository.pendingDaily(after, DIGEST_CHUNK);
        if (users.length === 0) break;
        told += await db.transaction((tx) => tell(tx, users, 'daily'));
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
