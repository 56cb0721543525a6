// Decorates the app with the adoption service (adoption/service.ts): adoption applications ("Me
// interesa"), the adopter profile, and the e-mails they send, including those to the applicants
// of a dog whose listing is deleted.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdoptionService, type AdoptionService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    adoption: AdoptionService;
  }
}

export const adoption = fp(
  async (app: FastifyInstance) => {
    const adoption = createAdoptionService({
      db: app.db,
      mail: app.mail,
      publicUrl: app.config.publicUrl,
      contact: app.config.site.email,
      now: app.now,
    });
    // Deleting a dog ends its open applications: their applicants are told.
    app.dogs.onRemove((tx, dogId, ownerId) => adoption.beforeDogRemoved(tx, dogId, ownerId));
    app.decorate('adoption', adoption);
  },
  { name: 'adoption', dependencies: ['database', 'mail', 'dogs'] },
);
