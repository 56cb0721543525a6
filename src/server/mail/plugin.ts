// Decorates the app with the e-mail sender: the one given (tests record messages), or one for
// SMTP_URL's server, else .eml files in DATA_DIR/outbox. An own sender is closed with the app:
// messages still being sent finish, those waiting for a retry are logged as not sent.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer';

export interface MailOptions {
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail sender (tests read what was sent through it). */
    mailer: Mailer;
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
        log: app.log.child({ module: 'mail' }),
      });
    app.decorate('mailer', mailer);
    if (!options.mailer) app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', dependencies: ['database'] },
);
