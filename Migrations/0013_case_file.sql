-- Version 13: the bail-enforcement case file, in tables of its own so the fugitive
-- table and its history triggers stay as they were:
--   case_file: at most one row per fugitive: the bond and court (amount in minor units, dates as
--     YYYY-MM-DD local calendar dates), the descriptors, and closed_at once the case is closed;
--   expense: an ordered ledger per fugitive (dense positions from 1, like note);
--   alias: other names the fugitive goes by, with the folded key search matches against.
-- Every row follows its fugitive: deleted with it, carried along when its ID# changes. Each table
-- records its changes for undo and redo as migration 0010's tables do.
CREATE TABLE case_file (
  fugitive_id INTEGER PRIMARY KEY REFERENCES fugitive (id) ON DELETE CASCADE ON UPDATE CASCADE,
  bond_minor INTEGER CHECK (bond_minor IS NULL OR bond_minor >= 0),
  court TEXT,
  case_number TEXT,
  fta_date TEXT,
  forfeiture_date TEXT,
  dob TEXT,
  height TEXT,
  weight TEXT,
  eyes TEXT,
  hair TEXT,
  marks TEXT,
  closed_at TEXT
);
-- The deadline order (`bounty deadlines`, `--sort deadline`) walks this index.
CREATE INDEX case_file_by_forfeiture ON case_file (forfeiture_date, fugitive_id);

CREATE TABLE expense (
  id INTEGER PRIMARY KEY,
  fugitive_id INTEGER NOT NULL REFERENCES fugitive (id) ON DELETE CASCADE ON UPDATE CASCADE,
  position INTEGER NOT NULL,
  date TEXT NOT NULL,
  amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
  memo TEXT NOT NULL
);
CREATE INDEX expense_by_fugitive ON expense (fugitive_id, position);

CREATE TABLE alias (
  id INTEGER PRIMARY KEY,
  fugitive_id INTEGER NOT NULL REFERENCES fugitive (id) ON DELETE CASCADE ON UPDATE CASCADE,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  UNIQUE (fugitive_id, name_key)
);
CREATE INDEX alias_by_key ON alias (name_key);

CREATE TRIGGER case_file_history_insert AFTER INSERT ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'DELETE FROM case_file WHERE fugitive_id=' || quote(new.fugitive_id) FROM history_recorder;
END;

CREATE TRIGGER case_file_history_update AFTER UPDATE ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'UPDATE case_file SET fugitive_id=' || quote(old.fugitive_id) || ',bond_minor=' || quote(old.bond_minor) || ',court=' || quote(old.court) || ',case_number=' || quote(old.case_number) || ',fta_date=' || quote(old.fta_date) || ',forfeiture_date=' || quote(old.forfeiture_date) || ',dob=' || quote(old.dob) || ',height=' || quote(old.height) || ',weight=' || quote(old.weight) || ',eyes=' || quote(old.eyes) || ',hair=' || quote(old.hair) || ',marks=' || quote(old.marks) || ',closed_at=' || quote(old.closed_at) || ' WHERE fugitive_id=' || quote(new.fugitive_id)
  FROM history_recorder;
END;

CREATE TRIGGER case_file_history_delete BEFORE DELETE ON case_file
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'INSERT INTO case_file (fugitive_id,bond_minor,court,case_number,fta_date,forfeiture_date,dob,height,weight,eyes,hair,marks,closed_at) VALUES (' || quote(old.fugitive_id) || ',' || quote(old.bond_minor) || ',' || quote(old.court) || ',' || quote(old.case_number) || ',' || quote(old.fta_date) || ',' || quote(old.forfeiture_date) || ',' || quote(old.dob) || ',' || quote(old.height) || ',' || quote(old.weight) || ',' || quote(old.eyes) || ',' || quote(old.hair) || ',' || quote(old.marks) || ',' || quote(old.closed_at) || ')'
  FROM history_recorder;
END;

CREATE TRIGGER expense_history_insert AFTER INSERT ON expense
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'DELETE FROM expense WHERE id=' || quote(new.id) FROM history_recorder;
END;

CREATE TRIGGER expense_history_update AFTER UPDATE ON expense
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'UPDATE expense SET id=' || quote(old.id) || ',fugitive_id=' || quote(old.fugitive_id) || ',position=' || quote(old.position) || ',date=' || quote(old.date) || ',amount_minor=' || quote(old.amount_minor) || ',memo=' || quote(old.memo) || ' WHERE id=' || quote(new.id)
  FROM history_recorder;
END;

CREATE TRIGGER expense_history_delete BEFORE DELETE ON expense
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'INSERT INTO expense (id,fugitive_id,position,date,amount_minor,memo) VALUES (' || quote(old.id) || ',' || quote(old.fugitive_id) || ',' || quote(old.position) || ',' || quote(old.date) || ',' || quote(old.amount_minor) || ',' || quote(old.memo) || ')'
  FROM history_recorder;
END;

CREATE TRIGGER alias_history_insert AFTER INSERT ON alias
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'DELETE FROM alias WHERE id=' || quote(new.id) FROM history_recorder;
END;

CREATE TRIGGER alias_history_update AFTER UPDATE ON alias
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'UPDATE alias SET id=' || quote(old.id) || ',fugitive_id=' || quote(old.fugitive_id) || ',name=' || quote(old.name) || ',name_key=' || quote(old.name_key) || ' WHERE id=' || quote(new.id)
  FROM history_recorder;
END;

CREATE TRIGGER alias_history_delete BEFORE DELETE ON alias
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, sql)
  SELECT step_id, 'INSERT INTO alias (id,fugitive_id,name,name_key) VALUES (' || quote(old.id) || ',' || quote(old.fugitive_id) || ',' || quote(old.name) || ',' || quote(old.name_key) || ')'
  FROM history_recorder;
END;

-- Search finds a fugitive by an alias too: the search index's entry (migration 0012) gains the
-- folded aliases, one per line, and is rebuilt when an alias comes, changes or goes. The triggers
-- are named like 0012's, so a bulk import drops and rebuilds them with the others.
DROP VIEW fugitive_search_text;
CREATE VIEW fugitive_search_text (id, text) AS
SELECT id, name_key || char(10) || bounty_fold(description) || char(10)
  || coalesce(bounty_fold(last_seen_desc), '') || char(10)
  || coalesce((SELECT group_concat(bounty_fold(note.text), char(10)) FROM note
    WHERE note.fugitive_id = fugitive.id), '') || char(10)
  || coalesce((SELECT group_concat(alias.name_key, char(10)) FROM alias
    WHERE alias.fugitive_id = fugitive.id), '')
FROM fugitive;

CREATE TRIGGER fugitive_search_alias_insert AFTER INSERT ON alias
BEGIN
  DELETE FROM fugitive_search WHERE rowid = new.fugitive_id;
  INSERT INTO fugitive_search (rowid, text) SELECT id, text FROM fugitive_search_text
  WHERE id = new.fugitive_id;
END;

CREATE TRIGGER fugitive_search_alias_update AFTER UPDATE ON alias
WHEN old.name_key IS NOT new.name_key OR old.fugitive_id != new.fugitive_id
BEGIN
  DELETE FROM fugitive_search WHERE rowid IN (old.fugitive_id, new.fugitive_id);
  INSERT INTO fugitive_search (rowid, text) SELECT id, text FROM fugitive_search_text
  WHERE id IN (old.fugitive_id, new.fugitive_id);
END;

CREATE TRIGGER fugitive_search_alias_delete AFTER DELETE ON alias
BEGIN
  DELETE FROM fugitive_search WHERE rowid = old.fugitive_id;
  INSERT INTO fugitive_search (rowid, text) SELECT id, text FROM fugitive_search_text
  WHERE id = old.fugitive_id;
END;
