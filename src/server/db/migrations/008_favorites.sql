-- "Guardados": the dogs a person marked with a heart. A favorite goes with the person and with the
-- dog (ON DELETE CASCADE): deleting an account or a listing deletes its favorites.
CREATE TABLE favorites (
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  dog_id     integer     NOT NULL REFERENCES dogs (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, dog_id)
);
-- Deleting a dog finds its favorites by dog.
CREATE INDEX favorites_dog_id_idx ON favorites (dog_id);
