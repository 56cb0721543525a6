// Decorates the app with the lost and found service (lost-found/service.ts) and works its queue:
// the offer to renew a report a week before it expires, and its expiry.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createLostFoundService,
  EXPIRY_QUEUE,
  RENEWAL_QUEUE,
  type LostFoundService,
  type RenewalJobData,
} from './service';

declare module 'fastify' {
  interface FastifyInstance {
    lostFound: LostFoundService;
  }
}

export const lostFound = fp(
  async (app: FastifyInstance) => {
    const service = createLostFoundService({
      db: app.db,
      mail: app.mail,
      jobs: app.jobs,
      publicUrl: app.config.publicUrl,
      contact: app.config.site.email,
      now: app.now,
      mediaFile: (hash) => app.photos.file(hash),
    });
    app.decorate('lostFound', service);
    const log = app.log.child({ module: 'lost-found' });
    app.jobs
      .work<RenewalJobData>({
        name: RENEWAL_QUEUE,
        batchSize: 5,
        expireInSeconds: 300,
        async handler(items) {
          for (const item of items) {
            const sent = await service.remindRenewal(item.data);
            log.info(
              { event: 'lost_found_renewal', reportId: item.data.reportId, sent },
              sent ? 'renewal offered' : 'renewal not needed',
            );
          }
        },
      })
      .catch((error: unknown) => log.error({ err: error }, 'lost-found renewal worker'));
    app.jobs
      .work<RenewalJobData>({
        name: EXPIRY_QUEUE,
        batchSize: 20,
        expireInSeconds: 300,
        async handler(items) {
          for (const item of items) await service.expire(item.data);
        },
      })
      .catch((error: unknown) => log.error({ err: error }, 'lost-found expiry worker'));
  },
  { name: 'lost-found', dependencies: ['database', 'mail', 'jobs', 'photos'] },
);
