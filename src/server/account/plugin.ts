// Decorates the app with the accounts service (account/service.ts), on the database, the dogs'
// list cache and the e-mail queue.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAccountRepository } from './repository';
import { createAccountService, type AccountService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
  }
}

export const accounts = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'accounts',
      createAccountService({
        db: app.db,
        accounts: createAccountRepository(app.db),
        listCache: app.dogs.lists,
        dogs: app.dogs,
        orgs: app.orgs,
        mail: app.mail,
        publicUrl: app.config.publicUrl,
        contact: app.config.site.email,
        now: app.now,
      }),
    );
  },
  { name: 'accounts', dependencies: ['database', 'dogs', 'mail', 'orgs'] },
);
