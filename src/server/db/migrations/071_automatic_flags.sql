-- Listings flagged automatically for review: a text asking for money or shipping, or a photo
-- another account already published. Such a flag is a report with no reporter (source
-- 'automatic'); admins act on it as on any report.

ALTER TABLE reports ALTER COLUMN reporter_id DROP NOT NULL;
ALTER TABLE reports ADD COLUMN source text NOT NULL DEFAULT 'community'
  CHECK (source IN ('community', 'automatic'));
ALTER TABLE reports ADD CONSTRAINT reports_source_reporter_check
  CHECK ((source = 'community') = (reporter_id IS NOT NULL));
ALTER TABLE reports DROP CONSTRAINT reports_reason_check;
ALTER TABLE reports ADD CONSTRAINT reports_reason_check CHECK (reason IN (
  'sale', 'abuse', 'false_info', 'spam', 'other', 'asks_money', 'shipping', 'reused_photo'));
-- One open automatic flag per listing and reason: editing the listing again adds nothing.
CREATE UNIQUE INDEX reports_automatic_open_key ON reports (dog_id, reason)
  WHERE source = 'automatic' AND state = 'open';

-- What an uploaded photo looked like, to recognise it when another account publishes it again:
-- the SHA-256 of the uploaded file, and a 64-bit difference hash of its pixels (near-identical
-- images, re-encoded or resized, differ in a few bits). The hash is searched by its four 16-bit
-- quarters: two hashes at most 3 bits apart share at least one quarter exactly.
ALTER TABLE photos ADD COLUMN source_hash text CHECK (source_hash ~ '^[0-9a-f]{64}$');
ALTER TABLE photos ADD COLUMN phash bigint;
CREATE INDEX photos_source_hash_idx ON photos (source_hash) WHERE source_hash IS NOT NULL;
CREATE INDEX photos_phash_q0_idx ON photos (((phash >> 48) & 65535)) WHERE phash IS NOT NULL;
CREATE INDEX photos_phash_q1_idx ON photos (((phash >> 32) & 65535)) WHERE phash IS NOT NULL;
CREATE INDEX photos_phash_q2_idx ON photos (((phash >> 16) & 65535)) WHERE phash IS NOT NULL;
CREATE INDEX photos_phash_q3_idx ON photos (((phash >> 0) & 65535)) WHERE phash IS NOT NULL;
