-- Version 6: what the list views need.
-- name_key: the case- and diacritic-insensitive sort key (bounty_fold is registered by the binary
-- on every connection); position: the manual order, dense from 1; created/updated times.
ALTER TABLE fugitive ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
ALTER TABLE fugitive ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
ALTER TABLE fugitive ADD COLUMN created_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00Z';
ALTER TABLE fugitive ADD COLUMN updated_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00Z';

UPDATE fugitive SET
  name_key = bounty_fold(name),
  created_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'),
  updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now');

-- The first manual order is the original's list order: by name.
UPDATE fugitive SET position = ordered.n
FROM (SELECT id, row_number() OVER (ORDER BY name_key, id) AS n FROM fugitive) AS ordered
WHERE ordered.id = fugitive.id;

-- One index for every list order, with and without the at-large/captured filter, so that a page
-- of 20 out of a million rows is an index walk, not a sort.
CREATE INDEX fugitive_by_name ON fugitive (name_key, id);
CREATE INDEX fugitive_by_status_name ON fugitive (captured, name_key, id);
CREATE INDEX fugitive_by_bounty ON fugitive (bounty_minor, id);
CREATE INDEX fugitive_by_status_bounty ON fugitive (captured, bounty_minor, id);
CREATE INDEX fugitive_by_position ON fugitive (position);
CREATE INDEX fugitive_by_status_position ON fugitive (captured, position);
CREATE INDEX fugitive_by_status_capture ON fugitive (captured, captured_at, id);
