// Decorates the app with the organizations service (orgs/service.ts): foundations, rescuers and
// shelters, their members and invitations, and their verification by the site's admins.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrgService, type OrgService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    orgs: OrgService;
  }
}

export const orgs = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'orgs',
      createOrgService({
        db: app.db,
        mail: app.mail,
        listCache: app.dogs.lists,
        publicUrl: app.config.publicUrl,
        contact: app.config.site.email,
        now: app.now,
        // Read when a page is asked for: the follow-up service is decorated after this one.
        followUpStanding: (orgId) => app.followUp.orgStanding(orgId),
      }),
    );
  },
  { name: 'orgs', dependencies: ['database', 'mail', 'dogs'] },
);
