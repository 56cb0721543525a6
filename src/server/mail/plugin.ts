// Decorates the app with e-mail: `app.mail`, the queue routes and services store each message in
// (inside the transaction that causes it; mail/queue.ts delivers and retries it), and
// `app.mailer`, the transport those jobs deliver through: the one given (tests record messages),
// or one for SMTP_URL's server, else .eml files in DATA_DIR/outbox. `app.mailer.idle()` waits
// until every message that is due has been tried.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type MailMessage, type Mailer } from './mailer';
import { mailJobs, type MailQueue } from './queue';

export interface MailOptions {
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mails as jobs: `app.mail.enqueue(tx, kind, message)` inside the causing transaction. */
    mail: MailQueue;
    /** The e-mail transport (tests read what was sent through it); `idle()` waits for the queue. */
    mailer: Mailer & { idle(): Promise<void> };
  }
}

export const mail = fp<MailOptions>(
  async (app: FastifyInstance, options) => {
    const { config } = app;
    const mailer =
      options.mailer ??
      createMailer({
        target: config.mail.smtpUrl
          ? { smtpUrl: config.mail.smtpUrl }
          : { outboxDir: config.mail.outboxDir },
        from: config.mail.from,
      });
    const { queue, definition } = mailJobs({
      engine: app.jobs,
      db: app.db,
      mailer,
      log: app.log.child({ module: 'mail' }),
      retryScheduleS: config.jobs.mailRetryScheduleS,
    });
    app.jobs
      .work(definition)
      .catch((error: unknown) => app.log.error({ err: error }, 'mail worker'));
    app.decorate('mail', queue);
    app.decorate('mailer', {
      deliver: (kind: string, message: MailMessage) => mailer.deliver(kind, message),
      close: () => mailer.close(),
      idle: queue.idle,
    });
    app.addHook('onClose', async () => {
      // Deliveries in hand finish first (stopping twice is harmless).
      await app.jobs.stop();
      if (!options.mailer) await mailer.close();
    });
  },
  { name: 'mail', dependencies: ['database', 'jobs'] },
);
