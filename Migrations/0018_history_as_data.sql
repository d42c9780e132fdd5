-- Version 18: a history entry is data, not SQL. Undo used to run the statement text stored in
-- history_entry.sql; anyone who can write the file (another program, a restored copy, a planted
-- row) could make the next undo run any SQL. Now an entry says which statement undo runs, in op,
-- from a fixed list CHECKed here (table.delete: delete the row whose key is v1; table.update: put
-- the old values v1… back into the row whose key is the last value; table.insert: insert the old
-- row v1…; fugitive.deleteAfterPosition: delete the fugitives an import appended after manual
-- position v1), and the values it binds, in v1…v17 as since migration 15. The statements
-- themselves are compiled into bounty (HistoryStatements.swift); sql is no longer read (always '').
--
-- Entries recorded before: a bound entry (migration 15) whose sql is exactly one of the fixed
-- statements gets that statement's op; an import's literal 'DELETE FROM fugitive WHERE position > N'
-- gets fugitive.deleteAfterPosition with N in v1. Any other entry (literal SQL written before
-- migration 15, or text that matches nothing) is 'refused': it is never run. Its step, and every
-- older step of the same stack (which assume it was replayed first), are removed from history;
-- newer steps still undo. A row inserted later without an op is 'refused' too, and undo refuses
-- its step.
ALTER TABLE history_entry ADD COLUMN op TEXT NOT NULL DEFAULT 'refused' CHECK (op IN (
  'refused',
  'fugitive.delete',
  'fugitive.update',
  'fugitive.insert',
  'note.delete',
  'note.update',
  'note.insert',
  'photo.delete',
  'photo.update',
  'photo.insert',
  'setting.delete',
  'setting.update',
  'setting.insert',
  'case_file.delete',
  'case_file.update',
  'case_file.insert',
  'expense.delete',
  'expense.update',
  'expense.insert',
  'alias.delete',
  'alias.update',
  'alias.insert',
  'fugitive.deleteAfterPosition'
));
UPDATE history_entry SET op = CASE sql
  WHEN 'DELETE FROM fugitive WHERE id=(SELECT v1 FROM history_entry WHERE id=?1)' THEN 'fugitive.delete'
  WHEN 'UPDATE fugitive SET id=h.v1,name=h.v2,bounty_minor=h.v3,description=h.v4,captured=h.v5,captured_at=h.v6,captured_lat=h.v7,captured_lon=h.v8,last_seen_lat=h.v9,last_seen_lon=h.v10,last_seen_desc=h.v11,last_seen_at=h.v12,name_key=h.v13,position=h.v14,created_at=h.v15,updated_at=h.v16 FROM history_entry AS h WHERE h.id=?1 AND fugitive.id=h.v17' THEN 'fugitive.update'
  WHEN 'INSERT INTO fugitive (id,name,bounty_minor,description,captured,captured_at,captured_lat,captured_lon,last_seen_lat,last_seen_lon,last_seen_desc,last_seen_at,name_key,position,created_at,updated_at) SELECT v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16 FROM history_entry WHERE id=?1' THEN 'fugitive.insert'
  WHEN 'DELETE FROM note WHERE id=(SELECT v1 FROM history_entry WHERE id=?1)' THEN 'note.delete'
  WHEN 'UPDATE note SET id=h.v1,fugitive_id=h.v2,position=h.v3,text=h.v4,created_at=h.v5 FROM history_entry AS h WHERE h.id=?1 AND note.id=h.v6' THEN 'note.update'
  WHEN 'INSERT INTO note (id,fugitive_id,position,text,created_at) SELECT v1,v2,v3,v4,v5 FROM history_entry WHERE id=?1' THEN 'note.insert'
  WHEN 'DELETE FROM photo WHERE fugitive_id=(SELECT v1 FROM history_entry WHERE id=?1)' THEN 'photo.delete'
  WHEN 'UPDATE photo SET fugitive_id=(SELECT v1 FROM history_entry WHERE id=?1),media_type=(SELECT v2 FROM history_entry WHERE id=?1),bytes=(SELECT v3 FROM history_entry WHERE id=?1) WHERE fugitive_id=(SELECT v4 FROM history_entry WHERE id=?1)' THEN 'photo.update'
  WHEN 'INSERT INTO photo (fugitive_id,media_type,bytes) SELECT v1,v2,v3 FROM history_entry WHERE id=?1' THEN 'photo.insert'
  WHEN 'DELETE FROM setting WHERE key=(SELECT v1 FROM history_entry WHERE id=?1)' THEN 'setting.delete'
  WHEN 'UPDATE setting SET key=h.v1,value=h.v2 FROM history_entry AS h WHERE h.id=?1 AND setting.key=h.v3' THEN 'setting.update'
  WHEN 'INSERT INTO setting (key,value) SELECT v1,v2 FROM history_entry WHERE id=?1' THEN 'setting.insert'
  WHEN 'DELETE FROM case_file WHERE fugitive_id=(SELECT v1 FROM history_entry WHERE id=?1)' THEN 'case_file.delete'
  WHEN 'UPDATE case_file SET fugitive_id=h.v1,bond_minor=h.v2,court=h.v3,case_number=h.v4,fta_date=h.v5,forfeiture_date=h.v6,dob=h.v7,height=h.v8,weight=h.v9,eyes=h.v10,hair=h.v11,marks=h.v12,closed_at=h.v13 FROM history_entry AS h WHERE h.id=?1 AND case_file.fugitive_id=h.v14' THEN 'case_file.update'
  WHEN 'INSERT INTO case_file (fugitive_id,bond_minor,court,case_number,fta_date,forfeiture_date,dob,height,weight,eyes,hair,marks,closed_at) SELECT v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13 FROM history_entry WHERE id=?1' THEN 'case_file.insert'
  WHEN 'DELETE FROM expense WHERE id=(SELECT v1 FROM history_entry WHERE id=?1)' THEN 'expense.delete'
  WHEN 'UPDATE expense SET id=h.v1,fugitive_id=h.v2,position=h.v3,date=h.v4,amount_minor=h.v5,memo=h.v6 FROM history_entry AS h WHERE h.id=?1 AND expense.id=h.v7' THEN 'expense.update'
  WHEN 'INSERT INTO expense (id,fugitive_id,position,date,amount_minor,memo) SELECT v1,v2,v3,v4,v5,v6 FROM history_entry WHERE id=?1' THEN 'expense.insert'
  WHEN 'DELETE FROM alias WHERE id=(SELECT v1 FROM history_entry WHERE id=?1)' THEN 'alias.delete'
  WHEN 'UPDATE alias SET id=h.v1,fugitive_id=h.v2,name=h.v3,name_key=h.v4 FROM history_entry AS h WHERE h.id=?1 AND alias.id=h.v5' THEN 'alias.update'
  WHEN 'INSERT INTO alias (id,fugitive_id,name,name_key) SELECT v1,v2,v3,v4 FROM history_entry WHERE id=?1' THEN 'alias.insert'
  ELSE 'refused' END
WHERE bound = 1;
UPDATE history_entry SET op = 'fugitive.deleteAfterPosition', v1 = CAST(substr(sql, 39) AS INTEGER)
WHERE bound = 0 AND substr(sql, 1, 38) = 'DELETE FROM fugitive WHERE position > '
  AND length(sql) BETWEEN 39 AND 56 AND substr(sql, 39) NOT GLOB '*[^0-9]*';
DELETE FROM history_step WHERE id IN (
  SELECT s.id FROM history_step AS s WHERE EXISTS (
    SELECT 1 FROM history_step AS r JOIN history_entry AS e ON e.step_id = r.id
    WHERE e.op = 'refused' AND r.stack = s.stack AND r.id >= s.id));
DELETE FROM history_entry WHERE step_id NOT IN (SELECT id FROM history_step);
DELETE FROM history_blob WHERE entry_id NOT IN (SELECT id FROM history_entry);
UPDATE history_entry SET sql = '' WHERE sql <> '';
DROP TRIGGER fugitive_history_insert;
CREATE TRIGGER fugitive_history_insert AFTER INSERT ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1)
  SELECT step_id, 'fugitive.delete', '', new.id
  FROM history_recorder;
END;
DROP TRIGGER fugitive_history_update;
CREATE TRIGGER fugitive_history_update AFTER UPDATE ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16,v17)
  SELECT step_id, 'fugitive.update', '', old.id, old.name, old.bounty_minor, old.description, old.captured, old.captured_at, old.captured_lat, old.captured_lon, old.last_seen_lat, old.last_seen_lon, old.last_seen_desc, old.last_seen_at, old.name_key, old.position, old.created_at, old.updated_at, new.id
  FROM history_recorder;
END;
DROP TRIGGER fugitive_history_delete;
CREATE TRIGGER fugitive_history_delete BEFORE DELETE ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16)
  SELECT step_id, 'fugitive.insert', '', old.id, old.name, old.bounty_minor, old.description, old.captured, old.captured_at, old.captured_lat, old.captured_lon, old.last_seen_lat, old.last_seen_lon, old.last_seen_desc, old.last_seen_at, old.name_key, old.position, old.created_at, old.updated_at
  FROM history_recorder;
END;
DROP TRIGGER note_history_insert;
CREATE TRIGGER note_history_insert AFTER INSERT ON note
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1)
  SELECT step_id, 'note.delete', '', new.id
  FROM history_recorder;
END;
DROP TRIGGER note_history_update;
CREATE TRIGGER note_history_update AFTER UPDATE ON note
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3,v4,v5,v6)
  SELECT step_id, 'note.update', '', old.id, old.fugitive_id, old.position, old.text, old.created_at, new.id
  FROM history_recorder;
END;
DROP TRIGGER note_history_delete;
CREATE TRIGGER note_history_delete BEFORE DELETE ON note
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3,v4,v5)
  SELECT step_id, 'note.insert', '', old.id, old.fugitive_id, old.position, old.text, old.created_at
  FROM history_recorder;
END;
DROP TRIGGER photo_history_insert;
CREATE TRIGGER photo_history_insert AFTER INSERT ON photo
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1)
  SELECT step_id, 'photo.delete', '', new.fugitive_id
  FROM history_recorder;
END;
DROP TRIGGER photo_history_update;
CREATE TRIGGER photo_history_update AFTER UPDATE ON photo
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3,v4)
  SELECT step_id, 'photo.update', '', old.fugitive_id, old.media_type, old.bytes, new.fugitive_id
  FROM history_recorder;
END;
DROP TRIGGER photo_history_delete;
CREATE TRIGGER photo_history_delete BEFORE DELETE ON photo
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3)
  SELECT step_id, 'photo.insert', '', old.fugitive_id, old.media_type, old.bytes
  FROM history_recorder;
END;
DROP TRIGGER setting_history_insert;
CREATE TRIGGER setting_history_insert AFTER INSERT ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1)
  SELECT step_id, 'setting.delete', '', new.key
  FROM history_recorder;
END;
DROP TRIGGER setting_history_update;
CREATE TRIGGER setting_history_update AFTER UPDATE ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3)
  SELECT step_id, 'setting.update', '', old.key, old.value, new.key
  FROM history_recorder;
END;
-- AFTER, as migration 0017 made it: the currency triggers act BEFORE a change of the setting, so
-- its entry follows the amounts they rescale and undo puts the setting back first.
DROP TRIGGER setting_history_delete;
CREATE TRIGGER setting_history_delete AFTER DELETE ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2)
  SELECT step_id, 'setting.insert', '', old.key, old.value
  FROM history_recorder;
END;
DROP TRIGGER case_file_history_insert;
CREATE TRIGGER case_file_history_insert AFTER INSERT ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1)
  SELECT step_id, 'case_file.delete', '', new.fugitive_id
  FROM history_recorder;
END;
DROP TRIGGER case_file_history_update;
CREATE TRIGGER case_file_history_update AFTER UPDATE ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14)
  SELECT step_id, 'case_file.update', '', old.fugitive_id, old.bond_minor, old.court, old.case_number, old.fta_date, old.forfeiture_date, old.dob, old.height, old.weight, old.eyes, old.hair, old.marks, old.closed_at, new.fugitive_id
  FROM history_recorder;
END;
DROP TRIGGER case_file_history_delete;
CREATE TRIGGER case_file_history_delete BEFORE DELETE ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13)
  SELECT step_id, 'case_file.insert', '', old.fugitive_id, old.bond_minor, old.court, old.case_number, old.fta_date, old.forfeiture_date, old.dob, old.height, old.weight, old.eyes, old.hair, old.marks, old.closed_at
  FROM history_recorder;
END;
DROP TRIGGER expense_history_insert;
CREATE TRIGGER expense_history_insert AFTER INSERT ON expense
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1)
  SELECT step_id, 'expense.delete', '', new.id
  FROM history_recorder;
END;
DROP TRIGGER expense_history_update;
CREATE TRIGGER expense_history_update AFTER UPDATE ON expense
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3,v4,v5,v6,v7)
  SELECT step_id, 'expense.update', '', old.id, old.fugitive_id, old.position, old.date, old.amount_minor, old.memo, new.id
  FROM history_recorder;
END;
DROP TRIGGER expense_history_delete;
CREATE TRIGGER expense_history_delete BEFORE DELETE ON expense
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3,v4,v5,v6)
  SELECT step_id, 'expense.insert', '', old.id, old.fugitive_id, old.position, old.date, old.amount_minor, old.memo
  FROM history_recorder;
END;
DROP TRIGGER alias_history_insert;
CREATE TRIGGER alias_history_insert AFTER INSERT ON alias
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1)
  SELECT step_id, 'alias.delete', '', new.id
  FROM history_recorder;
END;
DROP TRIGGER alias_history_update;
CREATE TRIGGER alias_history_update AFTER UPDATE ON alias
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3,v4,v5)
  SELECT step_id, 'alias.update', '', old.id, old.fugitive_id, old.name, old.name_key, new.id
  FROM history_recorder;
END;
DROP TRIGGER alias_history_delete;
CREATE TRIGGER alias_history_delete BEFORE DELETE ON alias
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, v1,v2,v3,v4)
  SELECT step_id, 'alias.insert', '', old.id, old.fugitive_id, old.name, old.name_key
  FROM history_recorder;
END;
