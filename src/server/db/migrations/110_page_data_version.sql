-- A stamp of everything a page drawn for an anonymous visitor may show: bumped in the same
-- transaction as every change to a tracked table, whoever writes it (a request, a job, a script).
-- Each server process keeps anonymous pages it drew with the stamp it read before drawing them,
-- and serves one again only to a request that reads the same stamp, so a write through any process
-- is visible to the very next page through any other.
--
-- Every table of the schema is tracked except those no anonymous page reads: sessions,
-- rate-limit counters, password resets, consents, the admins' audit log, photo file bytes (pages
-- link them by content hash), one-off markers, the migrations' record and the version stamps
-- themselves. A table created later is tracked by calling track_page_data('its_name') in its
-- migration (a test fails on any table that is neither tracked nor listed as untracked).

CREATE TABLE page_data_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint  NOT NULL
);
INSERT INTO page_data_version (id, version) VALUES (true, 1);

-- Bumps at most once per transaction. The stamp's row stays locked from a transaction's first
-- tracked change to its commit, as dog_list_version's does for changes to dogs.
CREATE FUNCTION bump_page_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('happydog.page_data_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE page_data_version SET version = version + 1;
    PERFORM set_config('happydog.page_data_bumped', 'on', true);
  END IF;
  RETURN NULL;
END
$$;

-- A statement that changed no row does not bump, so the periodic purges that find nothing to
-- delete keep every page cached.
CREATE FUNCTION bump_page_data_version_if_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('happydog.page_data_bumped', true) IS DISTINCT FROM 'on'
     AND EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE page_data_version SET version = version + 1;
    PERFORM set_config('happydog.page_data_bumped', 'on', true);
  END IF;
  RETURN NULL;
END
$$;

-- Statement-level triggers (one per event: each reads the rows it changed) on `target`.
CREATE FUNCTION track_page_data(target regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := (SELECT relname FROM pg_class WHERE oid = target);
BEGIN
  EXECUTE format(
    'CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS changed_rows
       FOR EACH STATEMENT EXECUTE FUNCTION bump_page_data_version_if_rows()',
    name || '_insert_bump_page_data_version', target);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING NEW TABLE AS changed_rows
       FOR EACH STATEMENT EXECUTE FUNCTION bump_page_data_version_if_rows()',
    name || '_update_bump_page_data_version', target);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS changed_rows
       FOR EACH STATEMENT EXECUTE FUNCTION bump_page_data_version_if_rows()',
    name || '_delete_bump_page_data_version', target);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER TRUNCATE ON %s
       FOR EACH STATEMENT EXECUTE FUNCTION bump_page_data_version()',
    name || '_truncate_bump_page_data_version', target);
END
$$;

DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.oid FROM pg_class c
     WHERE c.relnamespace = current_schema()::regnamespace
       AND c.relkind IN ('r', 'p')
       AND c.relname NOT IN (
         'schema_migrations', 'app_meta', 'dog_list_version', 'session_version',
         'received_box_versions', 'page_data_version', 'sessions', 'rate_limits',
         'password_resets', 'consents', 'admin_audit', 'media_blobs')
  LOOP
    PERFORM track_page_data(t.oid::regclass);
  END LOOP;
END
$$;
