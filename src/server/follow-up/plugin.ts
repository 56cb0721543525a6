// Decorates the app with the follow-up service (follow-up/service.ts): closing adoptions, the
// acta, check-ins, sterilization and returns. Its job runs every minute, once across processes,
// and does whatever fell due by the app's clock.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFollowUpService, type FollowUpService } from './service';

export const FOLLOW_UP_QUEUE = 'follow-up';

declare module 'fastify' {
  interface FastifyInstance {
    followUp: FollowUpService;
  }
}

export interface FollowUpOptions {
  /** Run the follow-up job every minute (tests and benches call `runDue` themselves). */
  schedule: boolean;
}

export const followUp = fp<FollowUpOptions>(
  async (app: FastifyInstance, options) => {
    const service = createFollowUpService({
      db: app.db,
      mail: app.mail,
      listCache: app.dogs.lists,
      publicUrl: app.config.publicUrl,
      contact: app.config.site.email,
      now: app.now,
      scheduleS: app.config.followUp.scheduleS,
      reminderAfterS: app.config.followUp.reminderAfterS,
      becameAvailable: (tx, dogId) => app.dogs.becameAvailable(tx, dogId),
    });
    app.decorate('followUp', service);
    // Deleting a dog keeps its adoptions (a record of care); only a pending one is cancelled.
    app.dogs.onRemove((tx, dogId) => service.beforeDogRemoved(tx, dogId));
    const run = async () => {
      try {
        const counts = await service.runDue();
        if (Object.values(counts).some((n) => n > 0))
          app.log.info({ event: 'follow_up', ...counts }, 'follow-up e-mails queued');
      } catch (error) {
        // The next minute tries again: nothing was marked sent without its e-mail.
        app.log.warn({ err: error }, 'follow-up job failed');
      }
    };
    const scheduled = options.schedule
      ? app.jobs.schedule(
          { name: FOLLOW_UP_QUEUE, batchSize: 1, expireInSeconds: 15 * 60, handler: run },
          '* * * * *',
        )
      : app.jobs.unschedule(FOLLOW_UP_QUEUE);
    scheduled.catch((error: unknown) => app.log.error({ err: error }, 'follow-up schedule'));
  },
  { name: 'follow-up', dependencies: ['database', 'mail', 'jobs', 'dogs'] },
);
