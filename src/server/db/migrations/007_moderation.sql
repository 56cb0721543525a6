-- Moderation: reports on listings, hidden listings, blocked accounts and the audit log of every
-- admin action. Hidden listings and the listings of blocked accounts stay in `dogs` (the owner
-- still sees them and why); every public read filters them out (dogs/repository.ts, VISIBLE).

ALTER TABLE dogs ADD COLUMN hidden_at timestamptz;
ALTER TABLE dogs ADD COLUMN hidden_reason text CHECK (char_length(hidden_reason) <= 500);

ALTER TABLE users ADD COLUMN blocked_at timestamptz;
ALTER TABLE users ADD COLUMN blocked_reason text CHECK (char_length(blocked_reason) <= 500);

-- Blocking or unblocking an account hides or shows its listings: the dog lists change with it
-- (bump_dog_list_version comes from migration 002; changes to dogs already bump it). Changes to
-- users already bump the session stamp (migration 003), so a block reaches every process's
-- session cache at once.
CREATE TRIGGER users_blocked_bump_list_version
  AFTER UPDATE OF blocked_at ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_dog_list_version();

-- One report per person and listing; they go with the listing or with the person.
CREATE TABLE reports (
  id          integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dog_id      integer     NOT NULL REFERENCES dogs (id) ON DELETE CASCADE,
  reporter_id integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason      text        NOT NULL CHECK (reason IN ('sale', 'abuse', 'false_info', 'spam', 'other')),
  details     text        NOT NULL DEFAULT '' CHECK (char_length(details) <= 1000),
  -- open: waiting for an admin; dismissed: nothing to do; resolved: the listing was hidden.
  state       text        NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'dismissed', 'resolved')),
  created_at  timestamptz NOT NULL,
  closed_at   timestamptz,
  CONSTRAINT reports_dog_reporter_key UNIQUE (dog_id, reporter_id)
);
CREATE INDEX reports_reporter_id_idx ON reports (reporter_id);
CREATE INDEX reports_open_idx ON reports (dog_id) WHERE state = 'open';

-- Who did what, when and why. The actor's name and e-mail and the target's label are copied in,
-- so the record stays readable after either is deleted. Never part of any public answer nor of
-- a person's data export: actor_id deliberately has no foreign key to users, so neither the
-- export (which follows every reference to an account) nor an account's deletion (every such
-- reference cascades) touches the team's record of what was done.
CREATE TABLE admin_audit (
  id           integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The admin's users.id; NULL: the command line (npm run admin).
  actor_id     integer,
  actor_label  text        NOT NULL CHECK (char_length(actor_label) <= 400),
  action       text        NOT NULL CHECK (action IN (
                 'dog_hide', 'dog_restore', 'user_block', 'user_unblock', 'report_dismiss',
                 'role_grant', 'role_revoke')),
  target_type  text        NOT NULL CHECK (target_type IN ('dog', 'user', 'report')),
  target_id    integer     NOT NULL,
  target_label text        NOT NULL DEFAULT '' CHECK (char_length(target_label) <= 400),
  reason       text        NOT NULL DEFAULT '' CHECK (char_length(reason) <= 500),
  created_at   timestamptz NOT NULL
);
CREATE INDEX admin_audit_created_at_idx ON admin_audit (created_at DESC, id DESC);
