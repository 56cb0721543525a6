-- Lost and found ("Perdidos y encontrados"): reports of lost or found dogs with up to 4 photos,
-- a zone (never an address), colours from a fixed list and a calendar date; complaints about
-- reports for the admins; and a record of who wrote to a reporter through the site (the message
-- itself only travels in its e-mail job).

CREATE TABLE lost_found_reports (
  id           integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reporter_id  integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind         text        NOT NULL CHECK (kind IN ('lost', 'found')),
  name         text        NOT NULL DEFAULT '' CHECK (char_length(name) <= 60),
  -- NULL: the finder could not tell.
  sex          text        CHECK (sex IN ('male', 'female')),
  size         text        NOT NULL CHECK (size IN ('small', 'medium', 'large')),
  colors       text[]      NOT NULL CHECK (
                 cardinality(colors) BETWEEN 1 AND 9 AND colors <@ ARRAY[
                   'negro', 'blanco', 'cafe', 'gris', 'crema', 'dorado', 'rojizo', 'atigrado',
                   'manchado']::text[]),
  description  text        NOT NULL CHECK (char_length(description) BETWEEN 1 AND 1000),
  -- The day it was lost or found, a calendar date in America/Bogota.
  seen_on      date        NOT NULL,
  -- An id of shared/zones.ts (checked by the application: the list lives in the code).
  zone         text        NOT NULL CHECK (zone ~ '^[a-z0-9-]{1,40}$'),
  -- open until the reporter closes it or its expiry job marks it expired (a renewal reopens it);
  -- an open report past expires_at whose job has not run yet counts as expired all the same.
  status       text        NOT NULL DEFAULT 'open'
                           CHECK (status IN ('open', 'reunited', 'closed', 'expired')),
  expires_at   timestamptz NOT NULL,
  hidden_at    timestamptz,
  hidden_reason text       CHECK (char_length(hidden_reason) <= 500),
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  closed_at    timestamptz
);
CREATE INDEX lost_found_reports_reporter_id_idx ON lost_found_reports (reporter_id);

-- What a text search and the matching compare: name and description, lower case, no accents
-- (dog_search_norm comes from migration 005), stored so no read normalizes them again.
CREATE FUNCTION lost_found_document(name text, description text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN dog_search_norm(name || ' ' || description);
ALTER TABLE lost_found_reports
  ADD COLUMN search_doc text GENERATED ALWAYS AS (lost_found_document(name, description)) STORED,
  ADD COLUMN description_norm text GENERATED ALWAYS AS (dog_search_norm(description)) STORED;

-- The public list: open, not hidden reports, newest first, each filter with the id so a page is
-- read in order from the index.
CREATE INDEX lost_found_open_id_idx ON lost_found_reports (id)
  WHERE status = 'open' AND hidden_at IS NULL;
CREATE INDEX lost_found_open_kind_id_idx ON lost_found_reports (kind, id)
  WHERE status = 'open' AND hidden_at IS NULL;
CREATE INDEX lost_found_open_zone_id_idx ON lost_found_reports (zone, id)
  WHERE status = 'open' AND hidden_at IS NULL;
CREATE INDEX lost_found_open_size_id_idx ON lost_found_reports (size, id)
  WHERE status = 'open' AND hidden_at IS NULL;
CREATE INDEX lost_found_open_sex_id_idx ON lost_found_reports (sex, id)
  WHERE status = 'open' AND hidden_at IS NULL;
CREATE INDEX lost_found_search_trgm_idx ON lost_found_reports
  USING gin (search_doc public.gin_trgm_ops)
  WHERE status = 'open' AND hidden_at IS NULL;
-- Matching: the other kind, in a few zones, within a window of dates.
CREATE INDEX lost_found_match_idx ON lost_found_reports (kind, zone, seen_on)
  WHERE status = 'open' AND hidden_at IS NULL;

-- Photos belong to a dog or to a report (never both); unattached ones are purged.
ALTER TABLE photos ADD COLUMN lost_found_id integer REFERENCES lost_found_reports (id) ON DELETE CASCADE;
ALTER TABLE photos DROP CONSTRAINT photos_check;
ALTER TABLE photos ADD CONSTRAINT photos_attached_check CHECK (
  num_nonnulls(dog_id, lost_found_id) <= 1
  AND (position IS NULL) = (dog_id IS NULL AND lost_found_id IS NULL));
ALTER TABLE photos ADD CONSTRAINT photos_lost_found_position_key
  UNIQUE (lost_found_id, position) DEFERRABLE INITIALLY DEFERRED;
DROP INDEX photos_unattached_created_at_idx;
CREATE INDEX photos_unattached_created_at_idx ON photos (created_at)
  WHERE dog_id IS NULL AND lost_found_id IS NULL;

-- A complaint about a report ("Reportar"), one per person and report.
CREATE TABLE lost_found_flags (
  id          integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  report_id   integer     NOT NULL REFERENCES lost_found_reports (id) ON DELETE CASCADE,
  flagger_id  integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason      text        NOT NULL CHECK (reason IN ('sale', 'abuse', 'false_info', 'spam', 'other')),
  details     text        NOT NULL DEFAULT '' CHECK (char_length(details) <= 1000),
  state       text        NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'dismissed', 'resolved')),
  created_at  timestamptz NOT NULL,
  closed_at   timestamptz,
  CONSTRAINT lost_found_flags_report_flagger_key UNIQUE (report_id, flagger_id)
);
CREATE INDEX lost_found_flags_flagger_id_idx ON lost_found_flags (flagger_id);
CREATE INDEX lost_found_flags_open_idx ON lost_found_flags (report_id) WHERE state = 'open';

-- Who wrote to a reporter through the site, and whether they shared their e-mail.
CREATE TABLE lost_found_contacts (
  id           integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  report_id    integer     NOT NULL REFERENCES lost_found_reports (id) ON DELETE CASCADE,
  sender_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  shared_email boolean     NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX lost_found_contacts_report_id_idx ON lost_found_contacts (report_id);
CREATE INDEX lost_found_contacts_sender_id_idx ON lost_found_contacts (sender_id);

-- Admins hide and restore reports like listings; the audit log names them.
ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_action_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_action_check CHECK (action IN (
  'dog_hide', 'dog_restore', 'user_block', 'user_unblock', 'report_dismiss',
  'role_grant', 'role_revoke', 'lost_found_hide', 'lost_found_restore'));
ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_target_type_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_target_type_check CHECK (
  target_type IN ('dog', 'user', 'report', 'lost_found'));
