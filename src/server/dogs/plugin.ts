// Decorates the app with the dogs service (dogs/service.ts) and its exact list cache, which on a
// shared PostgreSQL checks the data stamps other processes' writes move.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createListCache } from './list-cache';
import { createDogService, type DogService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    dogs: DogService;
  }
}

export const dogs = fp(
  async (app: FastifyInstance) => {
    const { config, db, now, dataStamps } = app;
    const listCache = createListCache({
      ttlMs: config.dogListCacheMs,
      now,
      // Other processes may write to a shared PostgreSQL; an embedded DATA_DIR has only this one.
      currentVersion: dataStamps ? async () => (await dataStamps.fresh()).dogs : undefined,
    });
    app.decorate('dogs', createDogService(db, listCache));
  },
  { name: 'dogs', dependencies: ['database'] },
);
