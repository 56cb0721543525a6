-- Personal data (Ley 1581 de 2012): a profile phone, the record of each accepted version of the
-- data policy, and single-use password reset tokens. Everything that belongs to a person goes
-- with the person's row (ON DELETE CASCADE), so deleting an account deletes all of it.

-- A Colombian mobile in E.164 (+573001234567); shown only to the person and, later, to logged-in
-- visitors who contact them. NULL: no phone.
ALTER TABLE users ADD COLUMN phone text CHECK (phone IS NULL OR phone ~ '^\+573[0-9]{9}$');

-- Proof of the authorisation the law requires: which version of the policy and when.
CREATE TABLE consents (
  id             integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  policy_version text        NOT NULL CHECK (char_length(policy_version) BETWEEN 1 AND 40),
  accepted_at    timestamptz NOT NULL
);
CREATE INDEX consents_user_id_idx ON consents (user_id);

-- Password reset links: only the SHA-256 (hex) of the token is stored, like session tokens.
CREATE TABLE password_resets (
  token_hash text        PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);
CREATE INDEX password_resets_expires_at_idx ON password_resets (expires_at);
