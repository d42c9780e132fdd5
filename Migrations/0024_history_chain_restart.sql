-- The history chain can be restarted (docs/history.md, "Restarting the chain"): when another
-- program removed or edited links, `db check --repair` drops every step the chain no longer
-- vouches for and appends a `restart` link, the start of a chain that verifies again, followed by
-- a `seal` link for each step it kept. The links before the restart stay as they were found, the
-- record of what happened; `db check` names the newest restart (when, by whom, what it dropped)
-- for as long as the file lives. SQLite cannot add a value to a CHECK constraint in place, so the
-- table is made again with its rows, index and append-only triggers.
CREATE TABLE history_chain_restartable (
  seq INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('record', 'undo', 'redo', 'drop', 'seal', 'restart')),
  step_id INTEGER NOT NULL,
  source_id INTEGER,
  digest TEXT NOT NULL,
  hunter TEXT NOT NULL,
  client TEXT NOT NULL,
  at TEXT NOT NULL,
  hash TEXT NOT NULL
);
INSERT INTO history_chain_restartable (seq, kind, step_id, source_id, digest, hunter, client, at, hash)
SELECT seq, kind, step_id, source_id, digest, hunter, client, at, hash FROM history_chain;
DROP TABLE history_chain;
ALTER TABLE history_chain_restartable RENAME TO history_chain;
CREATE INDEX history_chain_by_step ON history_chain (step_id, seq);
CREATE TRIGGER history_chain_no_update BEFORE UPDATE ON history_chain
BEGIN
  SELECT RAISE(ABORT, 'the history chain is append-only');
END;
CREATE TRIGGER history_chain_no_delete BEFORE DELETE ON history_chain
BEGIN
  SELECT RAISE(ABORT, 'the history chain is append-only');
END;
