-- Organizations (foundations, independent rescuers, shelters) with a public page, their members
-- (admin or member) and the e-mailed invitations that bring new members in. A dog may be
-- published for an organization: every member may then edit it and answer its applications.

CREATE TABLE orgs (
  id          integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The public address: /fundaciones/<slug>.
  slug        text        NOT NULL UNIQUE
                          CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) <= 80),
  name        text        NOT NULL CHECK (char_length(name) BETWEEN 2 AND 80),
  kind        text        NOT NULL CHECK (kind IN ('fundacion', 'rescatista', 'refugio')),
  -- An id of shared/zones.ts (checked by the application: the list lives in the code).
  zone        text        NOT NULL CHECK (char_length(zone) <= 40),
  description text        NOT NULL CHECK (char_length(description) <= 2000),
  -- Up to five http(s) addresses (site, Instagram, Facebook…), as a JSON array of strings.
  links       jsonb       NOT NULL DEFAULT '[]',
  -- Set by a site admin who checked the organization is real ("Verificada").
  verified_at timestamptz,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX orgs_waiting_idx ON orgs (created_at) WHERE verified_at IS NULL;

CREATE TABLE org_members (
  org_id    integer     NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
  user_id   integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role      text        NOT NULL CHECK (role IN ('admin', 'member')),
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, user_id)
);
CREATE INDEX org_members_user_id_idx ON org_members (user_id);

-- An invitation is a link e-mailed to an address; only the SHA-256 of its token is stored.
CREATE TABLE org_invitations (
  id          integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id      integer     NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
  email       text        NOT NULL CHECK (char_length(email) <= 254),
  token_hash  text        NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  invited_by  integer     REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  accepted_at timestamptz
);
-- One pending invitation per organization and address: a new one replaces it.
CREATE UNIQUE INDEX org_invitations_pending_key ON org_invitations (org_id, lower(email))
  WHERE accepted_at IS NULL;

ALTER TABLE dogs ADD COLUMN org_id integer REFERENCES orgs (id) ON DELETE SET NULL;
CREATE INDEX dogs_org_id_idx ON dogs (org_id, id DESC) WHERE org_id IS NOT NULL;

-- Dogs are shown with their organization's name and badge: renaming, verifying or deleting one
-- changes the listings (bump_dog_list_version comes from migration 002).
CREATE TRIGGER orgs_update_bump_list_version
  AFTER UPDATE OF name, slug, verified_at ON orgs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_dog_list_version();
CREATE TRIGGER orgs_delete_bump_list_version
  AFTER DELETE ON orgs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_dog_list_version();

-- The received box (migration 041) of every member of an organization holds the applications
-- of its dogs: the versions are bumped for the dogs' publishers and their organizations' members.
CREATE OR REPLACE FUNCTION bump_received_boxes_of_interests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO received_box_versions (user_id, version)
  SELECT DISTINCT x.user_id, 1 FROM (
    SELECT d.hostage_id AS user_id FROM changed_rows c JOIN dogs d ON d.id = c.dog_id
    UNION
    SELECT m.user_id FROM changed_rows c JOIN dogs d ON d.id = c.dog_id
      JOIN org_members m ON m.org_id = d.org_id
  ) x
  ON CONFLICT (user_id) DO UPDATE SET version = received_box_versions.version + 1;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION bump_received_boxes_of_dogs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO received_box_versions (user_id, version)
  SELECT DISTINCT x.user_id, 1 FROM (
    SELECT hostage_id AS user_id FROM changed_rows
    UNION
    SELECT m.user_id FROM changed_rows c JOIN org_members m ON m.org_id = c.org_id
  ) x
  ON CONFLICT (user_id) DO UPDATE SET version = received_box_versions.version + 1;
  RETURN NULL;
END
$$;
-- A dog moved out of an organization leaves its former members' boxes.
CREATE TRIGGER dogs_update_old_bump_received_boxes
  AFTER UPDATE ON dogs REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_received_boxes_of_dogs();

CREATE OR REPLACE FUNCTION bump_received_boxes_of_sender() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO received_box_versions (user_id, version)
  SELECT DISTINCT x.user_id, 1 FROM (
    SELECT d.hostage_id AS user_id FROM interests i JOIN dogs d ON d.id = i.dog_id
     WHERE i.sender_id = NEW.id
    UNION
    SELECT m.user_id FROM interests i JOIN dogs d ON d.id = i.dog_id
      JOIN org_members m ON m.org_id = d.org_id
     WHERE i.sender_id = NEW.id
  ) x
  ON CONFLICT (user_id) DO UPDATE SET version = received_box_versions.version + 1;
  RETURN NULL;
END
$$;

-- Joining or leaving an organization adds or removes its dogs' applications from one's box.
CREATE FUNCTION bump_received_boxes_of_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO received_box_versions (user_id, version)
  SELECT DISTINCT user_id, 1 FROM changed_rows
  ON CONFLICT (user_id) DO UPDATE SET version = received_box_versions.version + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER org_members_insert_bump_received_boxes
  AFTER INSERT ON org_members REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_received_boxes_of_members();
CREATE TRIGGER org_members_delete_bump_received_boxes
  AFTER DELETE ON org_members REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_received_boxes_of_members();

-- Site admins verify organizations (and may undo it); the audit log records both.
ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_action_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_action_check CHECK (action IN (
  'dog_hide', 'dog_restore', 'user_block', 'user_unblock', 'report_dismiss',
  'role_grant', 'role_revoke', 'lost_found_hide', 'lost_found_restore',
  'org_verify', 'org_unverify'));
ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_target_type_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_target_type_check
  CHECK (target_type IN ('dog', 'user', 'report', 'lost_found', 'org'));
