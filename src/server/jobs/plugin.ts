// Decorates the app with the job engine (jobs/engine.ts): pg-boss in the app's own database.
// Other plugins declare their queues and schedules on it while the app is built (e-mails in
// mail/plugin.ts, the purge of expired rows in maintenance.ts); its workers start when the app is
// ready and stop, letting the jobs in hand finish, when it closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobEngine, type JobEngine } from './engine';

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
    app.addHook('onReady', () => engine.start());
    app.addHook('onClose', () => engine.stop());
  },
  { name: 'jobs', dependencies: ['database'] },
);
