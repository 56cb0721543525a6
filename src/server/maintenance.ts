// Background upkeep of a running app: the purge of expired sessions, rate-limit windows, reset
// links and photos never attached to a dog (run periodically as a scheduled job, jobs/plugin.ts),
// password hashing warmed up at start, and a shutdown that closes keep-alive connections as
// their last answers go out.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAccountRepository } from './account/repository';
import { createPhotoRepository } from './photos/repository';
import { warmUpPasswords } from './users/passwords';

export interface MaintenanceOptions {
  /** Uploaded photos that no dog uses after this long are deleted. */
  unattachedPhotoTtlMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes expired sessions, rate-limit windows and stale photos now (the purge job's work). */
    purgeExpired(): Promise<void>;
  }
}

export const maintenance = fp<MaintenanceOptions>(
  async (app: FastifyInstance, { unattachedPhotoTtlMs }) => {
    const photos = createPhotoRepository(app.db);
    const accounts = createAccountRepository(app.db);
    /** Never throws: a failure is logged and the next period tries again. */
    const purge = async () => {
      try {
        const [s, r, p, resets] = await Promise.all([
          app.sessions.purgeExpired(),
          app.limiter.purgeExpired(),
          photos.purgeUnattached(new Date(app.now().getTime() - unattachedPhotoTtlMs)),
          accounts.purgeExpiredResets(app.now()),
        ]);
        if (s + r + p + resets > 0)
          app.log.info(
            { sessions: s, rateLimits: r, photos: p, passwordResets: resets },
            'purged expired rows',
          );
      } catch (error) {
        app.log.warn({ err: error }, 'purge of expired rows failed');
      }
    };
    app.decorate('purgeExpired', purge);

    app.addHook('onReady', async () => {
      // Started, not awaited: it runs on libuv's thread pool while the server starts listening,
      // and a login that comes first waits for the same computation.
      warmUpPasswords().catch((error: unknown) =>
        app.log.warn({ err: error }, 'password hashing warm-up failed'),
      );
    });

    // While shutting down, answers in flight close their keep-alive connection, so the server
    // can stop as soon as they are sent instead of waiting for idle sockets to time out.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
  },
  { name: 'maintenance', dependencies: ['auth', 'rate-limiter'] },
);
