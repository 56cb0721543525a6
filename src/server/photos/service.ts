// Photos: an upload is processed in the bounded queue (one decode at a time, a few waiting) and
// stored with its files in one transaction; files are read back by their hash for /media.
import type { Photo } from '../../shared/photo';
import type { Db, Queryable } from '../db/db';
import { processPhoto } from './processing';
import type { WorkQueue } from './queue';
import { createPhotoRepository } from './repository';
import type { MediaStorage, StoredMedia } from './storage';

export interface PhotoServiceDeps {
  db: Db;
  /** The file storage, over the database or over one transaction of it. */
  storage: (db: Queryable) => MediaStorage;
  queue: WorkQueue;
  now: () => Date;
}

export function createPhotoService({ db, storage, queue, now }: PhotoServiceDeps) {
  return {
    /** Processes an upload and stores it, unattached, owned by `ownerId`. */
    async add(upload: Buffer, ownerId: number): Promise<Photo> {
      const processed = await queue.run(() => processPhoto(upload));
      return db.transaction((tx) =>
        createPhotoRepository(tx, storage(tx)).insert(processed, ownerId, now()),
      );
    },

    /** One stored file, by its SHA-256 hash. */
    file(hash: string): Promise<StoredMedia | undefined> {
      return storage(db).get(hash);
    },

    /** Deletes photos no dog uses, uploaded before `before`; how many. */
    purgeUnattached(before: Date): Promise<number> {
      return createPhotoRepository(db, storage(db)).purgeUnattached(before);
    },
  };
}

export type PhotoService = ReturnType<typeof createPhotoService>;
