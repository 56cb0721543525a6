-- Closing an adoption: the record of who adopted which dog from which approved application, the
-- acta de compromiso they accepted (its version and when), the follow-up check-ins due after
-- acceptance, the sterilization commitment and a return. The adopter's account deletion keeps
-- the rescuer's record of the dog's history without the person (adopter_id becomes NULL).
CREATE TABLE adoptions (
  id                  integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dog_id              integer     NOT NULL REFERENCES dogs (id) ON DELETE CASCADE,
  interest_id         integer     REFERENCES interests (id) ON DELETE SET NULL,
  rescuer_id          integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  adopter_id          integer     REFERENCES users (id) ON DELETE SET NULL,
  -- pending: the acta is not accepted yet; active: accepted, followed up; returned: the dog came
  -- back to the rescuer; cancelled: the rescuer closed it with someone else before acceptance.
  state               text        NOT NULL DEFAULT 'pending'
                                  CHECK (state IN ('pending', 'active', 'returned', 'cancelled')),
  acta_version        text,
  created_at          timestamptz NOT NULL,
  accepted_at         timestamptz,
  returned_at         timestamptz,
  return_note         text        CHECK (char_length(return_note) <= 1000),
  -- The adopter lets the dog's page and /finales-felices show the latest check-in photo.
  share_consent       boolean     NOT NULL DEFAULT false,
  -- Sterilization: the date it is due by (NULL when the dog was already sterilized), and what
  -- the adopter recorded.
  sterilization_due        date,
  sterilized_on            date,
  sterilization_clinic     text  CHECK (char_length(sterilization_clinic) <= 120),
  sterilization_photo_id   integer REFERENCES photos (id) ON DELETE SET NULL,
  sterilization_recorded_at timestamptz,
  -- Reminders sent: 'before' (a week before the date) and 'due' (on the date).
  sterilization_reminders  text[] NOT NULL DEFAULT '{}',
  CHECK ((state = 'pending') = (accepted_at IS NULL) OR state = 'cancelled')
);
CREATE INDEX adoptions_dog_id_idx ON adoptions (dog_id);
CREATE INDEX adoptions_rescuer_id_idx ON adoptions (rescuer_id);
CREATE INDEX adoptions_adopter_id_idx ON adoptions (adopter_id);
-- One adoption under way (pending or active) per dog.
CREATE UNIQUE INDEX adoptions_open_key ON adoptions (dog_id) WHERE state IN ('pending', 'active');
-- The sterilization reminders still to send.
CREATE INDEX adoptions_sterilization_open_idx ON adoptions (sterilization_due)
  WHERE state = 'active' AND sterilized_on IS NULL AND sterilization_due IS NOT NULL;

-- The check-ins of an active adoption, one per step of the follow-up schedule.
CREATE TABLE adoption_checkins (
  id           integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  adoption_id  integer     NOT NULL REFERENCES adoptions (id) ON DELETE CASCADE,
  seq          smallint    NOT NULL CHECK (seq >= 1),
  due_at       timestamptz NOT NULL,
  -- Its link stops working then: when the next check-in falls due.
  expires_at   timestamptz NOT NULL,
  sent_at      timestamptz,
  reminded_at  timestamptz,
  -- When the rescuer was told it went unanswered.
  escalated_at timestamptz,
  answered_at  timestamptz,
  status       text        CHECK (status IN ('ok', 'help', 'return')),
  message      text        CHECK (char_length(message) <= 2000),
  UNIQUE (adoption_id, seq),
  CHECK ((answered_at IS NULL) = (status IS NULL))
);
-- The follow-up job's work: unsent check-ins by due time, sent ones still unanswered.
CREATE INDEX adoption_checkins_unsent_idx ON adoption_checkins (due_at) WHERE sent_at IS NULL;
CREATE INDEX adoption_checkins_waiting_idx ON adoption_checkins (due_at)
  WHERE sent_at IS NOT NULL AND answered_at IS NULL AND escalated_at IS NULL;

-- The single-use links e-mailed for a check-in (the first one and the reminder's), stored as
-- SHA-256 hashes; all of them stop working once the check-in is answered or expires.
CREATE TABLE checkin_tokens (
  token_hash  text    PRIMARY KEY,
  checkin_id  integer NOT NULL REFERENCES adoption_checkins (id) ON DELETE CASCADE
);
CREATE INDEX checkin_tokens_checkin_id_idx ON checkin_tokens (checkin_id);

-- The photos of a check-in (one or two), uploaded by the adopter.
CREATE TABLE checkin_photos (
  photo_id    integer  PRIMARY KEY REFERENCES photos (id) ON DELETE CASCADE,
  checkin_id  integer  NOT NULL REFERENCES adoption_checkins (id) ON DELETE CASCADE,
  position    smallint NOT NULL CHECK (position BETWEEN 0 AND 1),
  UNIQUE (checkin_id, position)
);
