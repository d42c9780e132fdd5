-- Version 5 (the original's model version 5): the last known whereabouts, plus when (bounty's addition).
ALTER TABLE fugitive ADD COLUMN last_seen_lat REAL;
ALTER TABLE fugitive ADD COLUMN last_seen_lon REAL;
ALTER TABLE fugitive ADD COLUMN last_seen_desc TEXT;
ALTER TABLE fugitive ADD COLUMN last_seen_at TEXT;
