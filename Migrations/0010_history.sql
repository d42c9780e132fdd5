-- Version 10: undo and redo that survive restarts and work across processes, by sqlite.org's
-- "Automatic Undo/Redo Using SQLite Triggers": while history_recorder.step_id is set (only inside a
-- change command's transaction), triggers write the SQL that reverses each row change into
-- history_entry. Undo replays a step's entries newest first; replaying records the reverse again,
-- into a redo step. A later migration that adds a column must recreate its table's triggers.
CREATE TABLE history_step (
  id INTEGER PRIMARY KEY,
  stack TEXT NOT NULL CHECK (stack IN ('undo', 'redo')),
  label TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX history_step_by_stack ON history_step (stack, id);
CREATE TABLE history_entry (
  id INTEGER PRIMARY KEY,
  step_id INTEGER NOT NULL REFERENCES history_step (id) ON DELETE CASCADE,
  sql TEXT NOT NULL
);
CREATE INDEX history_entry_by_step ON history_entry (step_id, id);
CREATE TABLE history_recorder (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  step_id INTEGER
);
INSERT INTO history_recorder (singleton, step_id) VALUES (1, NULL);

CREATE TRIGGER fugitive_history_insert AFTER INSERT ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'DELETE FROM fugitive WHERE id=' || quote(new.id) FROM history_recorder;
END;

CREATE TRIGGER fugitive_history_update AFTER UPDATE ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'UPDATE fugitive SET id=' || quote(old.id) || ',name=' || quote(old.name) || ',bounty_minor=' || quote(old.bounty_minor) || ',description=' || quote(old.description) || ',captured=' || quote(old.captured) || ',captured_at=' || quote(old.captured_at) || ',captured_lat=' || quote(old.captured_lat) || ',captured_lon=' || quote(old.captured_lon) || ',last_seen_lat=' || quote(old.last_seen_lat) || ',last_seen_lon=' || quote(old.last_seen_lon) || ',last_seen_desc=' || quote(old.last_seen_desc) || ',last_seen_at=' || quote(old.last_seen_at) || ',name_key=' || quote(old.name_key) || ',position=' || quote(old.position) || ',created_at=' || quote(old.created_at) || ',updated_at=' || quote(old.updated_at) || ' WHERE id=' || quote(new.id)
  FROM history_recorder;
END;

CREATE TRIGGER fugitive_history_delete BEFORE DELETE ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'INSERT INTO fugitive (id,name,bounty_minor,description,captured,captured_at,captured_lat,captured_lon,last_seen_lat,last_seen_lon,last_seen_desc,last_seen_at,name_key,position,created_at,updated_at) VALUES (' || quote(old.id) || ',' || quote(old.name) || ',' || quote(old.bounty_minor) || ',' || quote(old.description) || ',' || quote(old.captured) || ',' || quote(old.captured_at) || ',' || quote(old.captured_lat) || ',' || quote(old.captured_lon) || ',' || quote(old.last_seen_lat) || ',' || quote(old.last_seen_lon) || ',' || quote(old.last_seen_desc) || ',' || quote(old.last_seen_at) || ',' || quote(old.name_key) || ',' || quote(old.position) || ',' || quote(old.created_at) || ',' || quote(old.updated_at) || ')'
  FROM history_recorder;
END;

CREATE TRIGGER note_history_insert AFTER INSERT ON note
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'DELETE FROM note WHERE id=' || quote(new.id) FROM history_recorder;
END;

CREATE TRIGGER note_history_update AFTER UPDATE ON note
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'UPDATE note SET id=' || quote(old.id) || ',fugitive_id=' || quote(old.fugitive_id) || ',position=' || quote(old.position) || ',text=' || quote(old.text) || ',created_at=' || quote(old.created_at) || ' WHERE id=' || quote(new.id)
  FROM history_recorder;
END;

CREATE TRIGGER note_history_delete BEFORE DELETE ON note
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'INSERT INTO note (id,fugitive_id,position,text,created_at) VALUES (' || quote(old.id) || ',' || quote(old.fugitive_id) || ',' || quote(old.position) || ',' || quote(old.text) || ',' || quote(old.created_at) || ')'
  FROM history_recorder;
END;

CREATE TRIGGER photo_history_insert AFTER INSERT ON photo
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'DELETE FROM photo WHERE fugitive_id=' || quote(new.fugitive_id) FROM history_recorder;
END;

CREATE TRIGGER photo_history_update AFTER UPDATE ON photo
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'UPDATE photo SET fugitive_id=' || quote(old.fugitive_id) || ',media_type=' || quote(old.media_type) || ',bytes=' || quote(old.bytes) || ' WHERE fugitive_id=' || quote(new.fugitive_id)
  FROM history_recorder;
END;

CREATE TRIGGER photo_history_delete BEFORE DELETE ON photo
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'INSERT INTO photo (fugitive_id,media_type,bytes) VALUES (' || quote(old.fugitive_id) || ',' || quote(old.media_type) || ',' || quote(old.bytes) || ')'
  FROM history_recorder;
END;

CREATE TRIGGER setting_history_insert AFTER INSERT ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'DELETE FROM setting WHERE key=' || quote(new.key) FROM history_recorder;
END;

CREATE TRIGGER setting_history_update AFTER UPDATE ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'UPDATE setting SET key=' || quote(old.key) || ',value=' || quote(old.value) || ' WHERE key=' || quote(new.key)
  FROM history_recorder;
END;

CREATE TRIGGER setting_history_delete BEFORE DELETE ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'INSERT INTO setting (key,value) VALUES (' || quote(old.key) || ',' || quote(old.value) || ')'
  FROM history_recorder;
END;
