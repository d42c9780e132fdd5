-- Version 1: the original app's first model, exactly as the contract fixes it (docs/contract.md).
CREATE TABLE fugitive (
  id INTEGER PRIMARY KEY,            -- the Fugitive ID#
  name TEXT NOT NULL,
  bounty_minor INTEGER NOT NULL CHECK (bounty_minor >= 0),  -- bounty in minor units (cents)
  description TEXT NOT NULL DEFAULT ''
);
