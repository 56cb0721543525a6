-- A stamp of everything a page drawn for an anonymous visitor may show: bumped by every
-- transaction that changed a tracked table, whoever writes it (a request, a job, a script), as
-- part of that transaction's commit. Each server process keeps anonymous pages it drew with the
-- stamp it read before drawing them, and serves one again only to a request that reads the same
-- stamp, so a write through any process is visible to the very next page through any other.
--
-- Every table of the schema is tracked except those no anonymous page reads: sessions,
-- rate-limit counters, password resets, consents, the admins' audit log, photo file bytes (pages
-- link them by content hash), one-off markers, the migrations' record and the version stamps
-- themselves. A table created later is tracked by calling track_page_data('its_name') in its
-- migration (a test fails on any table that is neither tracked nor listed as untracked).
--
-- The bump is deferred to the commit. Bumping at a transaction's first tracked write would hold
-- the stamp's single row locked from that write to the commit, so a transaction that wrote and
-- then locked another row (SELECT ... FOR UPDATE) would deadlock with one that locked that row
-- first and then wrote: PostgreSQL would abort one of them. Deferred, the stamp's row is the
-- last lock a transaction takes, held only while it commits, so it closes no wait cycle.
--
-- Deferring keeps the stamp exact. The bump is part of the writing transaction, so it becomes
-- visible in the same instant as the rows it stands for, never before nor after them. A page is
-- kept with the stamp read before drawing it, so it shows those rows' state at that stamp or a
-- later one. A request that starts after a write was acknowledged (committed) reads the bumped
-- stamp, which no page drawn before that commit carries: it never gets a page older than the
-- write. Commits bump one after another (each waits for the row, then adds one to the latest
-- value), so no two committed states share a stamp.
--
-- Migrations and the tests' table emptying run SET CONSTRAINTS ALL IMMEDIATE: there the bump
-- happens at the first tracked write and no trigger event is left pending, which ALTER TABLE on
-- a table written earlier in the same transaction requires.

CREATE TABLE page_data_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint  NOT NULL
);
INSERT INTO page_data_version (id, version) VALUES (true, 1);

-- Runs once per changed row (constraint triggers are row-level only) and bumps the first time
-- in a transaction; the mark is transaction-local, and a rolled-back savepoint takes it back
-- together with its bump. A statement that changed no row queues nothing, so the periodic purges
-- that find nothing to delete keep every page cached.
CREATE FUNCTION bump_page_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('happydog.page_data_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE page_data_version SET version = version + 1;
    PERFORM set_config('happydog.page_data_bumped', 'on', true);
  END IF;
  RETURN NULL;
END
$$;

-- A deferred constraint trigger for rows inserted, updated and deleted on `target`. TRUNCATE
-- cannot have one: it keeps a plain statement trigger, so it bumps at once (no code truncates a
-- tracked table; TRUNCATE locks the whole table until the commit anyway).
CREATE FUNCTION track_page_data(target regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := (SELECT relname FROM pg_class WHERE oid = target);
BEGIN
  EXECUTE format(
    'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %s
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_page_data_version()',
    name || '_bump_page_data_version', target);
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
