-- Version 16: the runs of consecutive Fugitive ID#s, kept by triggers, so that choosing a free ID#
-- is one index look-up whatever IDs exist. Once ID# 2147483647 is taken, "one more than the
-- highest" no longer works and the lowest free ID# is needed: it is 1, or one past the run that
-- starts at 1. Without this table finding it meant scanning (or counting) every ID# below it.
-- A run is [first, last]: every ID# in it is taken, and first - 1 and last + 1 are free. Undo and
-- redo replay row changes, which fire these triggers too; a bulk load drops them and rebuilds the
-- table in one pass, as it does the tally.
CREATE TABLE fugitive_id_run (
  first INTEGER PRIMARY KEY,
  last INTEGER NOT NULL CHECK (last >= first)
);
CREATE INDEX fugitive_id_run_by_last ON fugitive_id_run (last);
-- Each run starts at an ID# whose predecessor is free and ends at the first ID# from there whose
-- successor is free: index look-ups only, no sort (a window over a million rows needs ~50 MiB).
INSERT INTO fugitive_id_run (first, last)
SELECT f.id, (SELECT min(g.id) FROM fugitive AS g WHERE g.id >= f.id
    AND NOT EXISTS (SELECT 1 FROM fugitive AS h WHERE h.id = g.id + 1))
FROM fugitive AS f WHERE NOT EXISTS (SELECT 1 FROM fugitive AS p WHERE p.id = f.id - 1);

-- A new ID# extends the run ending just below it, starts a run, and joins the run starting just
-- above it (whichever exist).
CREATE TRIGGER fugitive_id_run_insert AFTER INSERT ON fugitive
BEGIN
  INSERT INTO fugitive_id_run (first, last)
  SELECT coalesce((SELECT first FROM fugitive_id_run WHERE last = new.id - 1), new.id),
    coalesce((SELECT last FROM fugitive_id_run WHERE first = new.id + 1), new.id)
  WHERE true
  ON CONFLICT (first) DO UPDATE SET last = excluded.last;
  DELETE FROM fugitive_id_run WHERE first = new.id + 1;
END;

-- A freed ID# splits its run: the part above it becomes a run, the part below keeps the start.
CREATE TRIGGER fugitive_id_run_delete AFTER DELETE ON fugitive
BEGIN
  INSERT INTO fugitive_id_run (first, last)
  SELECT old.id + 1, last FROM fugitive_id_run
  WHERE first = (SELECT max(first) FROM fugitive_id_run WHERE first <= old.id) AND last > old.id;
  UPDATE fugitive_id_run SET last = old.id - 1
  WHERE first = (SELECT max(first) FROM fugitive_id_run WHERE first <= old.id) AND first < old.id;
  DELETE FROM fugitive_id_run WHERE first = old.id;
END;

-- A changed ID# is both: the old one freed, the new one taken.
CREATE TRIGGER fugitive_id_run_update AFTER UPDATE OF id ON fugitive
WHEN old.id != new.id
BEGIN
  INSERT INTO fugitive_id_run (first, last)
  SELECT old.id + 1, last FROM fugitive_id_run
  WHERE first = (SELECT max(first) FROM fugitive_id_run WHERE first <= old.id) AND last > old.id;
  UPDATE fugitive_id_run SET last = old.id - 1
  WHERE first = (SELECT max(first) FROM fugitive_id_run WHERE first <= old.id) AND first < old.id;
  DELETE FROM fugitive_id_run WHERE first = old.id;
  INSERT INTO fugitive_id_run (first, last)
  SELECT coalesce((SELECT first FROM fugitive_id_run WHERE last = new.id - 1), new.id),
    coalesce((SELECT last FROM fugitive_id_run WHERE first = new.id + 1), new.id)
  WHERE true
  ON CONFLICT (first) DO UPDATE SET last = excluded.last;
  DELETE FROM fugitive_id_run WHERE first = new.id + 1;
END;
