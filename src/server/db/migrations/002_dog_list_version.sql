-- A stamp bumped in the same transaction as every change to the dog listings (and to the owner
-- contact shown on them). Each server process compares it with the stamp of its cached list
-- pages, so a write through one process is visible to the very next read through any other.

CREATE TABLE dog_list_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint  NOT NULL
);
INSERT INTO dog_list_version (id, version) VALUES (true, 1);

CREATE FUNCTION bump_dog_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dog_list_version SET version = version + 1;
  RETURN NULL;
END
$$;

-- Statement-level: one bump per statement, also for cascaded deletes of a user's dogs.
CREATE TRIGGER dogs_bump_list_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dogs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_dog_list_version();

CREATE TRIGGER users_bump_list_version
  AFTER UPDATE OF name, email OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_dog_list_version();
