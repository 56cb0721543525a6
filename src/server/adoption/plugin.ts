// Decorates the app with the adoption service (adoption/service.ts): "Me interesa" requests and
// the e-mails they send.
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
    app.decorate(
      'adoption',
      createAdoptionService({
        db: app.db,
        mail: app.mail,
        publicUrl: app.config.publicUrl,
        contact: app.config.site.email,
        now: app.now,
      }),
    );
  },
  { name: 'adoption', dependencies: ['database', 'mail'] },
);
