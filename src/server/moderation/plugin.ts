// Decorates the app with the moderation service (moderation/service.ts): reports, and the admins'
// actions that invalidate the dogs' list cache.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createModerationService, type ModerationService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    moderation: ModerationService;
  }
}

export const moderation = fp(
  async (app: FastifyInstance) => {
    const moderation = createModerationService(
      app.db,
      app.dogs.lists,
      app.now,
      (tx, dogId) => app.dogs.becameAvailable(tx, dogId),
      // Lost and found registers after this plugin; it is there by the time anyone is unblocked.
      (tx, reportId) => app.lostFound.becameListed(tx, reportId),
    );
    // Every listing written is read by the automatic rules, in the write's transaction.
    app.dogs.onWrite((tx, dogId) => moderation.flagListing(tx, dogId));
    app.decorate('moderation', moderation);
  },
  { name: 'moderation', dependencies: ['database', 'dogs'] },
);
