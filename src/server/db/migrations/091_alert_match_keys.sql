-- Saved alerts keep their city and search words normalised as the catalogue compares them
-- (dog_search_norm: no accents, lower case), so matching a dog against every alert normalises
-- the dog once instead of every alert's values each time.
ALTER TABLE alerts
  ADD COLUMN city_key  text,
  ADD COLUMN word_keys text[] NOT NULL DEFAULT '{}';
UPDATE alerts
   SET city_key = dog_search_norm(city),
       word_keys = ARRAY(SELECT dog_search_norm(w) FROM unnest(q_words) AS w);
