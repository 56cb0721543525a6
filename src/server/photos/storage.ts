// Where processed photo files live: a small interface (put/get/delete by content hash) and its
// database implementation, which works the same on the embedded PGlite and on a PostgreSQL
// shared by several server processes (bytea rows; no shared disk needed).
import type { Queryable } from '../db/db';

export type MediaType = 'image/avif' | 'image/webp' | 'image/jpeg';

export interface StoredMedia {
  contentType: MediaType;
  bytes: Buffer;
}

export interface MediaStorage {
  /** Stores `bytes` under its SHA-256 `hash`; storing the same file twice keeps one copy. */
  put(hash: string, contentType: MediaType, bytes: Buffer): Promise<void>;
  /** `put` for several files at once (one round trip). */
  putAll(
    files: ReadonlyArray<{ hash: string; contentType: MediaType; bytes: Buffer }>,
  ): Promise<void>;
  get(hash: string): Promise<StoredMedia | undefined>;
  /** Deletes the file unless a photo still uses it; true when it was deleted. */
  delete(hash: string): Promise<boolean>;
}

export const HASH_PATTERN = /^[0-9a-f]{64}$/;

export function createDatabaseStorage(db: Queryable): MediaStorage {
  return {
    put(hash, contentType, bytes) {
      return this.putAll([{ hash, contentType, bytes }]);
    },

    async putAll(files) {
      if (files.length === 0) return;
      // Sent as base64 text and decoded by the database: one statement, no per-file round trip.
      await db.query(
        `INSERT INTO media_blobs (hash, content_type, bytes)
         SELECT f.hash, f.content_type, decode(f.base64, 'base64')
           FROM jsonb_to_recordset($1::jsonb) AS f(hash text, content_type text, base64 text)
         ON CONFLICT (hash) DO NOTHING`,
        [
          JSON.stringify(
            files.map((f) => ({
              hash: f.hash,
              content_type: f.contentType,
              base64: f.bytes.toString('base64'),
            })),
          ),
        ],
      );
    },

    async get(hash) {
      if (!HASH_PATTERN.test(hash)) return undefined;
      const rows = await db.query<{ content_type: MediaType; bytes: Uint8Array }>(
        'SELECT content_type, bytes FROM media_blobs WHERE hash = $1',
        [hash],
      );
      const row = rows[0];
      if (!row) return undefined;
      // pg hands back a Buffer, PGlite a Uint8Array: the same bytes either way.
      const bytes = Buffer.isBuffer(row.bytes)
        ? row.bytes
        : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      return { contentType: row.content_type, bytes };
    },

    async delete(hash) {
      const rows = await db.query(
        `DELETE FROM media_blobs b WHERE b.hash = $1
            AND NOT EXISTS (SELECT 1 FROM photo_variants v WHERE v.hash = b.hash)
         RETURNING hash`,
        [hash],
      );
      return rows.length > 0;
    },
  };
}
