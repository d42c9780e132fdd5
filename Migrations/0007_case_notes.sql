-- Version 7: case notes, ordered per fugitive (dense positions from 1), deleted with their fugitive
-- and carried along when its ID# changes.
CREATE TABLE note (
  id INTEGER PRIMARY KEY,
  fugitive_id INTEGER NOT NULL REFERENCES fugitive (id) ON DELETE CASCADE ON UPDATE CASCADE,
  position INTEGER NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX note_by_fugitive ON note (fugitive_id, position);
