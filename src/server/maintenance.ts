// Background upkeep of a running app: expired sessions, rate-limit windows, reset links, photos
// never attached to a dog and alert unsubscribe tokens over a year old (each alert's newest kept)
// are deleted periodically (a scheduled job that runs once per period across processes), password
// hashing is warmed up at start, and a shutdown closes keep-alive connections as their last
// answers go out.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { warmUpPasswords } from './users/passwords';

export const PURGE_QUEUE = 'purge-expired';

/** A cron expression for "every `minutes`" (within the hour, or whole hours). */
export function everyMinutesCron(minutes: number): string {
  if (minutes < 60) return `*/${Math.max(1, Math.round(minutes))} * * * *`;
  const hours = Math.max(1, Math.round(minutes / 60));
  return hours >= 24 ? '0 0 * * *' : `0 */${hours} * * *`;
}

export interface MaintenanceOptions {
  /** How often expired rows are deleted (whole minutes, as a scheduled job); 0 turns it off. */
  purgeIntervalMs: number;
  /** Uploaded photos that no dog uses after this long are deleted. */
  unattachedPhotoTtlMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Deletes expired sessions, rate-limit windows, reset links, stale photos and old alert
     * unsubscribe tokens now (the purge job's work).
     */
    purgeExpired(): Promise<void>;
  }
}

export const maintenance = fp<MaintenanceOptions>(
  async (app: FastifyInstance, { purgeIntervalMs, unattachedPhotoTtlMs }) => {
    /** Never throws: a failure is logged and the next period tries again. */
    const purge = async () => {
      try {
        const [s, r, p, resets, alertTokens] = await Promise.all([
          app.sessions.purgeExpired(),
          app.limiter.purgeExpired(),
          app.photos.purgeUnattached(new Date(app.now().getTime() - unattachedPhotoTtlMs)),
          app.accounts.purgeExpiredResets(),
          app.alerts.purgeOldTokens(),
        ]);
        if (s + r + p + resets + alertTokens > 0)
          app.log.info(
            { sessions: s, rateLimits: r, photos: p, passwordResets: resets, alertTokens },
            'purged expired rows',
          );
      } catch (error) {
        app.log.warn({ err: error }, 'purge of expired rows failed');
      }
    };
    app.decorate('purgeExpired', purge);

    // Set up by the job engine's start (jobs/plugin.ts); a failure there stops the start.
    const scheduled =
      purgeIntervalMs > 0
        ? app.jobs.schedule(
            { name: PURGE_QUEUE, batchSize: 1, expireInSeconds: 15 * 60, handler: purge },
            everyMinutesCron(purgeIntervalMs / 60_000),
          )
        : app.jobs.unschedule(PURGE_QUEUE);
    scheduled.catch((error: unknown) => app.log.error({ err: error }, 'purge schedule'));

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
  {
    name: 'maintenance',
    dependencies: ['auth', 'rate-limiter', 'photos', 'accounts', 'jobs', 'alerts'],
  },
);
