// Decorates the app with the alerts service (alerts/service.ts): saved searches, the job that
// matches a dog that became available, or a lost and found report that became listed, against
// them (and e-mails instant alerts), and the daily digest at 8:00 America/Bogota.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ALERT_DIGEST_CRON, createAlertService, type AlertService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertService;
  }
}

export const alerts = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'alerts' });
    const service = createAlertService({
      db: app.db,
      mail: app.mail,
      engine: app.jobs,
      log,
      publicUrl: app.config.publicUrl,
      contact: app.config.site.email,
      now: app.now,
    });
    // Published, re-opened or shown again: matched against the saved alerts in a job.
    app.dogs.onAvailable((tx, dogId) => service.dogBecameAvailable(tx, dogId));
    // Lost and found reports published, renewed once expired or shown again: the same job.
    app.lostFound.onListed((tx, reportId) => service.reportBecameListed(tx, reportId));
    app.jobs
      .work(service.queues.match)
      .catch((error: unknown) => log.error({ err: error }, 'alert match worker'));
    app.jobs
      .schedule(service.queues.digest, ALERT_DIGEST_CRON)
      .catch((error: unknown) => log.error({ err: error }, 'alert digest schedule'));
    app.decorate('alerts', service);
  },
  { name: 'alerts', dependencies: ['database', 'jobs', 'mail', 'dogs', 'lost-found'] },
);
