// Authentication: the user accounts and the session service (cookie → session → user) that the
// router's onRequest hook asks who is calling.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUserRepository, type UserRepository } from '../users/repository';
import { withSessionCache } from './cache';
import { createSessionRepository } from './repository';
import { createSessionService, type CurrentSession, type SessionService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserRepository;
    sessions: SessionService;
  }
  interface FastifyRequest {
    /** The session service's lookup of this request's cookie, once asked (service.ts). */
    sessionLookup: Promise<CurrentSession | null> | null;
    /** The session the route's onRequest hook authenticated the request with (http/route.ts). */
    authenticated: CurrentSession | null;
  }
}

export const auth = fp(
  async (app: FastifyInstance) => {
    const { config, db, now, dataStamps } = app;
    const repository = createSessionRepository(db);
    // Declared up front, so every request object has the same shape.
    app.decorateRequest('sessionLookup', null);
    app.decorateRequest('authenticated', null);
    app.decorate('users', createUserRepository(db));
    app.decorate(
      'sessions',
      createSessionService(
        // On a shared PostgreSQL, live sessions are remembered for a few seconds, checked
        // against the session stamp through the coalesced query instead of one query each.
        dataStamps
          ? withSessionCache(repository, {
              stamp: async () => (await dataStamps.fresh()).sessions,
              now,
            })
          : repository,
        now,
        { maxPerUser: config.sessionsPerUser },
      ),
    );
  },
  { name: 'auth', dependencies: ['database'] },
);
