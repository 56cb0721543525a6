-- Matching a published dog looks up the few dog alerts that can match it instead of reading every
-- saved alert, so its work grows with the alerts it matches, not with all the alerts saved.
-- `match_key`: the alert's city, size, sex and age ('*' for "any") as one indexed key; a dog
-- satisfies at most 16 such keys. `word_trigrams`: the trigrams of the alert's search words
-- without the single-letter ones ('  a'): a word similar enough to a dog's text (pg_trgm's word
-- similarity, threshold 0.6) always shares at least one of these with that text, so alerts
-- with words are looked up by overlap before their words are compared.
CREATE FUNCTION alert_trigrams(texts text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ARRAY(SELECT DISTINCT t FROM unnest(texts) AS v, unnest(public.show_trgm(v)) AS t
                WHERE t NOT LIKE '  %');

ALTER TABLE alerts
  ADD COLUMN match_key text GENERATED ALWAYS AS (
    coalesce(city_key, '*') || chr(31) || coalesce(size, '*') || chr(31) ||
    coalesce(sex, '*') || chr(31) || coalesce(age, '*')
  ) STORED,
  ADD COLUMN word_trigrams text[] GENERATED ALWAYS AS (
    alert_trigrams(word_keys)
  ) STORED;

CREATE INDEX alerts_match_key_idx ON alerts (match_key)
  WHERE scope = 'dogs' AND NOT paused AND cardinality(word_keys) = 0;
CREATE INDEX alerts_word_trigrams_idx ON alerts USING gin (word_trigrams)
  WHERE scope = 'dogs' AND NOT paused AND cardinality(word_keys) > 0;
