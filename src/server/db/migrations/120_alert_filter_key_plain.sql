-- An alert's `filter_key` (one person never saves the same search twice) compares text as the
-- catalogue does: without accents, case or repeated spaces ("Jamundí" and " jamundi " are one
-- city). Keys written before are recomputed the same way as alertFilterKey and
-- lostFoundAlertFilterKey (alerts/repository.ts) write them now. Where two alerts of a person come
-- to share a key, the older takes it and the newer keeps the one it had (both stay). The purge of
-- old unsubscribe tokens reads them by age.
WITH plain AS (
  SELECT id, user_id, scope, size, sex, age, kind, zone,
         regexp_replace(btrim(pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary,
           array_to_string(q_words, ' ')))), '\s+', ' ', 'g') AS words,
         regexp_replace(btrim(pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary,
           coalesce(city, '')))), '\s+', ' ', 'g') AS city
    FROM alerts
), keyed AS (
  SELECT id, user_id,
         CASE WHEN scope = 'lost_found' THEN
           '["lost_found",' || to_json(words)::text || ',' || to_json(coalesce(kind, ''))::text ||
           ',' || to_json(coalesce(zone, ''))::text || ',' || to_json(coalesce(size, ''))::text ||
           ',' || to_json(coalesce(sex, ''))::text || ']'
         ELSE
           '[' || to_json(words)::text || ',' || to_json(city)::text || ',' ||
           to_json(coalesce(size, ''))::text || ',' || to_json(coalesce(sex, ''))::text || ',' ||
           to_json(coalesce(age, ''))::text || ']'
         END AS filter_key
    FROM plain
), first AS (
  SELECT k.id, k.filter_key,
         row_number() OVER (PARTITION BY k.user_id, k.filter_key ORDER BY k.id) AS n
    FROM keyed k
   WHERE NOT EXISTS (SELECT 1 FROM alerts o
                      WHERE o.user_id = k.user_id AND o.filter_key = k.filter_key AND o.id <> k.id)
)
UPDATE alerts a SET filter_key = f.filter_key
  FROM first f
 WHERE a.id = f.id AND f.n = 1 AND a.filter_key <> f.filter_key;

CREATE INDEX alert_unsubscribe_tokens_created_at_idx ON alert_unsubscribe_tokens (created_at);
