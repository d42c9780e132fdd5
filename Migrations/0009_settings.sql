-- Version 9: settings (the Settings tab; only values that differ from the defaults are stored) and
-- the shell's workspace state (last tab, each tab's sort and filter), which is not undoable.
CREATE TABLE setting (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE workspace (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
