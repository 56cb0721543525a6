// All SQL about photos: storing a processed upload, attaching photos to a dog in order, and
// purging uploads that were never attached.
import { PHOTO_MESSAGES, type Photo } from '../../shared/photo';
import type { Queryable } from '../db/db';
import { HttpError } from '../http/errors';
import { CONTENT_TYPES, EXTENSIONS, type ProcessedPhoto } from './processing';
import { createDatabaseStorage, type MediaStorage } from './storage';

export const MEDIA_PREFIX = '/media/';

/** The public description of a photo, as every API answer shows it. */
export function describePhoto(
  id: number,
  processed: Omit<ProcessedPhoto, 'variants'> & {
    variants: ReadonlyArray<{ format: keyof typeof EXTENSIONS; width: number; hash: string }>;
  },
): Photo {
  const urlOf = (v: { format: keyof typeof EXTENSIONS; hash: string }) =>
    `${MEDIA_PREFIX}${v.hash}.${EXTENSIONS[v.format]}`;
  const srcsetOf = (format: keyof typeof EXTENSIONS) =>
    processed.variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => `${urlOf(v)} ${v.width}w`)
      .join(', ');
  const jpegs = processed.variants.filter((v) => v.format === 'jpeg');
  const largest = jpegs.reduce((a, b) => (b.width > a.width ? b : a));
  return {
    id,
    url: urlOf(largest),
    srcset: { avif: srcsetOf('avif'), webp: srcsetOf('webp'), jpeg: srcsetOf('jpeg') },
    width: processed.width,
    height: processed.height,
    placeholder: processed.placeholder,
  };
}

export function createPhotoRepository(
  db: Queryable,
  storage: MediaStorage = createDatabaseStorage(db),
) {
  return {
    /** Stores the files and the photo, unattached, owned by `ownerId`. Run inside a transaction. */
    async insert(processed: ProcessedPhoto, ownerId: number, createdAt: Date): Promise<Photo> {
      await storage.putAll(
        processed.variants.map((v) => ({
          hash: v.hash,
          contentType: CONTENT_TYPES[v.format],
          bytes: v.bytes,
        })),
      );
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO photos (owner_id, width, height, placeholder, public, created_at,
                             source_hash, phash)
         VALUES ($1, $2, $3, $4, '{}', $5, $6, $7) RETURNING id`,
        [
          ownerId,
          processed.width,
          processed.height,
          processed.placeholder,
          createdAt,
          processed.sourceHash ?? null,
          processed.phash ?? null,
        ],
      );
      const photo = describePhoto(row!.id, processed);
      await db.query(
        `INSERT INTO photo_variants (photo_id, hash, format, width, height)
         SELECT $1, v.hash, v.format, v.width, v.height
           FROM jsonb_to_recordset($2::jsonb) AS v(hash text, format text, width int, height int)`,
        [
          photo.id,
          JSON.stringify(
            processed.variants.map(({ hash, format, width, height }) => ({
              hash,
              format,
              width,
              height,
            })),
          ),
        ],
      );
      await db.query('UPDATE photos SET public = $2 WHERE id = $1', [
        photo.id,
        JSON.stringify(photo),
      ]);
      return photo;
    },

    /**
     * Makes `ids`, in this order, the photos of dog `dogId` (first is the cover); photos the dog
     * had and no longer lists are deleted. Only the person's own free photos, or photos already
     * this dog's, may be used: 400 for an unknown or another dog's photo, 403 for someone else's.
     * Run inside the transaction that writes the dog.
     */
    async attach(dogId: number, ownerId: number, ids: readonly number[]): Promise<void> {
      const rows = ids.length
        ? await db.query<{
            id: number;
            owner_id: number;
            dog_id: number | null;
            lost_found_id: number | null;
          }>(
            'SELECT id, owner_id, dog_id, lost_found_id FROM photos WHERE id = ANY($1::int[]) FOR UPDATE',
            [ids],
          )
        : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of ids) {
        const row = byId.get(id);
        if (!row) throw new HttpError(400, PHOTO_MESSAGES.unknownPhoto);
        // A photo already on this dog stays usable by whoever may edit the dog (a member of the
        // organization that publishes it may keep a photo another member uploaded).
        if (row.owner_id !== ownerId && row.dog_id !== dogId)
          throw new HttpError(403, PHOTO_MESSAGES.foreignPhoto);
        if ((row.dog_id !== null && row.dog_id !== dogId) || row.lost_found_id !== null)
          throw new HttpError(400, PHOTO_MESSAGES.photoInOtherDog);
      }
      await db.query('DELETE FROM photos WHERE dog_id = $1 AND NOT (id = ANY($2::int[]))', [
        dogId,
        ids,
      ]);
      if (ids.length === 0) return;
      await db.query(
        `UPDATE photos p SET dog_id = $1, position = o.ord - 1
           FROM unnest($2::int[]) WITH ORDINALITY AS o(id, ord)
          WHERE p.id = o.id AND (p.dog_id IS DISTINCT FROM $1 OR p.position <> o.ord - 1)`,
        [dogId, ids],
      );
    },

    /**
     * Deletes the photos nobody attached to a dog, a lost-and-found report, a check-in or a
     * sterilization record before `before`; returns how many.
     */
    async purgeUnattached(before: Date): Promise<number> {
      const rows = await db.query(
        `DELETE FROM photos p
          WHERE p.dog_id IS NULL AND p.lost_found_id IS NULL AND p.created_at < $1
            AND NOT EXISTS (SELECT 1 FROM checkin_photos c WHERE c.photo_id = p.id)
            AND NOT EXISTS (SELECT 1 FROM adoptions a WHERE a.sterilization_photo_id = p.id)
          RETURNING p.id`,
        [before],
      );
      return rows.length;
    },
  };
}

export type PhotoRepository = ReturnType<typeof createPhotoRepository>;
