-- The states of a "Me interesa" request its sender has already been e-mailed about. An owner who
-- switches a request back and forth sends the sender one e-mail per state at most, not one per
-- switch. Requests answered or dismissed before this migration were e-mailed on that change.
ALTER TABLE interests ADD COLUMN emailed_states text[] NOT NULL DEFAULT '{}';
UPDATE interests SET emailed_states = ARRAY[state] WHERE state <> 'new';
