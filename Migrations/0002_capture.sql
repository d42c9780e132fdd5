-- Version 2 (the original's model version 2): the "Captured?" toggle and the moment it was set.
-- captured_at is ISO 8601 UTC text (2026-11-30T10:00:00Z), NULL while at large.
ALTER TABLE fugitive ADD COLUMN captured INTEGER NOT NULL DEFAULT 0 CHECK (captured IN (0, 1));
ALTER TABLE fugitive ADD COLUMN captured_at TEXT;
