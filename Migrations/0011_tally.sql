-- Version 11: the number of fugitives at large and captured, kept by triggers, so that a list's
-- "total" costs one row read instead of counting a million (docs/performance.md). Undo and redo
-- replay row changes, which fire these triggers too, so the tally never drifts.
CREATE TABLE fugitive_tally (
  captured INTEGER PRIMARY KEY CHECK (captured IN (0, 1)),
  count INTEGER NOT NULL CHECK (count >= 0)
);
INSERT INTO fugitive_tally (captured, count)
VALUES (0, (SELECT count(*) FROM fugitive WHERE captured = 0)),
  (1, (SELECT count(*) FROM fugitive WHERE captured = 1));

CREATE TRIGGER fugitive_tally_insert AFTER INSERT ON fugitive
BEGIN
  UPDATE fugitive_tally SET count = count + 1 WHERE captured = new.captured;
END;

CREATE TRIGGER fugitive_tally_delete AFTER DELETE ON fugitive
BEGIN
  UPDATE fugitive_tally SET count = count - 1 WHERE captured = old.captured;
END;

CREATE TRIGGER fugitive_tally_update AFTER UPDATE OF captured ON fugitive
WHEN old.captured != new.captured
BEGIN
  UPDATE fugitive_tally SET count = count - 1 WHERE captured = old.captured;
  UPDATE fugitive_tally SET count = count + 1 WHERE captured = new.captured;
END;
