-- Saved searches on lost and found reports: an alert's `scope` says what it watches, the
-- catalogue's dogs (every alert so far) or lost and found reports, whose filters add the kind
-- (lost, found) and the zone (an id of shared/zones.ts) and have no city or age. The limit of
-- alerts per person counts both scopes.
ALTER TABLE alerts
  ADD COLUMN scope text NOT NULL DEFAULT 'dogs' CHECK (scope IN ('dogs', 'lost_found')),
  ADD COLUMN kind  text CHECK (kind IN ('lost', 'found')),
  ADD COLUMN zone  text CHECK (zone ~ '^[a-z0-9-]{1,40}$'),
  ADD CONSTRAINT alerts_scope_filters_check CHECK (
    CASE scope WHEN 'dogs' THEN kind IS NULL AND zone IS NULL
               ELSE city IS NULL AND age IS NULL END);

-- Matching a report reads only the active lost and found alerts.
CREATE INDEX alerts_lost_found_active_idx ON alerts (id) WHERE scope = 'lost_found' AND NOT paused;

-- Each report a lost and found alert matched, once ever (the primary key), as alert_matches
-- does for dogs: `sent_at` is set when the e-mail that tells of it is queued.
CREATE TABLE alert_report_matches (
  alert_id   integer     NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  report_id  integer     NOT NULL REFERENCES lost_found_reports (id) ON DELETE CASCADE,
  user_id    integer     NOT NULL,
  matched_at timestamptz NOT NULL,
  sent_at    timestamptz,
  PRIMARY KEY (alert_id, report_id)
);
CREATE INDEX alert_report_matches_pending_idx ON alert_report_matches (user_id)
  WHERE sent_at IS NULL;
CREATE INDEX alert_report_matches_report_id_idx ON alert_report_matches (report_id);
