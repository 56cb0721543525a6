// Decorates the app with the job engine (jobs/engine.ts): pg-boss in the app's own database.
// Other plugins declare their queues and schedules on it while the app is built (e-mails in
// mail/plugin.ts, the purge of expired rows in maintenance.ts); its workers start when the app is
// ready and stop, letting the jobs in hand finish, when it closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobEngine, type JobEngine } from './engine';

const RETRY_START_MS = 30_000;

export interface JobsOptions {
  /** pg-boss's schema (default `pgboss`; tests on a shared PostgreSQL use their own). */
  schema?: string;
  pollingIntervalSeconds?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobEngine;
  }
}

export const jobs = fp<JobsOptions>(
  async (app: FastifyInstance, options) => {
    const engine = createJobEngine({
      db: app.db,
      log: app.log.child({ module: 'jobs' }),
      schema: options.schema,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
    });
    app.decorate('jobs', engine);
    // The app serves even when the jobs cannot start (the database away at start-up): they are
    // tried again every 30 s, and what requests store meanwhile waits for them.
    const log = app.log.child({ module: 'jobs' });
    let retry: NodeJS.Timeout | undefined;
    let closing = false;
    const start = (): Promise<void> =>
      engine.start().catch((error: unknown) => {
        log.error(
          { event: 'jobs_start_failed', reason: (error as Error).message },
          'background jobs could not start; trying again in 30 s',
        );
        if (closing) return;
        retry = setTimeout(() => void start(), RETRY_START_MS);
        retry.unref();
      });
    app.addHook('onReady', start);
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(retry);
      await engine.stop();
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
