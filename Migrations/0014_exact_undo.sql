-- Version 14: the undo log keeps a photo's old bytes as a blob, bound in place, instead of writing
-- them into the SQL text with quote(): a 10 MiB photo is no longer 20 MB of hex built by string
-- concatenation (hundreds of MB of memory to replace a photo or to undo that). The reversing SQL
-- reads the bytes back with a subquery on history_blob, keyed by the history_entry row it belongs
-- to, which takes them with it when the step is dropped. The entry's id is the one SQLite will
-- give the row (largest id + 1: history_entry is never near the rowid limit).
CREATE TABLE history_blob (
  entry_id INTEGER PRIMARY KEY REFERENCES history_entry (id) ON DELETE CASCADE,
  bytes BLOB NOT NULL
);

DROP TRIGGER photo_history_update;
CREATE TRIGGER photo_history_update AFTER UPDATE ON photo
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'UPDATE photo SET fugitive_id=' || quote(old.fugitive_id) || ',media_type=' || quote(old.media_type) || ',bytes=(SELECT bytes FROM history_blob WHERE entry_id=' || (SELECT coalesce(max(id), 0) + 1 FROM history_entry) || ') WHERE fugitive_id=' || quote(new.fugitive_id)
  FROM history_recorder;
  INSERT INTO history_blob (entry_id, bytes) VALUES (last_insert_rowid(), old.bytes);
END;

DROP TRIGGER photo_history_delete;
CREATE TRIGGER photo_history_delete BEFORE DELETE ON photo
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'INSERT INTO photo (fugitive_id,media_type,bytes) VALUES (' || quote(old.fugitive_id) || ',' || quote(old.media_type) || ',(SELECT bytes FROM history_blob WHERE entry_id=' || (SELECT coalesce(max(id), 0) + 1 FROM history_entry) || '))'
  FROM history_recorder;
  INSERT INTO history_blob (entry_id, bytes) VALUES (last_insert_rowid(), old.bytes);
END;
