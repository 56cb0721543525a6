-- Saved searches ("Avísame"): the catalogue's filters a person saved, and how often they want to
-- hear of new matching dogs. `q_words` are the search words as the catalogue splits them (each
-- must match); `filter_key` is the same for every spelling of the same filters, so one person
-- never saves the same search twice. Deleting the account deletes its alerts.
CREATE TABLE alerts (
  id         serial      PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  frequency  text        NOT NULL CHECK (frequency IN ('instant', 'daily')),
  q          text,
  q_words    text[]      NOT NULL DEFAULT '{}',
  city       text,
  size       text        CHECK (size IN ('small', 'medium', 'large')),
  sex        text        CHECK (sex IN ('male', 'female')),
  age        text        CHECK (age IN ('puppy', 'young', 'adult', 'senior')),
  filter_key text        NOT NULL,
  paused     boolean     NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, filter_key)
);

-- Each dog an alert matched, once ever (the primary key): `sent_at` is set when the e-mail that
-- tells of it is queued. A dog or an alert deleted takes its rows with it. `user_id` is the
-- alert's owner, so one person's pending matches are found together (one e-mail per batch).
CREATE TABLE alert_matches (
  alert_id   integer     NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  dog_id     integer     NOT NULL REFERENCES dogs (id) ON DELETE CASCADE,
  user_id    integer     NOT NULL,
  matched_at timestamptz NOT NULL,
  sent_at    timestamptz,
  PRIMARY KEY (alert_id, dog_id)
);
CREATE INDEX alert_matches_pending_idx ON alert_matches (user_id) WHERE sent_at IS NULL;
CREATE INDEX alert_matches_dog_id_idx ON alert_matches (dog_id);

-- The one-click unsubscribe links of the alert e-mails: each e-mail has its own random token,
-- stored only as its SHA-256, with a row for each alert the e-mail told of (the link stops them).
CREATE TABLE alert_unsubscribe_tokens (
  token_hash text        NOT NULL,
  alert_id   integer     NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (token_hash, alert_id)
);
CREATE INDEX alert_unsubscribe_tokens_alert_id_idx ON alert_unsubscribe_tokens (alert_id);
