// E-mails as jobs: each message is stored in the same transaction as the change that causes it,
// then delivered by whichever process fetches it. A failed delivery is tried again after each
// pause of the retry schedule (about 1 min, 5 min, 30 min, 2 h, 12 h), then the job is `failed`
// and listed in /admin. Logs name a message's kind, never its text or links; once delivered, the
// stored copy is reduced to its kind, so no link outlives its delivery in the database.
import type PgBoss from 'pg-boss';
import type { Db, Queryable } from '../db/db';
import type { MailMessage, Mailer } from './mailer';
import { bossDb, type JobEngine, type JobLog, type QueueDefinition } from '../jobs/engine';

export const MAIL_QUEUE = 'mail';
/** Pauses before each retry, in seconds: 1 min, 5 min, 30 min, 2 h, 12 h. */
export const DEFAULT_MAIL_RETRY_SCHEDULE_S: readonly number[] = [60, 300, 1800, 7200, 43200];
/** Deliveries under way at once in one process. */
const MAIL_BATCH = 5;
/** Well beyond the SMTP timeouts (mail/mailer.ts): only a killed process leaves a job this long. */
const MAIL_EXPIRE_S = 300;

export interface MailJobData {
  kind: string;
  /** Gone once delivered. */
  message?: MailMessage;
}

export interface MailQueue {
  /** Stores `message` as a job inside `tx`; it is delivered once `tx` commits. */
  enqueue(tx: Queryable, kind: string, message: MailMessage): Promise<void>;
  /** Stores many messages as jobs inside `tx` in one statement (a background job's batch). */
  enqueueMany(tx: Queryable, items: { kind: string; message: MailMessage }[]): Promise<void>;
  /** Resolves once every stored message that is due has been delivered or has failed for now. */
  idle(): Promise<void>;
}

export interface MailJobsOptions {
  engine: JobEngine;
  db: Db;
  mailer: Mailer;
  log: JobLog;
  retryScheduleS?: readonly number[];
}

export function mailJobs({
  engine,
  db,
  mailer,
  log,
  retryScheduleS = DEFAULT_MAIL_RETRY_SCHEDULE_S,
}: MailJobsOptions): { queue: MailQueue; definition: QueueDefinition<MailJobData> } {
  const job = `${engine.schema}.job`;

  async function deliver(item: PgBoss.JobWithMetadata<MailJobData>): Promise<void> {
    const { kind, message } = item.data;
    const attempt = item.retryCount + 1;
    try {
      if (!message) throw new Error('the job holds no message');
      const where = await mailer.deliver(kind, message);
      log.info({ event: 'mail_sent', kind, attempt, jobId: item.id, ...where }, 'mail sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retries = item.retryCount < item.retryLimit;
      const retryInSeconds =
        retryScheduleS[Math.min(item.retryCount, retryScheduleS.length - 1)] ?? 60;
      if (retries) {
        // pg-boss waits the job's retry_delay before the next attempt: set to this step's pause.
        await db.query(
          `UPDATE ${job} SET retry_delay = $3 WHERE name = $1 AND id = $2 AND state = 'active'`,
          [MAIL_QUEUE, item.id, retryInSeconds],
        );
      }
      await engine.boss.fail(MAIL_QUEUE, item.id, { message: reason });
      // Logged once recorded: a process killed before this line leaves the job active, and it
      // runs again only when it expires.
      if (retries) {
        log.warn(
          { event: 'mail_retry', kind, attempt, jobId: item.id, reason, retryInSeconds },
          'mail failed, will retry',
        );
      } else {
        log.error(
          { event: 'mail_failed', kind, attempt, jobId: item.id, reason },
          'mail not sent: gave up',
        );
      }
      return;
    }
    // Delivered: the stored copy keeps only its kind (a reset link must not linger in the
    // database or its backups). pg-boss marks it completed after the handler returns.
    await db
      .query(
        `UPDATE ${job} SET data = jsonb_build_object('kind', data->'kind')
          WHERE name = $1 AND id = $2`,
        [MAIL_QUEUE, item.id],
      )
      .catch((error: unknown) =>
        log.warn(
          { event: 'mail_scrub_failed', kind, jobId: item.id, reason: String(error) },
          'delivered mail not reduced to its kind',
        ),
      );
  }

  /** The job could not even be marked (the database away): it stays active until it expires. */
  function failed(item: PgBoss.JobWithMetadata<MailJobData>, error: unknown): void {
    log.error(
      { event: 'mail_job_error', kind: item.data.kind, jobId: item.id, reason: String(error) },
      'mail job not recorded; it runs again once it expires',
    );
  }

  const definition: QueueDefinition<MailJobData> = {
    name: MAIL_QUEUE,
    batchSize: MAIL_BATCH,
    expireInSeconds: MAIL_EXPIRE_S,
    async handler(items) {
      // One person's messages go out in the order they were caused; different people's at once.
      const byRecipient = new Map<string, PgBoss.JobWithMetadata<MailJobData>[]>();
      for (const item of items) {
        const to = item.data.message?.to ?? '';
        byRecipient.set(to, [...(byRecipient.get(to) ?? []), item]);
      }
      await Promise.all(
        [...byRecipient.values()].map(async (list) => {
          for (const item of list)
            await deliver(item).catch((error: unknown) => failed(item, error));
        }),
      );
    },
  };

  const queue: MailQueue = {
    async enqueue(tx, kind, message) {
      await engine.sendIn<MailJobData>(
        tx,
        MAIL_QUEUE,
        { kind, message },
        {
          retryLimit: retryScheduleS.length,
          retryDelay: retryScheduleS[0] ?? 0,
          retryBackoff: false,
          expireInSeconds: MAIL_EXPIRE_S,
        },
      );
      // The caller's transaction commits right after; the worker looks a moment later (and at
      // its next poll in any case).
      setTimeout(() => engine.wake(MAIL_QUEUE), 5).unref();
    },
    async enqueueMany(tx, items) {
      if (items.length === 0) return;
      await engine.boss.insert(
        items.map(({ kind, message }) => ({
          name: MAIL_QUEUE,
          data: { kind, message },
          retryLimit: retryScheduleS.length,
          retryDelay: retryScheduleS[0] ?? 0,
          retryBackoff: false,
          expireInSeconds: MAIL_EXPIRE_S,
        })),
        { db: bossDb(tx) },
      );
      setTimeout(() => engine.wake(MAIL_QUEUE), 5).unref();
    },
    idle: () => engine.idle(MAIL_QUEUE),
  };
  return { queue, definition };
}
