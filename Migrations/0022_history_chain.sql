-- The history chain: history is evidence (docs/history.md). Two changes:
--
-- Undo changes only what its step changed: each history entry now also records the row as the
-- change left it (its after image, n1…n16, in the table's column order; imaged = 1), so undo and
-- redo can tell a column another program changed since the step. An entry that updated a row puts
-- back only the columns it changed, and refuses when one of those holds something else now; an
-- entry that inserted a row deletes it only when it is as the step left it. Entries recorded
-- before have imaged = 0 and replay as before. Photos keep their triggers: their bytes are written
-- by incremental blob I/O after the row's trigger ran, so a trigger sees no after image.
--
-- Every step is a link of a SHA-256 chain: history_chain is append-only (its triggers refuse an
-- UPDATE or DELETE), one link per step recorded, replayed or dropped, each hashing the step's
-- canonical data (op, keys, old and new values, hunter, time, client) and the link before.
-- bounty computes the hashes (SQLite has no SHA-256 of its own); the steps already in the file
-- are sealed once, in this migration's transaction, by the migrator (HistoryChain.seal).
-- history_step gains who made each step (hunter) and from which client (always 'bounty' here).
ALTER TABLE history_step ADD COLUMN hunter TEXT NOT NULL DEFAULT '';
ALTER TABLE history_step ADD COLUMN client TEXT NOT NULL DEFAULT 'bounty';
ALTER TABLE history_entry ADD COLUMN imaged INTEGER NOT NULL DEFAULT 0;
ALTER TABLE history_entry ADD COLUMN n1;
ALTER TABLE history_entry ADD COLUMN n2;
ALTER TABLE history_entry ADD COLUMN n3;
ALTER TABLE history_entry ADD COLUMN n4;
ALTER TABLE history_entry ADD COLUMN n5;
ALTER TABLE history_entry ADD COLUMN n6;
ALTER TABLE history_entry ADD COLUMN n7;
ALTER TABLE history_entry ADD COLUMN n8;
ALTER TABLE history_entry ADD COLUMN n9;
ALTER TABLE history_entry ADD COLUMN n10;
ALTER TABLE history_entry ADD COLUMN n11;
ALTER TABLE history_entry ADD COLUMN n12;
ALTER TABLE history_entry ADD COLUMN n13;
ALTER TABLE history_entry ADD COLUMN n14;
ALTER TABLE history_entry ADD COLUMN n15;
ALTER TABLE history_entry ADD COLUMN n16;
CREATE TABLE history_chain (
  seq INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('record', 'undo', 'redo', 'drop', 'seal')),
  step_id INTEGER NOT NULL,
  source_id INTEGER,
  digest TEXT NOT NULL,
  hunter TEXT NOT NULL,
  client TEXT NOT NULL,
  at TEXT NOT NULL,
  hash TEXT NOT NULL
);
CREATE INDEX history_chain_by_step ON history_chain (step_id, seq);
CREATE TRIGGER history_chain_no_update BEFORE UPDATE ON history_chain
BEGIN
  SELECT RAISE(ABORT, 'the history chain is append-only');
END;
CREATE TRIGGER history_chain_no_delete BEFORE DELETE ON history_chain
BEGIN
  SELECT RAISE(ABORT, 'the history chain is append-only');
END;
DROP TRIGGER IF EXISTS fugitive_history_insert;
CREATE TRIGGER fugitive_history_insert AFTER INSERT ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1, n1,n2,n3,n4,n5,n6,n7,n8,n9,n10,n11,n12,n13,n14,n15,n16)
  SELECT step_id, 'fugitive.delete', '', 1, new.id, new.id, new.name, new.bounty_minor, new.description, new.captured, new.captured_at, new.captured_lat, new.captured_lon, new.last_seen_lat, new.last_seen_lon, new.last_seen_desc, new.last_seen_at, new.name_key, new.position, new.created_at, new.updated_at
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS fugitive_history_update;
CREATE TRIGGER fugitive_history_update AFTER UPDATE ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16,v17, n1,n2,n3,n4,n5,n6,n7,n8,n9,n10,n11,n12,n13,n14,n15,n16)
  SELECT step_id, 'fugitive.update', '', 1, old.id, old.name, old.bounty_minor, old.description, old.captured, old.captured_at, old.captured_lat, old.captured_lon, old.last_seen_lat, old.last_seen_lon, old.last_seen_desc, old.last_seen_at, old.name_key, old.position, old.created_at, old.updated_at, new.id, new.id, new.name, new.bounty_minor, new.description, new.captured, new.captured_at, new.captured_lat, new.captured_lon, new.last_seen_lat, new.last_seen_lon, new.last_seen_desc, new.last_seen_at, new.name_key, new.position, new.created_at, new.updated_at
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS fugitive_history_delete;
CREATE TRIGGER fugitive_history_delete BEFORE DELETE ON fugitive
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16)
  SELECT step_id, 'fugitive.insert', '', 1, old.id, old.name, old.bounty_minor, old.description, old.captured, old.captured_at, old.captured_lat, old.captured_lon, old.last_seen_lat, old.last_seen_lon, old.last_seen_desc, old.last_seen_at, old.name_key, old.position, old.created_at, old.updated_at
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS note_history_insert;
CREATE TRIGGER note_history_insert AFTER INSERT ON note
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1, n1,n2,n3,n4,n5)
  SELECT step_id, 'note.delete', '', 1, new.id, new.id, new.fugitive_id, new.position, new.text, new.created_at
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS note_history_update;
CREATE TRIGGER note_history_update AFTER UPDATE ON note
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1,v2,v3,v4,v5,v6, n1,n2,n3,n4,n5)
  SELECT step_id, 'note.update', '', 1, old.id, old.fugitive_id, old.position, old.text, old.created_at, new.id, new.id, new.fugitive_id, new.position, new.text, new.created_at
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS note_history_delete;
CREATE TRIGGER note_history_delete BEFORE DELETE ON note
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1,v2,v3,v4,v5)
  SELECT step_id, 'note.insert', '', 1, old.id, old.fugitive_id, old.position, old.text, old.created_at
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS setting_history_insert;
CREATE TRIGGER setting_history_insert AFTER INSERT ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1, n1,n2)
  SELECT step_id, 'setting.delete', '', 1, new.key, new.key, new.value
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS setting_history_update;
CREATE TRIGGER setting_history_update AFTER UPDATE ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1,v2,v3, n1,n2)
  SELECT step_id, 'setting.update', '', 1, old.key, old.value, new.key, new.key, new.value
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS setting_history_delete;
CREATE TRIGGER setting_history_delete AFTER DELETE ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1,v2)
  SELECT step_id, 'setting.insert', '', 1, old.key, old.value
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS case_file_history_insert;
CREATE TRIGGER case_file_history_insert AFTER INSERT ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1, n1,n2,n3,n4,n5,n6,n7,n8,n9,n10,n11,n12,n13)
  SELECT step_id, 'case_file.delete', '', 1, new.fugitive_id, new.fugitive_id, new.bond_minor, new.court, new.case_number, new.fta_date, new.forfeiture_date, new.dob, new.height, new.weight, new.eyes, new.hair, new.marks, new.closed_at
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS case_file_history_update;
CREATE TRIGGER case_file_history_update AFTER UPDATE ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14, n1,n2,n3,n4,n5,n6,n7,n8,n9,n10,n11,n12,n13)
  SELECT step_id, 'case_file.update', '', 1, old.fugitive_id, old.bond_minor, old.court, old.case_number, old.fta_date, old.forfeiture_date, old.dob, old.height, old.weight, old.eyes, old.hair, old.marks, old.closed_at, new.fugitive_id, new.fugitive_id, new.bond_minor, new.court, new.case_number, new.fta_date, new.forfeiture_date, new.dob, new.height, new.weight, new.eyes, new.hair, new.marks, new.closed_at
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS case_file_history_delete;
CREATE TRIGGER case_file_history_delete BEFORE DELETE ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13)
  SELECT step_id, 'case_file.insert', '', 1, old.fugitive_id, old.bond_minor, old.court, old.case_number, old.fta_date, old.forfeiture_date, old.dob, old.height, old.weight, old.eyes, old.hair, old.marks, old.closed_at
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS expense_history_insert;
CREATE TRIGGER expense_history_insert AFTER INSERT ON expense
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1, n1,n2,n3,n4,n5,n6)
  SELECT step_id, 'expense.delete', '', 1, new.id, new.id, new.fugitive_id, new.position, new.date, new.amount_minor, new.memo
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS expense_history_update;
CREATE TRIGGER expense_history_update AFTER UPDATE ON expense
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1,v2,v3,v4,v5,v6,v7, n1,n2,n3,n4,n5,n6)
  SELECT step_id, 'expense.update', '', 1, old.id, old.fugitive_id, old.position, old.date, old.amount_minor, old.memo, new.id, new.id, new.fugitive_id, new.position, new.date, new.amount_minor, new.memo
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS expense_history_delete;
CREATE TRIGGER expense_history_delete BEFORE DELETE ON expense
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1,v2,v3,v4,v5,v6)
  SELECT step_id, 'expense.insert', '', 1, old.id, old.fugitive_id, old.position, old.date, old.amount_minor, old.memo
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS alias_history_insert;
CREATE TRIGGER alias_history_insert AFTER INSERT ON alias
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1, n1,n2,n3,n4)
  SELECT step_id, 'alias.delete', '', 1, new.id, new.id, new.fugitive_id, new.name, new.name_key
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS alias_history_update;
CREATE TRIGGER alias_history_update AFTER UPDATE ON alias
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1,v2,v3,v4,v5, n1,n2,n3,n4)
  SELECT step_id, 'alias.update', '', 1, old.id, old.fugitive_id, old.name, old.name_key, new.id, new.id, new.fugitive_id, new.name, new.name_key
  FROM history_recorder;
END;
DROP TRIGGER IF EXISTS alias_history_delete;
CREATE TRIGGER alias_history_delete BEFORE DELETE ON alias
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, op, sql, imaged, v1,v2,v3,v4)
  SELECT step_id, 'alias.insert', '', 1, old.id, old.fugitive_id, old.name, old.name_key
  FROM history_recorder;
END;
