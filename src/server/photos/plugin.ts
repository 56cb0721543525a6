// Decorates the app with the photos service (photos/service.ts): files in the database, one photo
// processed at a time.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createWorkQueue } from './queue';
import { createPhotoService, type PhotoService } from './service';
import { createDatabaseStorage } from './storage';

/**
 * One photo is processed at a time (libvips spreads each over the cores) and a few more wait
 * their turn holding only their upload: a burst of 12-megapixel uploads stays within a few
 * hundred MB instead of decoding them all at once.
 */
const PHOTO_PROCESSING = { concurrency: 1, maxWaiting: 24 };

declare module 'fastify' {
  interface FastifyInstance {
    photos: PhotoService;
  }
}

export const photos = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'photos',
      createPhotoService({
        db: app.db,
        storage: createDatabaseStorage,
        queue: createWorkQueue(PHOTO_PROCESSING),
        now: app.now,
      }),
    );
  },
  { name: 'photos', dependencies: ['database'] },
);
