-- Version 19: a fugitive that INSERT OR REPLACE (or UPDATE OR REPLACE onto its ID#) takes out of
-- the way goes with its children and leaves the tally right, whatever PRAGMA foreign_keys says.
--
-- SQLite deletes the row a REPLACE conflict removes without firing its delete triggers (unless
-- PRAGMA recursive_triggers is on, which the sqlite3 shell leaves off), so version 17's
-- fugitive_children_delete and the tally's delete trigger never saw it: with foreign keys off, the
-- new fugitive inherited the old one's notes, photo, case file, expenses and aliases, and with them
-- on or off the tally counted the old fugitive still. (Datasette's and sqlite-utils' "replace"
-- write exactly this statement.) A BEFORE trigger notes the row that holds the ID# an insert (or a
-- change of ID#) is about to take; the AFTER trigger of that row finds the note only when the row
-- was replaced (an insert that conflicts otherwise fails, is ignored or becomes an upsert's UPDATE,
-- which clears the note; a delete trigger that did fire clears it too), and does what the delete
-- triggers would have done. Created after version 17's triggers, so SQLite fires these AFTER
-- triggers first: with foreign keys off, the old row's children are gone before
-- fugitive_children_move carries the moved fugitive's own along (with them on, ON DELETE CASCADE
-- took the old row's and ON UPDATE CASCADE has already carried the moved one's, which stay).
-- An insert that is ignored (OR IGNORE, DO NOTHING) leaves its note behind: the row it names still
-- holds that ID#, and the next insert or change of ID# onto it writes the note afresh.
-- A note or alias that INSERT OR REPLACE writes over (perhaps for another fugitive) leaves its old
-- fugitive's search entry stale in the same way: the old fugitive is marked before the insert.
CREATE TABLE fugitive_replaced (id INTEGER PRIMARY KEY, captured INTEGER NOT NULL);

CREATE TRIGGER fugitive_replaced_note_insert BEFORE INSERT ON fugitive
BEGIN
  DELETE FROM fugitive_replaced WHERE id = new.id;
  INSERT INTO fugitive_replaced (id, captured) SELECT id, captured FROM fugitive WHERE id = new.id;
END;

CREATE TRIGGER fugitive_replaced_note_update BEFORE UPDATE OF id ON fugitive
WHEN old.id != new.id
BEGIN
  DELETE FROM fugitive_replaced WHERE id = new.id;
  INSERT INTO fugitive_replaced (id, captured) SELECT id, captured FROM fugitive WHERE id = new.id;
END;

CREATE TRIGGER fugitive_replaced_insert AFTER INSERT ON fugitive
WHEN EXISTS (SELECT 1 FROM fugitive_replaced WHERE id = new.id)
BEGIN
  UPDATE fugitive_tally SET count = count - 1
  WHERE captured = (SELECT captured FROM fugitive_replaced WHERE id = new.id);
  DELETE FROM fugitive_replaced WHERE id = new.id;
  DELETE FROM note WHERE fugitive_id = new.id;
  DELETE FROM photo WHERE fugitive_id = new.id;
  DELETE FROM case_file WHERE fugitive_id = new.id;
  DELETE FROM expense WHERE fugitive_id = new.id;
  DELETE FROM alias WHERE fugitive_id = new.id;
END;

CREATE TRIGGER fugitive_replaced_update AFTER UPDATE ON fugitive
WHEN EXISTS (SELECT 1 FROM fugitive_replaced)
BEGIN
  UPDATE fugitive_tally SET count = count - 1
  WHERE old.id != new.id
    AND captured = (SELECT captured FROM fugitive_replaced WHERE id = new.id);
  DELETE FROM note WHERE fugitive_id = new.id AND old.id != new.id
    AND EXISTS (SELECT 1 FROM fugitive_replaced WHERE id = new.id)
    AND (SELECT foreign_keys FROM pragma_foreign_keys) = 0;
  DELETE FROM photo WHERE fugitive_id = new.id AND old.id != new.id
    AND EXISTS (SELECT 1 FROM fugitive_replaced WHERE id = new.id)
    AND (SELECT foreign_keys FROM pragma_foreign_keys) = 0;
  DELETE FROM case_file WHERE fugitive_id = new.id AND old.id != new.id
    AND EXISTS (SELECT 1 FROM fugitive_replaced WHERE id = new.id)
    AND (SELECT foreign_keys FROM pragma_foreign_keys) = 0;
  DELETE FROM expense WHERE fugitive_id = new.id AND old.id != new.id
    AND EXISTS (SELECT 1 FROM fugitive_replaced WHERE id = new.id)
    AND (SELECT foreign_keys FROM pragma_foreign_keys) = 0;
  DELETE FROM alias WHERE fugitive_id = new.id AND old.id != new.id
    AND EXISTS (SELECT 1 FROM fugitive_replaced WHERE id = new.id)
    AND (SELECT foreign_keys FROM pragma_foreign_keys) = 0;
  DELETE FROM fugitive_replaced WHERE id IN (old.id, new.id);
END;

CREATE TRIGGER fugitive_replaced_delete AFTER DELETE ON fugitive
WHEN EXISTS (SELECT 1 FROM fugitive_replaced)
BEGIN
  DELETE FROM fugitive_replaced WHERE id = old.id;
END;

CREATE TRIGGER fugitive_search_note_replace BEFORE INSERT ON note
BEGIN
  INSERT INTO fugitive_stale (fugitive_id)
  SELECT fugitive_id FROM note WHERE id = new.id AND fugitive_id IS NOT new.fugitive_id
    AND fugitive_id IN (SELECT id FROM fugitive)
    AND fugitive_id NOT IN (SELECT fugitive_id FROM fugitive_stale);
END;

CREATE TRIGGER fugitive_search_alias_replace BEFORE INSERT ON alias
BEGIN
  INSERT INTO fugitive_stale (fugitive_id)
  SELECT fugitive_id FROM alias
  WHERE (id = new.id OR (fugitive_id = new.fugitive_id AND name_key = new.name_key))
    AND fugitive_id IN (SELECT id FROM fugitive)
    AND fugitive_id NOT IN (SELECT fugitive_id FROM fugitive_stale);
END;
