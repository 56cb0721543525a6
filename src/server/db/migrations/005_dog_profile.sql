-- Richer dog profiles (all optional, so the seed's dogs keep working with them empty), the
-- listing's status, and what the catalogue's filters and Spanish text search need.
--
-- The extensions live in `public` whatever the search_path: a database holds each extension once,
-- and the test suite runs every file in its own schema of one PostgreSQL database.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

ALTER TABLE dogs
  ADD COLUMN sex            text     CHECK (sex IN ('male', 'female')),
  ADD COLUMN size           text     CHECK (size IN ('small', 'medium', 'large')),
  ADD COLUMN age_months     smallint CHECK (age_months BETWEEN 0 AND 300),
  ADD COLUMN sterilized     boolean,
  ADD COLUMN vaccinated     boolean,
  ADD COLUMN good_with_kids boolean,
  ADD COLUMN good_with_dogs boolean,
  ADD COLUMN good_with_cats boolean,
  ADD COLUMN status         text     NOT NULL DEFAULT 'available'
                                     CHECK (status IN ('available', 'pending', 'adopted'));

-- Text as the search compares it: lower case, without accents ("Simón" → "simon", "ñ" → "n").
-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in an index
-- expression by itself; with the dictionary named explicitly this wrapper may be declared
-- IMMUTABLE, which is the documented way to index it. Everything is schema-qualified so the
-- function means the same under any search_path (index expressions are evaluated without one).
CREATE FUNCTION dog_search_norm(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, value));

-- What the free-text search looks in: name, city and personality.
CREATE FUNCTION dog_search_document(name text, city text, personality text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN dog_search_norm(name || ' ' || city || ' ' || personality);

-- Trigrams of the document: word similarity (`document %> word`, tolerant of small typos).
CREATE INDEX dogs_search_trgm_idx ON dogs
  USING gin (dog_search_document(name, city, personality) public.gin_trgm_ops);
-- Each filter with the list's order (newest first), so a page is read in order from the index.
CREATE INDEX dogs_status_id_idx ON dogs (status, id);
CREATE INDEX dogs_city_id_idx ON dogs (dog_search_norm(city), id);
CREATE INDEX dogs_size_id_idx ON dogs (size, id);
CREATE INDEX dogs_sex_id_idx ON dogs (sex, id);
CREATE INDEX dogs_age_months_id_idx ON dogs (age_months, id);
