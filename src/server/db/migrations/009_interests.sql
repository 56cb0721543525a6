-- "Me interesa": a logged-in visitor's request about a dog, with a message and optionally a phone,
-- that the dog's owner answers or dismisses. A request goes with the dog and with its sender
-- (ON DELETE CASCADE): deleting a listing or an account deletes its requests.
CREATE TABLE interests (
  id         integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dog_id     integer     NOT NULL REFERENCES dogs (id) ON DELETE CASCADE,
  sender_id  integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message    text        NOT NULL CHECK (char_length(message) BETWEEN 10 AND 1000),
  -- A Colombian mobile in E.164, as the profile's (migration 006). NULL: none given.
  phone      text        CHECK (phone IS NULL OR phone ~ '^\+573[0-9]{9}$'),
  state      text        NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'answered', 'dismissed')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- One open (new) request per person and dog; once answered or dismissed, a new one may follow.
CREATE UNIQUE INDEX interests_open_key ON interests (dog_id, sender_id) WHERE state = 'new';
-- The sender's box, newest first; the owner's box walks their dogs' requests.
CREATE INDEX interests_sender_idx ON interests (sender_id, created_at DESC);
CREATE INDEX interests_dog_idx ON interests (dog_id, created_at DESC);
