-- Version 15: the undo log binds every value instead of writing it into SQL text with quote().
-- Each history_entry row now carries the old row's values in columns v1…v17, which have no type, so
-- every value keeps its exact storage class and bytes (text of any length or content, integers,
-- reals, blobs such as a photo's bytes). Its sql is a fixed statement per table and change that
-- reads those values back from the entry itself (`?1` is bound to the entry's id when it replays),
-- so nothing a user typed ever becomes SQL text, and a photo's bytes go from the photo table to
-- the log and back inside SQLite (a photo's update reads each value with its own subquery rather
-- than joining, which would copy the bytes into a temporary table first). Entries recorded before
-- this version (bound = 0) keep their literal SQL and replay as before; history_blob stays for
-- them.
ALTER TABLE history_entry ADD COLUMN bound INTEGER NOT NULL DEFAULT 0;
ALTER TABLE history_entry ADD COLUMN v1;
ALTER TABLE history_entry ADD COLUMN v2;
ALTER TABLE history_entry ADD COLUMN v3;
ALTER TABLE history_entry ADD COLUMN v4;
ALTER TABLE history_entry ADD COLUMN v5;
ALTER TABLE history_entry ADD COLUMN v6;
ALTER TABLE history_entry ADD COLUMN v7;
ALTER TABLE history_entry ADD COLUMN v8;
ALTER TABLE history_entry ADD COLUMN v9;
ALTER TABLE history_entry ADD COLUMN v10;
ALTER TABLE history_entry ADD COLUMN v11;
ALTER TABLE history_entry ADD COLUMN v12;
ALTER TABLE history_entry ADD COLUMN v13;
ALTER TABLE history_entry ADD COLUMN v14;
ALTER TABLE history_entry ADD COLUMN v15;
ALTER TABLE history_entry ADD COLUMN v16;
ALTER TABLE history_entry ADD COLUMN v17;

DROP TRIGGER fugitive_history_insert;
CREATE TRIGGER fugitive_history_insert AFTER INSERT ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1)
  SELECT step_id, 1, 'DELETE FROM fugitive WHERE id=(SELECT v1 FROM history_entry WHERE id=?1)', new.id
  FROM history_recorder;
END;

DROP TRIGGER fugitive_history_update;
CREATE TRIGGER fugitive_history_update AFTER UPDATE ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16,v17)
  SELECT step_id, 1, 'UPDATE fugitive SET id=h.v1,name=h.v2,bounty_minor=h.v3,description=h.v4,captured=h.v5,captured_at=h.v6,captured_lat=h.v7,captured_lon=h.v8,last_seen_lat=h.v9,last_seen_lon=h.v10,last_seen_desc=h.v11,last_seen_at=h.v12,name_key=h.v13,position=h.v14,created_at=h.v15,updated_at=h.v16 FROM history_entry AS h WHERE h.id=?1 AND fugitive.id=h.v17',
    old.id, old.name, old.bounty_minor, old.description, old.captured, old.captured_at, old.captured_lat, old.captured_lon, old.last_seen_lat, old.last_seen_lon, old.last_seen_desc, old.last_seen_at, old.name_key, old.position, old.created_at, old.updated_at, new.id
  FROM history_recorder;
END;

DROP TRIGGER fugitive_history_delete;
CREATE TRIGGER fugitive_history_delete BEFORE DELETE ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16)
  SELECT step_id, 1, 'INSERT INTO fugitive (id,name,bounty_minor,description,captured,captured_at,captured_lat,captured_lon,last_seen_lat,last_seen_lon,last_seen_desc,last_seen_at,name_key,position,created_at,updated_at) SELECT v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16 FROM history_entry WHERE id=?1',
    old.id, old.name, old.bounty_minor, old.description, old.captured, old.captured_at, old.captured_lat, old.captured_lon, old.last_seen_lat, old.last_seen_lon, old.last_seen_desc, old.last_seen_at, old.name_key, old.position, old.created_at, old.updated_at
  FROM history_recorder;
END;

DROP TRIGGER note_history_insert;
CREATE TRIGGER note_history_insert AFTER INSERT ON note
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1)
  SELECT step_id, 1, 'DELETE FROM note WHERE id=(SELECT v1 FROM history_entry WHERE id=?1)', new.id
  FROM history_recorder;
END;

DROP TRIGGER note_history_update;
CREATE TRIGGER note_history_update AFTER UPDATE ON note
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3,v4,v5,v6)
  SELECT step_id, 1, 'UPDATE note SET id=h.v1,fugitive_id=h.v2,position=h.v3,text=h.v4,created_at=h.v5 FROM history_entry AS h WHERE h.id=?1 AND note.id=h.v6',
    old.id, old.fugitive_id, old.position, old.text, old.created_at, new.id
  FROM history_recorder;
END;

DROP TRIGGER note_history_delete;
CREATE TRIGGER note_history_delete BEFORE DELETE ON note
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3,v4,v5)
  SELECT step_id, 1, 'INSERT INTO note (id,fugitive_id,position,text,created_at) SELECT v1,v2,v3,v4,v5 FROM history_entry WHERE id=?1',
    old.id, old.fugitive_id, old.position, old.text, old.created_at
  FROM history_recorder;
END;

DROP TRIGGER photo_history_insert;
CREATE TRIGGER photo_history_insert AFTER INSERT ON photo
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1)
  SELECT step_id, 1, 'DELETE FROM photo WHERE fugitive_id=(SELECT v1 FROM history_entry WHERE id=?1)', new.fugitive_id
  FROM history_recorder;
END;

DROP TRIGGER photo_history_update;
CREATE TRIGGER photo_history_update AFTER UPDATE ON photo
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3,v4)
  SELECT step_id, 1, 'UPDATE photo SET fugitive_id=(SELECT v1 FROM history_entry WHERE id=?1),media_type=(SELECT v2 FROM history_entry WHERE id=?1),bytes=(SELECT v3 FROM history_entry WHERE id=?1) WHERE fugitive_id=(SELECT v4 FROM history_entry WHERE id=?1)',
    old.fugitive_id, old.media_type, old.bytes, new.fugitive_id
  FROM history_recorder;
END;

DROP TRIGGER photo_history_delete;
CREATE TRIGGER photo_history_delete BEFORE DELETE ON photo
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3)
  SELECT step_id, 1, 'INSERT INTO photo (fugitive_id,media_type,bytes) SELECT v1,v2,v3 FROM history_entry WHERE id=?1',
    old.fugitive_id, old.media_type, old.bytes
  FROM history_recorder;
END;

DROP TRIGGER setting_history_insert;
CREATE TRIGGER setting_history_insert AFTER INSERT ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1)
  SELECT step_id, 1, 'DELETE FROM setting WHERE key=(SELECT v1 FROM history_entry WHERE id=?1)', new.key
  FROM history_recorder;
END;

DROP TRIGGER setting_history_update;
CREATE TRIGGER setting_history_update AFTER UPDATE ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3)
  SELECT step_id, 1, 'UPDATE setting SET key=h.v1,value=h.v2 FROM history_entry AS h WHERE h.id=?1 AND setting.key=h.v3',
    old.key, old.value, new.key
  FROM history_recorder;
END;

DROP TRIGGER setting_history_delete;
CREATE TRIGGER setting_history_delete BEFORE DELETE ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2)
  SELECT step_id, 1, 'INSERT INTO setting (key,value) SELECT v1,v2 FROM history_entry WHERE id=?1',
    old.key, old.value
  FROM history_recorder;
END;

DROP TRIGGER case_file_history_insert;
CREATE TRIGGER case_file_history_insert AFTER INSERT ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1)
  SELECT step_id, 1, 'DELETE FROM case_file WHERE fugitive_id=(SELECT v1 FROM history_entry WHERE id=?1)', new.fugitive_id
  FROM history_recorder;
END;

DROP TRIGGER case_file_history_update;
CREATE TRIGGER case_file_history_update AFTER UPDATE ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14)
  SELECT step_id, 1, 'UPDATE case_file SET fugitive_id=h.v1,bond_minor=h.v2,court=h.v3,case_number=h.v4,fta_date=h.v5,forfeiture_date=h.v6,dob=h.v7,height=h.v8,weight=h.v9,eyes=h.v10,hair=h.v11,marks=h.v12,closed_at=h.v13 FROM history_entry AS h WHERE h.id=?1 AND case_file.fugitive_id=h.v14',
    old.fugitive_id, old.bond_minor, old.court, old.case_number, old.fta_date, old.forfeiture_date, old.dob, old.height, old.weight, old.eyes, old.hair, old.marks, old.closed_at, new.fugitive_id
  FROM history_recorder;
END;

DROP TRIGGER case_file_history_delete;
CREATE TRIGGER case_file_history_delete BEFORE DELETE ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13)
  SELECT step_id, 1, 'INSERT INTO case_file (fugitive_id,bond_minor,court,case_number,fta_date,forfeiture_date,dob,height,weight,eyes,hair,marks,closed_at) SELECT v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13 FROM history_entry WHERE id=?1',
    old.fugitive_id, old.bond_minor, old.court, old.case_number, old.fta_date, old.forfeiture_date, old.dob, old.height, old.weight, old.eyes, old.hair, old.marks, old.closed_at
  FROM history_recorder;
END;

DROP TRIGGER expense_history_insert;
CREATE TRIGGER expense_history_insert AFTER INSERT ON expense
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1)
  SELECT step_id, 1, 'DELETE FROM expense WHERE id=(SELECT v1 FROM history_entry WHERE id=?1)', new.id
  FROM history_recorder;
END;

DROP TRIGGER expense_history_update;
CREATE TRIGGER expense_history_update AFTER UPDATE ON expense
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3,v4,v5,v6,v7)
  SELECT step_id, 1, 'UPDATE expense SET id=h.v1,fugitive_id=h.v2,position=h.v3,date=h.v4,amount_minor=h.v5,memo=h.v6 FROM history_entry AS h WHERE h.id=?1 AND expense.id=h.v7',
    old.id, old.fugitive_id, old.position, old.date, old.amount_minor, old.memo, new.id
  FROM history_recorder;
END;

DROP TRIGGER expense_history_delete;
CREATE TRIGGER expense_history_delete BEFORE DELETE ON expense
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3,v4,v5,v6)
  SELECT step_id, 1, 'INSERT INTO expense (id,fugitive_id,position,date,amount_minor,memo) SELECT v1,v2,v3,v4,v5,v6 FROM history_entry WHERE id=?1',
    old.id, old.fugitive_id, old.position, old.date, old.amount_minor, old.memo
  FROM history_recorder;
END;

DROP TRIGGER alias_history_insert;
CREATE TRIGGER alias_history_insert AFTER INSERT ON alias
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1)
  SELECT step_id, 1, 'DELETE FROM alias WHERE id=(SELECT v1 FROM history_entry WHERE id=?1)', new.id
  FROM history_recorder;
END;

DROP TRIGGER alias_history_update;
CREATE TRIGGER alias_history_update AFTER UPDATE ON alias
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3,v4,v5)
  SELECT step_id, 1, 'UPDATE alias SET id=h.v1,fugitive_id=h.v2,name=h.v3,name_key=h.v4 FROM history_entry AS h WHERE h.id=?1 AND alias.id=h.v5',
    old.id, old.fugitive_id, old.name, old.name_key, new.id
  FROM history_recorder;
END;

DROP TRIGGER alias_history_delete;
CREATE TRIGGER alias_history_delete BEFORE DELETE ON alias
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2,v3,v4)
  SELECT step_id, 1, 'INSERT INTO alias (id,fugitive_id,name,name_key) SELECT v1,v2,v3,v4 FROM history_entry WHERE id=?1',
    old.id, old.fugitive_id, old.name, old.name_key
  FROM history_recorder;
END;
