-- "Me interesa" becomes the adoption application: a pipeline of states with its history, and a
-- snapshot of the applicant's adopter profile. The second wave's states map onto the new ones:
-- answered → reviewing, dismissed → declined.

-- The adopter profile, filled once and copied into each application (the fields are validated
-- by the application; the row holds one JSON object).
CREATE TABLE adopter_profiles (
  user_id    integer     PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  profile    jsonb       NOT NULL,
  updated_at timestamptz NOT NULL
);

ALTER TABLE interests DROP CONSTRAINT interests_state_check;
DROP INDEX interests_open_key;
-- [{state, at, note?}], oldest first; `at` an ISO 8601 UTC time.
ALTER TABLE interests ADD COLUMN history jsonb;
-- The applicant's adopter profile when they applied; NULL when they had none.
ALTER TABLE interests ADD COLUMN profile jsonb;

UPDATE interests SET
  state = CASE state WHEN 'answered' THEN 'reviewing' WHEN 'dismissed' THEN 'declined' ELSE state END,
  emailed_states = array_replace(array_replace(emailed_states, 'answered', 'reviewing'),
                                 'dismissed', 'declined');
UPDATE interests SET history =
  jsonb_build_array(jsonb_build_object(
    'state', 'new', 'at', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
  || CASE WHEN state = 'new' THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object(
    'state', state, 'at', to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
  END;

-- An answered request used to close; now it stays open in review. Where the applicant sent a
-- newer request about the same dog since, the newer one is the open one: the older was replaced
-- by its own sender and counts as withdrawn then.
WITH superseded AS (
  SELECT i.id, min(n.created_at) AS at
    FROM interests i
    JOIN interests n ON n.dog_id = i.dog_id AND n.sender_id = i.sender_id
                    AND (n.created_at, n.id) > (i.created_at, i.id)
   WHERE i.state = 'reviewing'
   GROUP BY i.id
)
UPDATE interests x SET
  state = 'withdrawn',
  updated_at = GREATEST(x.updated_at, s.at),
  history = x.history || jsonb_build_array(jsonb_build_object(
    'state', 'withdrawn',
    'at', to_char(GREATEST(x.updated_at, s.at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
  FROM superseded s WHERE x.id = s.id;

ALTER TABLE interests ALTER COLUMN history SET NOT NULL;
ALTER TABLE interests ADD CONSTRAINT interests_state_check CHECK (state IN (
  'new', 'reviewing', 'interview', 'approved', 'adopted', 'declined', 'withdrawn'));
-- One open request per person and dog; once declined, withdrawn or adopted, a new one may follow.
CREATE UNIQUE INDEX interests_open_key ON interests (dog_id, sender_id)
  WHERE state IN ('new', 'reviewing', 'interview', 'approved');
