-- Uploaded photos: the processed files (content-addressed) and the photos that use them, owned by
-- their uploader and, once attached, by one dog in a fixed order (position 0 is the cover).

CREATE TABLE media_blobs (
  -- SHA-256 (hex) of the bytes: the file's public name, /media/<hash>.<ext>.
  hash         text        PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
  -- Only these are ever stored, so nothing uploaded can be served as HTML or SVG.
  content_type text        NOT NULL CHECK (content_type IN ('image/avif', 'image/webp', 'image/jpeg')),
  bytes        bytea       NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE photos (
  id          integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Account deletion removes the person's photos with everything else.
  owner_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- NULL until a dog's POST/PUT attaches it; unattached photos are purged after a day.
  dog_id      integer     REFERENCES dogs (id) ON DELETE CASCADE,
  position    smallint    CHECK (position BETWEEN 0 AND 5),
  width       integer     NOT NULL CHECK (width > 0),
  height      integer     NOT NULL CHECK (height > 0),
  placeholder text        NOT NULL CHECK (char_length(placeholder) <= 1000),
  -- The photo as the API shows it ({id,url,srcset,width,height,placeholder}), built once.
  public      jsonb       NOT NULL,
  created_at  timestamptz NOT NULL,
  CHECK ((dog_id IS NULL) = (position IS NULL)),
  -- Checked at commit: reordering swaps positions within one transaction.
  CONSTRAINT photos_dog_position_key UNIQUE (dog_id, position) DEFERRABLE INITIALLY DEFERRED
);
CREATE INDEX photos_owner_id_idx ON photos (owner_id);
CREATE INDEX photos_unattached_created_at_idx ON photos (created_at) WHERE dog_id IS NULL;

CREATE TABLE photo_variants (
  photo_id integer  NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
  hash     text     NOT NULL REFERENCES media_blobs (hash),
  format   text     NOT NULL CHECK (format IN ('avif', 'webp', 'jpeg')),
  width    integer  NOT NULL CHECK (width > 0),
  height   integer  NOT NULL CHECK (height > 0),
  PRIMARY KEY (photo_id, format, width)
);
CREATE INDEX photo_variants_hash_idx ON photo_variants (hash);

-- A file no photo uses any more goes with its last photo, however that photo was deleted (its
-- dog deleted, its owner's account deleted, the purge): deletions cascade here.
CREATE FUNCTION delete_unused_media_blobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM media_blobs b
   WHERE b.hash IN (SELECT DISTINCT o.hash FROM gone o)
     AND NOT EXISTS (SELECT 1 FROM photo_variants v WHERE v.hash = b.hash);
  RETURN NULL;
END
$$;

CREATE TRIGGER photo_variants_delete_unused_media_blobs
  AFTER DELETE ON photo_variants REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION delete_unused_media_blobs();

-- Dogs are shown with their photos: attaching, reordering or removing one changes the listings
-- (bump_dog_list_version comes from migration 002). Uploads, which attach to nothing, do not.
CREATE FUNCTION bump_dog_list_version_if_attached() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows WHERE dog_id IS NOT NULL) THEN
    UPDATE dog_list_version SET version = version + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER photos_delete_bump_dog_list_version
  AFTER DELETE ON photos REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_dog_list_version_if_attached();

CREATE TRIGGER photos_update_old_bump_dog_list_version
  AFTER UPDATE ON photos REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_dog_list_version_if_attached();

CREATE TRIGGER photos_update_new_bump_dog_list_version
  AFTER UPDATE ON photos REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_dog_list_version_if_attached();
