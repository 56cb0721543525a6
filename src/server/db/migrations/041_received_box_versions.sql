-- A version per rescuer of their received box (the adoption applications about their dogs, with
-- each dog's name and each applicant's name and e-mail), bumped in the same transaction as every
-- change that alters it. A server process keeps a built box while its version stays the same, so
-- a write through any process is visible to the very next read through any other.
-- No foreign key: a rescuer's row may be bumped by the very statement that deletes the account.
CREATE TABLE received_box_versions (
  user_id integer PRIMARY KEY,
  version bigint  NOT NULL
);

-- Applications inserted, updated or deleted: their dogs' owners (a dog deleted with its
-- applications is counted by the dogs' trigger below).
CREATE FUNCTION bump_received_boxes_of_interests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO received_box_versions (user_id, version)
  SELECT DISTINCT d.hostage_id, 1 FROM changed_rows c JOIN dogs d ON d.id = c.dog_id
  ON CONFLICT (user_id) DO UPDATE SET version = received_box_versions.version + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER interests_insert_bump_received_boxes
  AFTER INSERT ON interests REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_received_boxes_of_interests();
CREATE TRIGGER interests_update_bump_received_boxes
  AFTER UPDATE ON interests REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_received_boxes_of_interests();
CREATE TRIGGER interests_delete_bump_received_boxes
  AFTER DELETE ON interests REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_received_boxes_of_interests();

-- Dogs renamed or deleted: their owners.
CREATE FUNCTION bump_received_boxes_of_dogs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO received_box_versions (user_id, version)
  SELECT DISTINCT hostage_id, 1 FROM changed_rows
  ON CONFLICT (user_id) DO UPDATE SET version = received_box_versions.version + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER dogs_update_bump_received_boxes
  AFTER UPDATE ON dogs REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_received_boxes_of_dogs();
CREATE TRIGGER dogs_delete_bump_received_boxes
  AFTER DELETE ON dogs REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_received_boxes_of_dogs();

-- An applicant's new name or e-mail: the owners of the dogs they applied for.
CREATE FUNCTION bump_received_boxes_of_sender() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO received_box_versions (user_id, version)
  SELECT DISTINCT d.hostage_id, 1 FROM interests i JOIN dogs d ON d.id = i.dog_id
   WHERE i.sender_id = NEW.id
  ON CONFLICT (user_id) DO UPDATE SET version = received_box_versions.version + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_contact_bump_received_boxes
  AFTER UPDATE OF name, email ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION bump_received_boxes_of_sender();
