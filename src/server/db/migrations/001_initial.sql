-- Users, sessions, dogs and the shared rate-limit counters.

CREATE TABLE users (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name          text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  email         text        NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  -- argon2id PHC string; '!' marks an account that can never log in (demo owner).
  password_hash text        NOT NULL,
  role          text        NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- E-mail is unique regardless of case; logins look it up through the same expression.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

CREATE TABLE sessions (
  -- SHA-256 (hex) of the cookie token: a database leak does not leak live sessions.
  token_hash   text        PRIMARY KEY,
  user_id      integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_last_seen_at_idx ON sessions (last_seen_at);
CREATE INDEX sessions_created_at_idx ON sessions (created_at);

CREATE TABLE dogs (
  -- Newest first = highest id first; the primary key index serves the keyset pages.
  id          integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  city        text        NOT NULL CHECK (char_length(city) BETWEEN 1 AND 60),
  height      text        NOT NULL DEFAULT '' CHECK (char_length(height) <= 40),
  weight      text        NOT NULL DEFAULT '' CHECK (char_length(weight) <= 40),
  life_span   text        NOT NULL DEFAULT '' CHECK (char_length(life_span) <= 40),
  personality text        NOT NULL DEFAULT '' CHECK (char_length(personality) <= 1000),
  image       text        NOT NULL DEFAULT '' CHECK (char_length(image) <= 2048),
  hostage_id  integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dogs_hostage_id_idx ON dogs (hostage_id);

-- Fixed-window counters shared by every server process (login and register limits).
CREATE TABLE rate_limits (
  key      text        PRIMARY KEY,
  hits     integer     NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at_idx ON rate_limits (reset_at);

-- One-off facts about this database (e.g. whether the demo data was ever seeded).
CREATE TABLE app_meta (
  key        text        PRIMARY KEY,
  value      text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
