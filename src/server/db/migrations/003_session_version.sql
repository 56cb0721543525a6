-- A stamp bumped in the same transaction as every change that can end or alter a live session:
-- a session deleted (logout, expiry, a new login), one whose identity or start moves or whose
-- last activity moves back, and any change to an account (name, e-mail, role, blocking, deletion).
-- Each server process trusts a session it remembers only while this stamp has not moved, so a
-- logout through one process ends the session at once on every other.

CREATE TABLE session_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint  NOT NULL
);
INSERT INTO session_version (id, version) VALUES (true, 1);

CREATE FUNCTION bump_session_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE session_version SET version = version + 1;
  RETURN NULL;
END
$$;

-- Statement-level over the changed rows: one bump per statement that changed any row (a purge
-- of many sessions bumps once; one that deleted nothing, as most purges at login, does not).
CREATE FUNCTION bump_session_version_if_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE session_version SET version = version + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_delete_bump_session_version
  AFTER DELETE ON sessions REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_session_version_if_rows();

CREATE TRIGGER sessions_truncate_bump_session_version
  AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_session_version();

-- Recording activity (last_seen_at moving forward) only extends a session: no bump for it.
CREATE TRIGGER sessions_update_bump_session_version
  AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN (NEW.token_hash IS DISTINCT FROM OLD.token_hash
        OR NEW.user_id IS DISTINCT FROM OLD.user_id
        OR NEW.created_at IS DISTINCT FROM OLD.created_at
        OR NEW.last_seen_at < OLD.last_seen_at)
  EXECUTE FUNCTION bump_session_version();

-- Any change to an account, whatever the column (so a block added later is covered as well).
CREATE TRIGGER users_update_bump_session_version
  AFTER UPDATE ON users REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_session_version_if_rows();

CREATE TRIGGER users_delete_bump_session_version
  AFTER DELETE ON users REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_session_version_if_rows();

CREATE TRIGGER users_truncate_bump_session_version
  AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_session_version();
