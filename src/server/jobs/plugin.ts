// Background jobs for the app: pg-boss in the app's database, the e-mail queue (app.mail, which
// routes enqueue inside their transactions; app.mailer.idle() waits for what is due), and the
// periodic purge of expired rows as a scheduled job that runs once per period across processes.
// The workers start when the app is ready and stop, letting jobs in hand finish, when it closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Mailer } from '../mail/mailer';
import { createJobEngine, type JobEngine, type QueueDefinition } from './engine';
import { mailJobs, type MailQueue } from './mail';

export const PURGE_QUEUE = 'purge-expired';

export interface JobsPluginOptions {
  mailer: Mailer;
  /** Whether closing the app closes the mailer (false for one handed in by a caller). */
  closeMailer: boolean;
  /** pg-boss's schema (default `pgboss`). */
  schema?: string;
  /** Pauses before each e-mail retry, in seconds. */
  mailRetryScheduleS?: readonly number[];
  /** How often expired rows are purged, in minutes (1–59 or a multiple of 60); 0 turns it off. */
  purgeEveryMinutes: number;
  pollingIntervalSeconds?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobEngine;
    /** E-mails as jobs: `app.mail.enqueue(tx, kind, message)` inside the causing transaction. */
    mail: MailQueue;
    /** The e-mail transport; `idle()` waits until every due message has been tried. */
    mailer: Mailer & { idle(): Promise<void> };
  }
}

/** A cron expression for "every `minutes`" (within the hour, or whole hours). */
export function everyMinutesCron(minutes: number): string {
  if (minutes < 60) return `*/${Math.max(1, Math.round(minutes))} * * * *`;
  const hours = Math.max(1, Math.round(minutes / 60));
  return hours >= 24 ? '0 0 * * *' : `0 */${hours} * * *`;
}

export const jobs = fp<JobsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const log = app.log.child({ module: 'jobs' });
    const engine = createJobEngine({
      db: app.db,
      log,
      schema: options.schema,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
    });
    const mail = mailJobs({
      engine,
      db: app.db,
      mailer: options.mailer,
      log: app.log.child({ module: 'mail' }),
      retryScheduleS: options.mailRetryScheduleS,
    });
    const purge: QueueDefinition<object> = {
      name: PURGE_QUEUE,
      batchSize: 1,
      expireInSeconds: 15 * 60,
      handler: () => app.purgeExpired(),
    };

    app.decorate('jobs', engine);
    app.decorate('mail', mail.queue);
    app.decorate('mailer', {
      deliver: (kind: string, message: Parameters<Mailer['deliver']>[1]) =>
        options.mailer.deliver(kind, message),
      close: () => options.mailer.close(),
      idle: mail.queue.idle,
    });

    app.addHook('onReady', async () => {
      await engine.start();
      await engine.work(mail.definition);
      if (options.purgeEveryMinutes > 0)
        await engine.schedule(purge, everyMinutesCron(options.purgeEveryMinutes));
      else await engine.unschedule(PURGE_QUEUE);
    });
    app.addHook('onClose', async () => {
      await engine.stop();
      if (options.closeMailer) await options.mailer.close();
    });
  },
  { name: 'jobs', dependencies: ['database', 'maintenance'] },
);
