-- An adoption is a record of care that outlives the dog's listing: deleting the dog keeps its
-- adoptions and their check-ins (dog_id becomes NULL), with the dog's name as it was when the
-- adoption was closed. The listing's photos go with the listing, so no image is kept.
ALTER TABLE adoptions ADD COLUMN dog_name text;
UPDATE adoptions a SET dog_name = d.name FROM dogs d WHERE d.id = a.dog_id;
ALTER TABLE adoptions ALTER COLUMN dog_name SET NOT NULL;
ALTER TABLE adoptions ALTER COLUMN dog_id DROP NOT NULL;
ALTER TABLE adoptions DROP CONSTRAINT adoptions_dog_id_fkey;
ALTER TABLE adoptions ADD CONSTRAINT adoptions_dog_id_fkey
  FOREIGN KEY (dog_id) REFERENCES dogs (id) ON DELETE SET NULL;

-- When the rescuer cancelled a pending adoption (the acta can no longer be accepted).
ALTER TABLE adoptions ADD COLUMN cancelled_at timestamptz;
ALTER TABLE adoptions ADD CONSTRAINT adoptions_cancelled_at_check
  CHECK ((state = 'cancelled') = (cancelled_at IS NOT NULL));
