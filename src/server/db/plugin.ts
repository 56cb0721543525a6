// Decorates the app with what every other plugin builds on: the config, the database, the clock,
// and (on a shared PostgreSQL) the coalesced read of the data stamps that keeps caches exact.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createCoalescer, type Coalescer } from './coalesce';
import type { Db } from './db';
import { readStamps, type Stamps } from './stamps';

export interface DatabaseOptions {
  config: Config;
  db: Db;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    now: () => Date;
    /**
     * The data stamps as read by a query started after the call, shared by concurrent callers;
     * only on PostgreSQL, where other processes may write. An embedded DATA_DIR has one process.
     */
    dataStamps: Coalescer<Stamps> | undefined;
  }
}

export const database = fp<DatabaseOptions>(
  async (app: FastifyInstance, { config, db, now }) => {
    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('now', now);
    app.decorate(
      'dataStamps',
      db.kind === 'postgres' ? createCoalescer(() => readStamps(db)) : undefined,
    );
  },
  { name: 'database' },
);
