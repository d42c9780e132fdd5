-- Version 21: types are part of the contract. SQLite keeps whatever a column is given (a column
-- of INTEGER affinity stores 'abc', 12.5, x'41' and 1e300 as text, real or blob), and bounty
-- showed, exported and totalled such a value as $0.00, $0.12 or $92,233,720,368,547,758.07. Money
-- (bounty_minor, bond_minor, amount_minor) and the ID#s a row names its fugitive by (note, expense
-- and alias's fugitive_id; fugitive.id, photo's and case_file's fugitive_id are the rowid, which
-- SQLite already keeps an integer) and the tally's counts now take only integers: BEFORE
-- triggers refuse any other type, as the schema, for every program that writes the file. A photo's
-- bytes must be a PNG or a JPEG by their signature, whatever media type they are labelled with;
-- the one other value allowed is a blob of zero bytes only, the zeroblob() bounty inserts and
-- fills at once by incremental blob I/O in the same transaction (`db check` names a photo left
-- so).
--
-- Only a value being written is checked (an UPDATE that leaves a column as it was passes), so
-- rows an older file holds with wrong types stay as they were, and this migration cannot fail on
-- them: `db check` names each such row, and the command that gives it a value fixes it.
--
-- Undo and redo put back exactly what a step found, which on an older file may be such a value
-- (the delete of a fugitive whose bounty is 'abc' said undo brings it back): while they replay,
-- history_recorder.replaying is 1 and these triggers stand aside. Nothing else sets it.
ALTER TABLE history_recorder ADD COLUMN replaying INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER fugitive_typed_insert BEFORE INSERT ON fugitive
WHEN typeof(new.bounty_minor) != 'integer'
  AND (SELECT replaying FROM history_recorder) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'fugitive.bounty_minor takes only an integer (minor units)');
END;
CREATE TRIGGER fugitive_typed_update BEFORE UPDATE OF bounty_minor ON fugitive
WHEN typeof(new.bounty_minor) != 'integer' AND new.bounty_minor IS NOT old.bounty_minor
  AND (SELECT replaying FROM history_recorder) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'fugitive.bounty_minor takes only an integer (minor units)');
END;
CREATE TRIGGER case_file_typed_insert BEFORE INSERT ON case_file
WHEN typeof(new.bond_minor) NOT IN ('integer', 'null')
  AND (SELECT replaying FROM history_recorder) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'case_file.bond_minor takes only an integer (minor units) or NULL');
END;
CREATE TRIGGER case_file_typed_update BEFORE UPDATE OF bond_minor ON case_file
WHEN typeof(new.bond_minor) NOT IN ('integer', 'null') AND new.bond_minor IS NOT old.bond_minor
  AND (SELECT replaying FROM history_recorder) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'case_file.bond_minor takes only an integer (minor units) or NULL');
END;
CREATE TRIGGER expense_typed_insert BEFORE INSERT ON expense
WHEN (typeof(new.amount_minor) != 'integer' OR typeof(new.fugitive_id) != 'integer')
  AND (SELECT replaying FROM history_recorder) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'expense.amount_minor and expense.fugitive_id take only integers');
END;
CREATE TRIGGER expense_typed_update BEFORE UPDATE OF amount_minor, fugitive_id ON expense
WHEN ((typeof(new.amount_minor) != 'integer' AND new.amount_minor IS NOT old.amount_minor)
    OR (typeof(new.fugitive_id) != 'integer' AND new.fugitive_id IS NOT old.fugitive_id))
  AND (SELECT replaying FROM history_recorder) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'expense.amount_minor and expense.fugitive_id take only integers');
END;
CREATE TRIGGER note_typed_insert BEFORE INSERT ON note
WHEN typeof(new.fugitive_id) != 'integer'
  AND (SELECT replaying FROM history_recorder) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'note.fugitive_id takes only an integer (an ID#)');
END;
CREATE TRIGGER note_typed_update BEFORE UPDATE OF fugitive_id ON note
WHEN typeof(new.fugitive_id) != 'integer' AND new.fugitive_id IS NOT old.fugitive_id
  AND (SELECT replaying FROM history_recorder) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'note.fugitive_id takes only an integer (an ID#)');
END;
CREATE TRIGGER alias_typed_insert BEFORE INSERT ON alias
WHEN typeof(new.fugitive_id) != 'integer'
  AND (SELECT replaying FROM history_recorder) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'alias.fugitive_id takes only an integer (an ID#)');
END;
CREATE TRIGGER alias_typed_update BEFORE UPDATE OF fugitive_id ON alias
WHEN typeof(new.fugitive_id) != 'integer' AND new.fugitive_id IS NOT old.fugitive_id
  AND (SELECT replaying FROM history_recorder) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'alias.fugitive_id takes only an integer (an ID#)');
END;
CREATE TRIGGER fugitive_tally_typed_insert BEFORE INSERT ON fugitive_tally
WHEN typeof(new.count) != 'integer'
  AND (SELECT replaying FROM history_recorder) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'fugitive_tally.count takes only an integer');
END;
CREATE TRIGGER fugitive_tally_typed_update BEFORE UPDATE OF count ON fugitive_tally
WHEN typeof(new.count) != 'integer' AND new.count IS NOT old.count
  AND (SELECT replaying FROM history_recorder) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'fugitive_tally.count takes only an integer');
END;
-- AFTER, not BEFORE, and the zero test first: a BEFORE trigger that names new.bytes (and any
-- substr of it) expands the zero-filled value bounty inserts and then fills by blob I/O, 10 MiB
-- for the largest photo; compared with a zeroblob, SQLite checks a value without expanding it.
CREATE TRIGGER photo_signature_insert AFTER INSERT ON photo
WHEN (SELECT replaying FROM history_recorder) IS NOT 1
  AND (typeof(new.bytes) != 'blob' OR NOT (new.bytes = zeroblob(length(new.bytes))
    OR substr(new.bytes, 1, 8) = x'89504E470D0A1A0A' OR substr(new.bytes, 1, 3) = x'FFD8FF'))
BEGIN
  SELECT RAISE(ABORT, 'photo.bytes takes only a PNG or a JPEG (by its first bytes)');
END;
CREATE TRIGGER photo_signature_update AFTER UPDATE OF bytes ON photo
WHEN (SELECT replaying FROM history_recorder) IS NOT 1 AND new.bytes IS NOT old.bytes
  AND (typeof(new.bytes) != 'blob' OR NOT (new.bytes = zeroblob(length(new.bytes))
    OR substr(new.bytes, 1, 8) = x'89504E470D0A1A0A' OR substr(new.bytes, 1, 3) = x'FFD8FF'))
BEGIN
  SELECT RAISE(ABORT, 'photo.bytes takes only a PNG or a JPEG (by its first bytes)');
END;
