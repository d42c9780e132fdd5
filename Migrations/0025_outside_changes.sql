-- Changes made outside bounty are kept (docs/history.md, "Changes outside bounty"): a fugitive's
-- chain of custody (`history --fugitive ID`) lists every change to it and its records, and a
-- change another program (the `sqlite3` shell, a script, another tool) makes to a SQLite file
-- records no history step. Every change to a fugitive, note, photo, case file, expense or alias
-- that no bounty step records and that bounty itself does not make is logged in outside_change:
-- when (the clock of the writer's machine, UTC), the table, the operation, the row's key, the
-- fugitive it belongs to (before and after, for a row moved to another) and, for an update, the
-- columns it changed. bounty marks its own write transactions (history_recorder.writing, set when
-- one begins and cleared before it commits, so no committed state holds it): its unrecorded
-- writes (the sort keys it mends, the rows a bulk load appends, a migration) are not another
-- program's. An UPDATE that changes no column is not a change, and the sort keys (name_key) are
-- not columns of their own here: the schema and bounty fold them from the names. A row that an
-- INSERT OR REPLACE (or UPDATE OR REPLACE) displaces fires no delete trigger in SQLite: the
-- `*_outside_replace*` triggers log it as deleted, from the fugitive it belonged to. The log is
-- what the file says about itself: a program that drops these triggers (which `db check` names:
-- they are part of the schema it checks) or sets the mark writes unseen.
ALTER TABLE history_recorder ADD COLUMN writing INTEGER NOT NULL DEFAULT 0;
CREATE TABLE outside_change (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  table_name TEXT NOT NULL,
  op TEXT NOT NULL CHECK (op IN ('insert', 'update', 'delete')),
  row_key INTEGER,
  fugitive_id INTEGER,
  old_fugitive_id INTEGER,
  columns TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outside_change_by_fugitive ON outside_change (fugitive_id, id);
CREATE INDEX outside_change_by_old_fugitive ON outside_change (old_fugitive_id, id);
CREATE TRIGGER fugitive_outside_insert AFTER INSERT ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'fugitive', 'insert', new.id, new.id);
END;
CREATE TRIGGER fugitive_outside_update AFTER UPDATE ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND (old.id IS NOT new.id OR old.name IS NOT new.name OR old.bounty_minor IS NOT new.bounty_minor OR old.description IS NOT new.description OR old.captured IS NOT new.captured OR old.captured_at IS NOT new.captured_at OR old.captured_lat IS NOT new.captured_lat OR old.captured_lon IS NOT new.captured_lon OR old.last_seen_lat IS NOT new.last_seen_lat OR old.last_seen_lon IS NOT new.last_seen_lon OR old.last_seen_desc IS NOT new.last_seen_desc OR old.last_seen_at IS NOT new.last_seen_at OR old.position IS NOT new.position OR old.created_at IS NOT new.created_at OR old.updated_at IS NOT new.updated_at)
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id, old_fugitive_id, columns)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'fugitive', 'update', new.id, new.id, old.id,
    ltrim(CASE WHEN old.id IS NOT new.id THEN ' id' ELSE '' END || CASE WHEN old.name IS NOT new.name THEN ' name' ELSE '' END || CASE WHEN old.bounty_minor IS NOT new.bounty_minor THEN ' bounty_minor' ELSE '' END || CASE WHEN old.description IS NOT new.description THEN ' description' ELSE '' END || CASE WHEN old.captured IS NOT new.captured THEN ' captured' ELSE '' END || CASE WHEN old.captured_at IS NOT new.captured_at THEN ' captured_at' ELSE '' END || CASE WHEN old.captured_lat IS NOT new.captured_lat THEN ' captured_lat' ELSE '' END || CASE WHEN old.captured_lon IS NOT new.captured_lon THEN ' captured_lon' ELSE '' END || CASE WHEN old.last_seen_lat IS NOT new.last_seen_lat THEN ' last_seen_lat' ELSE '' END || CASE WHEN old.last_seen_lon IS NOT new.last_seen_lon THEN ' last_seen_lon' ELSE '' END || CASE WHEN old.last_seen_desc IS NOT new.last_seen_desc THEN ' last_seen_desc' ELSE '' END || CASE WHEN old.last_seen_at IS NOT new.last_seen_at THEN ' last_seen_at' ELSE '' END || CASE WHEN old.position IS NOT new.position THEN ' position' ELSE '' END || CASE WHEN old.created_at IS NOT new.created_at THEN ' created_at' ELSE '' END || CASE WHEN old.updated_at IS NOT new.updated_at THEN ' updated_at' ELSE '' END));
END;
CREATE TRIGGER fugitive_outside_delete AFTER DELETE ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'fugitive', 'delete', old.id, old.id);
END;
CREATE TRIGGER fugitive_outside_replace BEFORE INSERT ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND EXISTS (SELECT 1 FROM fugitive AS d WHERE d.id = new.id)
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'fugitive', 'delete', d.id, d.id FROM fugitive AS d WHERE d.id = new.id;
END;
CREATE TRIGGER fugitive_outside_replace_update BEFORE UPDATE ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND EXISTS (SELECT 1 FROM fugitive AS d WHERE (d.id = new.id AND new.id IS NOT old.id))
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'fugitive', 'delete', d.id, d.id FROM fugitive AS d WHERE (d.id = new.id AND new.id IS NOT old.id);
END;
CREATE TRIGGER note_outside_insert AFTER INSERT ON note
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'note', 'insert', new.id, new.fugitive_id);
END;
CREATE TRIGGER note_outside_update AFTER UPDATE ON note
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND (old.id IS NOT new.id OR old.fugitive_id IS NOT new.fugitive_id OR old.position IS NOT new.position OR old.text IS NOT new.text OR old.created_at IS NOT new.created_at)
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id, old_fugitive_id, columns)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'note', 'update', new.id, new.fugitive_id, old.fugitive_id,
    ltrim(CASE WHEN old.id IS NOT new.id THEN ' id' ELSE '' END || CASE WHEN old.fugitive_id IS NOT new.fugitive_id THEN ' fugitive_id' ELSE '' END || CASE WHEN old.position IS NOT new.position THEN ' position' ELSE '' END || CASE WHEN old.text IS NOT new.text THEN ' text' ELSE '' END || CASE WHEN old.created_at IS NOT new.created_at THEN ' created_at' ELSE '' END));
END;
CREATE TRIGGER note_outside_delete AFTER DELETE ON note
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'note', 'delete', old.id, old.fugitive_id);
END;
CREATE TRIGGER note_outside_replace BEFORE INSERT ON note
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND EXISTS (SELECT 1 FROM note AS d WHERE d.id = new.id)
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'note', 'delete', d.id, d.fugitive_id FROM note AS d WHERE d.id = new.id;
END;
CREATE TRIGGER note_outside_replace_update BEFORE UPDATE ON note
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND EXISTS (SELECT 1 FROM note AS d WHERE (d.id = new.id AND new.id IS NOT old.id))
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'note', 'delete', d.id, d.fugitive_id FROM note AS d WHERE (d.id = new.id AND new.id IS NOT old.id);
END;
CREATE TRIGGER photo_outside_insert AFTER INSERT ON photo
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'photo', 'insert', new.fugitive_id, new.fugitive_id);
END;
CREATE TRIGGER photo_outside_update AFTER UPDATE ON photo
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND (old.fugitive_id IS NOT new.fugitive_id OR old.media_type IS NOT new.media_type OR old.bytes IS NOT new.bytes)
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id, old_fugitive_id, columns)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'photo', 'update', new.fugitive_id, new.fugitive_id, old.fugitive_id,
    ltrim(CASE WHEN old.fugitive_id IS NOT new.fugitive_id THEN ' fugitive_id' ELSE '' END || CASE WHEN old.media_type IS NOT new.media_type THEN ' media_type' ELSE '' END || CASE WHEN old.bytes IS NOT new.bytes THEN ' bytes' ELSE '' END));
END;
CREATE TRIGGER photo_outside_delete AFTER DELETE ON photo
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'photo', 'delete', old.fugitive_id, old.fugitive_id);
END;
CREATE TRIGGER photo_outside_replace BEFORE INSERT ON photo
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND EXISTS (SELECT 1 FROM photo AS d WHERE d.fugitive_id = new.fugitive_id)
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'photo', 'delete', d.fugitive_id, d.fugitive_id FROM photo AS d WHERE d.fugitive_id = new.fugitive_id;
END;
CREATE TRIGGER photo_outside_replace_update BEFORE UPDATE ON photo
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND EXISTS (SELECT 1 FROM photo AS d WHERE (d.fugitive_id = new.fugitive_id AND new.fugitive_id IS NOT old.fugitive_id))
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'photo', 'delete', d.fugitive_id, d.fugitive_id FROM photo AS d WHERE (d.fugitive_id = new.fugitive_id AND new.fugitive_id IS NOT old.fugitive_id);
END;
CREATE TRIGGER case_file_outside_insert AFTER INSERT ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'case_file', 'insert', new.fugitive_id, new.fugitive_id);
END;
CREATE TRIGGER case_file_outside_update AFTER UPDATE ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND (old.fugitive_id IS NOT new.fugitive_id OR old.bond_minor IS NOT new.bond_minor OR old.court IS NOT new.court OR old.case_number IS NOT new.case_number OR old.fta_date IS NOT new.fta_date OR old.forfeiture_date IS NOT new.forfeiture_date OR old.dob IS NOT new.dob OR old.height IS NOT new.height OR old.weight IS NOT new.weight OR old.eyes IS NOT new.eyes OR old.hair IS NOT new.hair OR old.marks IS NOT new.marks OR old.closed_at IS NOT new.closed_at)
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id, old_fugitive_id, columns)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'case_file', 'update', new.fugitive_id, new.fugitive_id, old.fugitive_id,
    ltrim(CASE WHEN old.fugitive_id IS NOT new.fugitive_id THEN ' fugitive_id' ELSE '' END || CASE WHEN old.bond_minor IS NOT new.bond_minor THEN ' bond_minor' ELSE '' END || CASE WHEN old.court IS NOT new.court THEN ' court' ELSE '' END || CASE WHEN old.case_number IS NOT new.case_number THEN ' case_number' ELSE '' END || CASE WHEN old.fta_date IS NOT new.fta_date THEN ' fta_date' ELSE '' END || CASE WHEN old.forfeiture_date IS NOT new.forfeiture_date THEN ' forfeiture_date' ELSE '' END || CASE WHEN old.dob IS NOT new.dob THEN ' dob' ELSE '' END || CASE WHEN old.height IS NOT new.height THEN ' height' ELSE '' END || CASE WHEN old.weight IS NOT new.weight THEN ' weight' ELSE '' END || CASE WHEN old.eyes IS NOT new.eyes THEN ' eyes' ELSE '' END || CASE WHEN old.hair IS NOT new.hair THEN ' hair' ELSE '' END || CASE WHEN old.marks IS NOT new.marks THEN ' marks' ELSE '' END || CASE WHEN old.closed_at IS NOT new.closed_at THEN ' closed_at' ELSE '' END));
END;
CREATE TRIGGER case_file_outside_delete AFTER DELETE ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'case_file', 'delete', old.fugitive_id, old.fugitive_id);
END;
CREATE TRIGGER case_file_outside_replace BEFORE INSERT ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND EXISTS (SELECT 1 FROM case_file AS d WHERE d.fugitive_id = new.fugitive_id)
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'case_file', 'delete', d.fugitive_id, d.fugitive_id FROM case_file AS d WHERE d.fugitive_id = new.fugitive_id;
END;
CREATE TRIGGER case_file_outside_replace_update BEFORE UPDATE ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND EXISTS (SELECT 1 FROM case_file AS d WHERE (d.fugitive_id = new.fugitive_id AND new.fugitive_id IS NOT old.fugitive_id))
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'case_file', 'delete', d.fugitive_id, d.fugitive_id FROM case_file AS d WHERE (d.fugitive_id = new.fugitive_id AND new.fugitive_id IS NOT old.fugitive_id);
END;
CREATE TRIGGER expense_outside_insert AFTER INSERT ON expense
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'expense', 'insert', new.id, new.fugitive_id);
END;
CREATE TRIGGER expense_outside_update AFTER UPDATE ON expense
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND (old.id IS NOT new.id OR old.fugitive_id IS NOT new.fugitive_id OR old.position IS NOT new.position OR old.date IS NOT new.date OR old.amount_minor IS NOT new.amount_minor OR old.memo IS NOT new.memo)
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id, old_fugitive_id, columns)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'expense', 'update', new.id, new.fugitive_id, old.fugitive_id,
    ltrim(CASE WHEN old.id IS NOT new.id THEN ' id' ELSE '' END || CASE WHEN old.fugitive_id IS NOT new.fugitive_id THEN ' fugitive_id' ELSE '' END || CASE WHEN old.position IS NOT new.position THEN ' position' ELSE '' END || CASE WHEN old.date IS NOT new.date THEN ' date' ELSE '' END || CASE WHEN old.amount_minor IS NOT new.amount_minor THEN ' amount_minor' ELSE '' END || CASE WHEN old.memo IS NOT new.memo THEN ' memo' ELSE '' END));
END;
CREATE TRIGGER expense_outside_delete AFTER DELETE ON expense
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'expense', 'delete', old.id, old.fugitive_id);
END;
CREATE TRIGGER expense_outside_replace BEFORE INSERT ON expense
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND EXISTS (SELECT 1 FROM expense AS d WHERE d.id = new.id)
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'expense', 'delete', d.id, d.fugitive_id FROM expense AS d WHERE d.id = new.id;
END;
CREATE TRIGGER expense_outside_replace_update BEFORE UPDATE ON expense
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND EXISTS (SELECT 1 FROM expense AS d WHERE (d.id = new.id AND new.id IS NOT old.id))
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'expense', 'delete', d.id, d.fugitive_id FROM expense AS d WHERE (d.id = new.id AND new.id IS NOT old.id);
END;
CREATE TRIGGER alias_outside_insert AFTER INSERT ON alias
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'alias', 'insert', new.id, new.fugitive_id);
END;
CREATE TRIGGER alias_outside_update AFTER UPDATE ON alias
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND (old.id IS NOT new.id OR old.fugitive_id IS NOT new.fugitive_id OR old.name IS NOT new.name)
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id, old_fugitive_id, columns)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'alias', 'update', new.id, new.fugitive_id, old.fugitive_id,
    ltrim(CASE WHEN old.id IS NOT new.id THEN ' id' ELSE '' END || CASE WHEN old.fugitive_id IS NOT new.fugitive_id THEN ' fugitive_id' ELSE '' END || CASE WHEN old.name IS NOT new.name THEN ' name' ELSE '' END));
END;
CREATE TRIGGER alias_outside_delete AFTER DELETE ON alias
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'alias', 'delete', old.id, old.fugitive_id);
END;
CREATE TRIGGER alias_outside_replace BEFORE INSERT ON alias
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND EXISTS (SELECT 1 FROM alias AS d WHERE (d.id = new.id OR (d.fugitive_id = new.fugitive_id AND d.name_key = new.name_key)))
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'alias', 'delete', d.id, d.fugitive_id FROM alias AS d WHERE (d.id = new.id OR (d.fugitive_id = new.fugitive_id AND d.name_key = new.name_key));
END;
CREATE TRIGGER alias_outside_replace_update BEFORE UPDATE ON alias
WHEN (SELECT step_id FROM history_recorder) IS NULL
  AND (SELECT writing FROM history_recorder) IS NOT 1
  AND EXISTS (SELECT 1 FROM alias AS d WHERE d.id IS NOT old.id AND (d.id = new.id OR (d.fugitive_id = new.fugitive_id AND d.name_key = new.name_key)))
BEGIN
  INSERT INTO outside_change (at, table_name, op, row_key, old_fugitive_id)
  SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'alias', 'delete', d.id, d.fugitive_id FROM alias AS d WHERE d.id IS NOT old.id AND (d.id = new.id OR (d.fugitive_id = new.fugitive_id AND d.name_key = new.name_key));
END;
