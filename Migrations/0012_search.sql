-- Version 12: full-text search. An FTS5 trigram index holds, per fugitive (rowid = ID#), its folded
-- name, description, last-seen description and case notes, one per line. bounty folds the text
-- itself (bounty_fold: case and diacritics, the same fold as name_key) and the query the same way,
-- so the tokenizer is case-sensitive and a match is exactly a substring of the folded text. Any
-- query of 3 or more characters is answered by the index (docs/performance.md).
--
-- Triggers keep the index in the same transaction as every change, so undo and redo, which replay
-- SQL through the tables, keep it right too. No history trigger watches fugitive_search: undo never
-- replays it. A bulk import drops the index and its triggers and rebuilds them once at the end.
-- The id order of a tab had no index (a page sorted 600,000 rows at a million); an index on the
-- status alone holds each status's rows in rowid (ID#) order.
CREATE INDEX fugitive_by_status_id ON fugitive (captured);

CREATE VIRTUAL TABLE fugitive_search USING fts5(text, tokenize = 'trigram case_sensitive 1');

-- What a fugitive's entry in the index holds.
CREATE VIEW fugitive_search_text (id, text) AS
SELECT id, name_key || char(10) || bounty_fold(description) || char(10)
  || coalesce(bounty_fold(last_seen_desc), '') || char(10)
  || coalesce((SELECT group_concat(bounty_fold(note.text), char(10)) FROM note
    WHERE note.fugitive_id = fugitive.id), '')
FROM fugitive;

INSERT INTO fugitive_search (rowid, text) SELECT id, text FROM fugitive_search_text;

CREATE TRIGGER fugitive_search_insert AFTER INSERT ON fugitive
BEGIN
  INSERT INTO fugitive_search (rowid, text) SELECT id, text FROM fugitive_search_text
  WHERE id = new.id;
END;

CREATE TRIGGER fugitive_search_update AFTER UPDATE ON fugitive
WHEN old.id != new.id OR old.name_key IS NOT new.name_key
  OR old.description IS NOT new.description OR old.last_seen_desc IS NOT new.last_seen_desc
BEGIN
  DELETE FROM fugitive_search WHERE rowid IN (old.id, new.id);
  INSERT INTO fugitive_search (rowid, text) SELECT id, text FROM fugitive_search_text
  WHERE id = new.id;
END;

CREATE TRIGGER fugitive_search_delete AFTER DELETE ON fugitive
BEGIN
  DELETE FROM fugitive_search WHERE rowid = old.id;
END;

CREATE TRIGGER fugitive_search_note_insert AFTER INSERT ON note
BEGIN
  DELETE FROM fugitive_search WHERE rowid = new.fugitive_id;
  INSERT INTO fugitive_search (rowid, text) SELECT id, text FROM fugitive_search_text
  WHERE id = new.fugitive_id;
END;

CREATE TRIGGER fugitive_search_note_update AFTER UPDATE ON note
WHEN old.text IS NOT new.text OR old.fugitive_id != new.fugitive_id
BEGIN
  DELETE FROM fugitive_search WHERE rowid IN (old.fugitive_id, new.fugitive_id);
  INSERT INTO fugitive_search (rowid, text) SELECT id, text FROM fugitive_search_text
  WHERE id IN (old.fugitive_id, new.fugitive_id);
END;

CREATE TRIGGER fugitive_search_note_delete AFTER DELETE ON note
BEGIN
  DELETE FROM fugitive_search WHERE rowid = old.fugitive_id;
  INSERT INTO fugitive_search (rowid, text) SELECT id, text FROM fugitive_search_text
  WHERE id = old.fugitive_id;
END;
