-- Version 17: the file defends its own rules, whoever writes it (the sqlite3 shell with foreign keys
-- off, Datasette, sqlite-utils, a restored .dump), not only bounty.
--
-- 1. No trigger or view calls bounty_fold, which only bounty registers: another program's
--    UPDATE fugitive SET name = … used to fail with "no such function: bounty_fold". What needs the
--    fold (fugitive.name_key, alias.name_key, the search entry) is marked instead: the triggers
--    named fugitive_search_* list the fugitive in fugitive_stale, in plain SQL, and bounty brings
--    the marked rows up to date with its own fold before anything reads them (when it opens the
--    file, at the start of every transaction, and before each of its own commits). Deleting a
--    search entry needs no fold and is done here. The view fugitive_search_text (which called
--    bounty_fold) goes: bounty computes that text itself (`Store.searchTextSQL`). A bulk import
--    still drops and rebuilds the triggers named fugitive_search_*.
-- 2. Children go with their fugitive whatever PRAGMA foreign_keys says: triggers delete a deleted
--    fugitive's notes, photo, case file, expenses and aliases, and carry them along to a new ID#.
--    Where foreign keys are on, ON DELETE/UPDATE CASCADE has already done it and they find nothing.
-- 3. Settings are checked here: an unknown key, a changed key or a value bounty would not have
--    stored is refused with RAISE(ABORT).
-- 4. A currency change keeps every amount's face value (rescaling bounties, bonds and expenses by
--    the difference of decimals) or is refused when an amount would lose a digit or grow past the
--    largest amount bounty holds (Int64).
-- Rows a fugitive deleted by another program left behind stay: `db check` names them and
-- `db check --repair` deletes them in one undoable step (the migrator refuses only references a
-- migration breaks, not those it finds broken).

-- 1. Search entries and sort keys.
CREATE TABLE fugitive_stale (fugitive_id INTEGER PRIMARY KEY);

DROP TRIGGER fugitive_search_insert;
DROP TRIGGER fugitive_search_update;
DROP TRIGGER fugitive_search_delete;
DROP TRIGGER fugitive_search_note_insert;
DROP TRIGGER fugitive_search_note_update;
DROP TRIGGER fugitive_search_note_delete;
DROP TRIGGER fugitive_search_alias_insert;
DROP TRIGGER fugitive_search_alias_update;
DROP TRIGGER fugitive_search_alias_delete;
DROP VIEW fugitive_search_text;

-- What SQL can fold it folds at once: bounty's fold of plain ASCII is ASCII lowercase, which is
-- what SQLite's lower() does to it (length in bytes = length in characters means plain ASCII). So
-- another program's plain name sorts right straight away; other names wait for bounty, and the
-- search entry (name, description, notes and aliases together) always does. Not while bounty
-- records an undo step (its own keys are right; a replay's are mended after it, unrecorded): an
-- extra recorded row change in the middle of a replay would not replay back exactly.
CREATE TRIGGER fugitive_search_insert AFTER INSERT ON fugitive
BEGIN
  UPDATE fugitive SET name_key = lower(name)
  WHERE id = new.id AND length(CAST(name AS BLOB)) = length(name) AND name_key IS NOT lower(name)
    AND (SELECT step_id FROM history_recorder) IS NULL;
  INSERT INTO fugitive_stale (fugitive_id)
  SELECT new.id WHERE NOT EXISTS (SELECT 1 FROM fugitive_stale WHERE fugitive_id = new.id);
END;

CREATE TRIGGER fugitive_search_update
AFTER UPDATE OF id, name, name_key, description, last_seen_desc ON fugitive
WHEN old.id != new.id OR old.name IS NOT new.name OR old.name_key IS NOT new.name_key
  OR old.description IS NOT new.description OR old.last_seen_desc IS NOT new.last_seen_desc
BEGIN
  UPDATE fugitive SET name_key = lower(name)
  WHERE id = new.id AND length(CAST(name AS BLOB)) = length(name) AND name_key IS NOT lower(name)
    AND (SELECT step_id FROM history_recorder) IS NULL;
  DELETE FROM fugitive_search WHERE rowid = old.id AND old.id != new.id;
  DELETE FROM fugitive_stale WHERE fugitive_id = old.id AND old.id != new.id;
  INSERT INTO fugitive_stale (fugitive_id)
  SELECT new.id WHERE NOT EXISTS (SELECT 1 FROM fugitive_stale WHERE fugitive_id = new.id);
END;

CREATE TRIGGER fugitive_search_delete AFTER DELETE ON fugitive
BEGIN
  DELETE FROM fugitive_search WHERE rowid = old.id;
  DELETE FROM fugitive_stale WHERE fugitive_id = old.id;
END;

-- No INSERT OR IGNORE: a cascade's conflict rule (ABORT) overrides a trigger's OR IGNORE.
-- A note or alias marks its fugitive only while the fugitive exists: one deleted with it leaves no
-- mark, and undo puts notes back before their fugitive, whose own insert marks it.
CREATE TRIGGER fugitive_search_note_insert AFTER INSERT ON note
BEGIN
  INSERT INTO fugitive_stale (fugitive_id)
  SELECT id FROM fugitive WHERE id = new.fugitive_id
    AND id NOT IN (SELECT fugitive_id FROM fugitive_stale);
END;

CREATE TRIGGER fugitive_search_note_update AFTER UPDATE OF text, fugitive_id ON note
WHEN old.text IS NOT new.text OR old.fugitive_id IS NOT new.fugitive_id
BEGIN
  INSERT INTO fugitive_stale (fugitive_id)
  SELECT id FROM fugitive WHERE id IN (old.fugitive_id, new.fugitive_id)
    AND id NOT IN (SELECT fugitive_id FROM fugitive_stale);
END;

CREATE TRIGGER fugitive_search_note_delete AFTER DELETE ON note
BEGIN
  INSERT INTO fugitive_stale (fugitive_id)
  SELECT id FROM fugitive WHERE id = old.fugitive_id
    AND id NOT IN (SELECT fugitive_id FROM fugitive_stale);
END;

CREATE TRIGGER fugitive_search_alias_insert AFTER INSERT ON alias
BEGIN
  UPDATE alias SET name_key = lower(name)
  WHERE id = new.id AND length(CAST(name AS BLOB)) = length(name) AND name_key IS NOT lower(name)
    AND (SELECT step_id FROM history_recorder) IS NULL;
  INSERT INTO fugitive_stale (fugitive_id)
  SELECT id FROM fugitive WHERE id = new.fugitive_id
    AND id NOT IN (SELECT fugitive_id FROM fugitive_stale);
END;

CREATE TRIGGER fugitive_search_alias_update AFTER UPDATE OF name, name_key, fugitive_id ON alias
WHEN old.name IS NOT new.name OR old.name_key IS NOT new.name_key
  OR old.fugitive_id IS NOT new.fugitive_id
BEGIN
  UPDATE alias SET name_key = lower(name)
  WHERE id = new.id AND length(CAST(name AS BLOB)) = length(name) AND name_key IS NOT lower(name)
    AND (SELECT step_id FROM history_recorder) IS NULL;
  INSERT INTO fugitive_stale (fugitive_id)
  SELECT id FROM fugitive WHERE id IN (old.fugitive_id, new.fugitive_id)
    AND id NOT IN (SELECT fugitive_id FROM fugitive_stale);
END;

CREATE TRIGGER fugitive_search_alias_delete AFTER DELETE ON alias
BEGIN
  INSERT INTO fugitive_stale (fugitive_id)
  SELECT id FROM fugitive WHERE id = old.fugitive_id
    AND id NOT IN (SELECT fugitive_id FROM fugitive_stale);
END;

-- 2. Children follow their fugitive. The children's own history triggers record what these do, so
-- undo puts them back (it replays with foreign keys deferred, children before their fugitive).
CREATE TRIGGER fugitive_children_delete AFTER DELETE ON fugitive
BEGIN
  DELETE FROM note WHERE fugitive_id = old.id;
  DELETE FROM photo WHERE fugitive_id = old.id;
  DELETE FROM case_file WHERE fugitive_id = old.id;
  DELETE FROM expense WHERE fugitive_id = old.id;
  DELETE FROM alias WHERE fugitive_id = old.id;
END;

CREATE TRIGGER fugitive_children_move AFTER UPDATE OF id ON fugitive
WHEN old.id != new.id
BEGIN
  UPDATE note SET fugitive_id = new.id WHERE fugitive_id = old.id;
  UPDATE photo SET fugitive_id = new.id WHERE fugitive_id = old.id;
  UPDATE case_file SET fugitive_id = new.id WHERE fugitive_id = old.id;
  UPDATE expense SET fugitive_id = new.id WHERE fugitive_id = old.id;
  UPDATE alias SET fugitive_id = new.id WHERE fugitive_id = old.id;
END;

-- 3 and 4. The currencies bounty knows and their decimals (BountyCore's `Currency.all`; a test
-- compares them). A view: no program can change it.
CREATE VIEW currency_scale (code, scale) AS
VALUES ('USD', 2), ('EUR', 2), ('GBP', 2), ('CAD', 2), ('AUD', 2), ('NZD', 2), ('CHF', 2),
  ('MXN', 2), ('SEK', 2), ('JPY', 0), ('KRW', 0), ('BHD', 3), ('KWD', 3), ('JOD', 3);

-- Undo replays a step's entries newest first. A currency change's rescaled amounts must replay
-- after the setting (whose replay rescales them again, to the same values), so they are recorded
-- before it: the rescaling triggers are BEFORE triggers and the setting's history triggers AFTER
-- ones. Version 15's setting_history_delete was a BEFORE trigger; it becomes an AFTER one.
DROP TRIGGER setting_history_delete;
CREATE TRIGGER setting_history_delete AFTER DELETE ON setting
WHEN (SELECT step_id FROM history_recorder) IS NOT NULL
BEGIN
  INSERT INTO history_entry (step_id, bound, sql, v1,v2)
  SELECT step_id, 1, 'INSERT INTO setting (key,value) SELECT v1,v2 FROM history_entry WHERE id=?1',
    old.key, old.value
  FROM history_recorder;
END;

-- A currency change asks for its rescaling by inserting (decimals before, decimals after) here; the
-- trigger refuses it or rescales every amount, then empties the table.
CREATE TABLE currency_change (old_scale INTEGER NOT NULL, new_scale INTEGER NOT NULL);

CREATE TRIGGER currency_change_apply AFTER INSERT ON currency_change
BEGIN
  SELECT RAISE(ABORT, 'changing the currency would drop digits from an amount (the new currency has fewer decimals); nothing was changed')
  WHERE new.new_scale < new.old_scale AND (
    EXISTS (SELECT 1 FROM fugitive
      WHERE bounty_minor % CAST(substr('1000000000', 1, 1 + new.old_scale - new.new_scale) AS INTEGER) != 0)
    OR EXISTS (SELECT 1 FROM case_file
      WHERE bond_minor % CAST(substr('1000000000', 1, 1 + new.old_scale - new.new_scale) AS INTEGER) != 0)
    OR EXISTS (SELECT 1 FROM expense
      WHERE amount_minor % CAST(substr('1000000000', 1, 1 + new.old_scale - new.new_scale) AS INTEGER) != 0));
  SELECT RAISE(ABORT, 'changing the currency would make an amount too large (the new currency has more decimals); nothing was changed')
  WHERE new.new_scale > new.old_scale AND (
    EXISTS (SELECT 1 FROM fugitive WHERE bounty_minor >
      9223372036854775807 / CAST(substr('1000000000', 1, 1 + new.new_scale - new.old_scale) AS INTEGER))
    OR EXISTS (SELECT 1 FROM case_file WHERE bond_minor >
      9223372036854775807 / CAST(substr('1000000000', 1, 1 + new.new_scale - new.old_scale) AS INTEGER))
    OR EXISTS (SELECT 1 FROM expense WHERE amount_minor >
      9223372036854775807 / CAST(substr('1000000000', 1, 1 + new.new_scale - new.old_scale) AS INTEGER)));
  UPDATE fugitive SET bounty_minor = CASE WHEN new.new_scale > new.old_scale
      THEN bounty_minor * CAST(substr('1000000000', 1, 1 + new.new_scale - new.old_scale) AS INTEGER)
      ELSE bounty_minor / CAST(substr('1000000000', 1, 1 + new.old_scale - new.new_scale) AS INTEGER) END
  WHERE new.new_scale != new.old_scale;
  UPDATE case_file SET bond_minor = CASE WHEN new.new_scale > new.old_scale
      THEN bond_minor * CAST(substr('1000000000', 1, 1 + new.new_scale - new.old_scale) AS INTEGER)
      ELSE bond_minor / CAST(substr('1000000000', 1, 1 + new.old_scale - new.new_scale) AS INTEGER) END
  WHERE new.new_scale != new.old_scale AND bond_minor IS NOT NULL;
  UPDATE expense SET amount_minor = CASE WHEN new.new_scale > new.old_scale
      THEN amount_minor * CAST(substr('1000000000', 1, 1 + new.new_scale - new.old_scale) AS INTEGER)
      ELSE amount_minor / CAST(substr('1000000000', 1, 1 + new.old_scale - new.new_scale) AS INTEGER) END
  WHERE new.new_scale != new.old_scale;
  DELETE FROM currency_change;
END;

-- Without a currency row the currency is USD; a stored code is read as bounty reads it (any case;
-- a code bounty does not know counts as USD). A currency row that exists is changed with UPDATE:
-- an INSERT over it (OR REPLACE, OR IGNORE, an upsert) is refused, because SQLite fires BEFORE
-- INSERT triggers for each of them whether or not the row is then written.
CREATE TRIGGER setting_currency_insert BEFORE INSERT ON setting
WHEN new.key = 'currency'
BEGIN
  SELECT RAISE(ABORT, 'the currency is already set: change it with UPDATE setting SET value = ''CODE'' WHERE key = ''currency''')
  WHERE EXISTS (SELECT 1 FROM setting WHERE key = 'currency');
  INSERT INTO currency_change (old_scale, new_scale)
  SELECT 2, coalesce((SELECT scale FROM currency_scale WHERE code = upper(new.value)), 2);
END;

CREATE TRIGGER setting_currency_update BEFORE UPDATE ON setting
WHEN old.key = 'currency' OR new.key = 'currency'
BEGIN
  INSERT INTO currency_change (old_scale, new_scale)
  SELECT coalesce((SELECT scale FROM currency_scale WHERE code = upper(old.value)), 2),
    coalesce((SELECT scale FROM currency_scale WHERE code = upper(new.value)), 2);
END;

CREATE TRIGGER setting_currency_delete BEFORE DELETE ON setting
WHEN old.key = 'currency'
BEGIN
  INSERT INTO currency_change (old_scale, new_scale)
  SELECT coalesce((SELECT scale FROM currency_scale WHERE code = upper(old.value)), 2), 2;
END;

-- What bounty stores for each key: the canonical text `SettingKey.validate` answers (a test compares
-- the two). Created after the currency triggers, so SQLite fires these first. (A name's length is
-- counted in characters as a person sees them, which SQL cannot count; bounty checks it.)
CREATE TRIGGER setting_check_insert BEFORE INSERT ON setting
BEGIN
  SELECT CASE
    WHEN new.key NOT IN ('hunter.name', 'agency.name', 'currency', 'commission.rate', 'rounding',
        'fugitives.sort', 'captured.sort', 'confirm.delete', 'color', 'history.limit')
      THEN RAISE(ABORT, 'unknown setting key (bounty settings list shows the keys)')
    WHEN typeof(new.value) != 'text'
      THEN RAISE(ABORT, 'a setting''s value is text')
    WHEN new.key IN ('hunter.name', 'agency.name')
        AND new.value != trim(new.value, ' ' || char(9, 10, 13))
      THEN RAISE(ABORT, 'hunter.name and agency.name start and end with no space, tab or line break')
    WHEN new.key = 'currency' AND new.value NOT IN (SELECT code FROM currency_scale)
      THEN RAISE(ABORT, 'currency is one of USD, EUR, GBP, CAD, AUD, NZD, CHF, MXN, SEK, JPY, KRW, BHD, KWD, JOD')
    WHEN new.key = 'commission.rate' AND NOT (
        new.value GLOB '[0-9]*' AND new.value NOT GLOB '*[^0-9.]*' AND new.value NOT GLOB '*.*.*'
        AND new.value NOT GLOB '0[0-9]*' AND new.value NOT GLOB '*.' AND new.value NOT GLOB '*.*0'
        AND (new.value = '100' OR (instr(new.value, '.') = 0 AND length(new.value) <= 2)
          OR instr(new.value, '.') IN (2, 3))
        AND (instr(new.value, '.') = 0 OR length(new.value) - instr(new.value, '.') <= 9))
      THEN RAISE(ABORT, 'commission.rate is a percentage from 0 to 100 written shortest (12.5, not 12.50), at most 9 decimals')
    WHEN new.key = 'rounding' AND new.value NOT IN ('half-even', 'half-up')
      THEN RAISE(ABORT, 'rounding is half-even or half-up')
    WHEN new.key IN ('fugitives.sort', 'captured.sort')
        AND new.value NOT IN ('name', 'bounty', 'id', 'manual', 'captured', 'deadline')
      THEN RAISE(ABORT, 'a sort is one of name, bounty, id, manual, captured, deadline')
    WHEN new.key = 'confirm.delete' AND new.value NOT IN ('true', 'false')
      THEN RAISE(ABORT, 'confirm.delete is true or false')
    WHEN new.key = 'color' AND new.value NOT IN ('auto', 'always', 'never')
      THEN RAISE(ABORT, 'color is auto, always or never')
    WHEN new.key = 'history.limit' AND NOT (
        new.value GLOB '[1-9]*' AND new.value NOT GLOB '*[^0-9]*' AND length(new.value) <= 5
        AND CAST(new.value AS INTEGER) <= 10000)
      THEN RAISE(ABORT, 'history.limit is a whole number from 1 to 10000')
  END;
END;

CREATE TRIGGER setting_check_key BEFORE UPDATE OF key ON setting
WHEN old.key != new.key
BEGIN
  SELECT RAISE(ABORT, 'a setting''s key does not change: delete the row and insert the new one');
END;

CREATE TRIGGER setting_check_update BEFORE UPDATE ON setting
BEGIN
  SELECT CASE
    WHEN new.key NOT IN ('hunter.name', 'agency.name', 'currency', 'commission.rate', 'rounding',
        'fugitives.sort', 'captured.sort', 'confirm.delete', 'color', 'history.limit')
      THEN RAISE(ABORT, 'unknown setting key (bounty settings list shows the keys)')
    WHEN typeof(new.value) != 'text'
      THEN RAISE(ABORT, 'a setting''s value is text')
    WHEN new.key IN ('hunter.name', 'agency.name')
        AND new.value != trim(new.value, ' ' || char(9, 10, 13))
      THEN RAISE(ABORT, 'hunter.name and agency.name start and end with no space, tab or line break')
    WHEN new.key = 'currency' AND new.value NOT IN (SELECT code FROM currency_scale)
      THEN RAISE(ABORT, 'currency is one of USD, EUR, GBP, CAD, AUD, NZD, CHF, MXN, SEK, JPY, KRW, BHD, KWD, JOD')
    WHEN new.key = 'commission.rate' AND NOT (
        new.value GLOB '[0-9]*' AND new.value NOT GLOB '*[^0-9.]*' AND new.value NOT GLOB '*.*.*'
        AND new.value NOT GLOB '0[0-9]*' AND new.value NOT GLOB '*.' AND new.value NOT GLOB '*.*0'
        AND (new.value = '100' OR (instr(new.value, '.') = 0 AND length(new.value) <= 2)
          OR instr(new.value, '.') IN (2, 3))
        AND (instr(new.value, '.') = 0 OR length(new.value) - instr(new.value, '.') <= 9))
      THEN RAISE(ABORT, 'commission.rate is a percentage from 0 to 100 written shortest (12.5, not 12.50), at most 9 decimals')
    WHEN new.key = 'rounding' AND new.value NOT IN ('half-even', 'half-up')
      THEN RAISE(ABORT, 'rounding is half-even or half-up')
    WHEN new.key IN ('fugitives.sort', 'captured.sort')
        AND new.value NOT IN ('name', 'bounty', 'id', 'manual', 'captured', 'deadline')
      THEN RAISE(ABORT, 'a sort is one of name, bounty, id, manual, captured, deadline')
    WHEN new.key = 'confirm.delete' AND new.value NOT IN ('true', 'false')
      THEN RAISE(ABORT, 'confirm.delete is true or false')
    WHEN new.key = 'color' AND new.value NOT IN ('auto', 'always', 'never')
      THEN RAISE(ABORT, 'color is auto, always or never')
    WHEN new.key = 'history.limit' AND NOT (
        new.value GLOB '[1-9]*' AND new.value NOT GLOB '*[^0-9]*' AND length(new.value) <= 5
        AND CAST(new.value AS INTEGER) <= 10000)
      THEN RAISE(ABORT, 'history.limit is a whole number from 1 to 10000')
  END;
END;
