-- Agency version 2: a history entry is data, not SQL. Undo used to run the statement text in
-- history_entry.sql, which the triggers wrote with format('%L'); whoever could write that table could
-- make another hunter's (or the owner's) next undo run any SQL. Now an entry holds which statement
-- undo runs (op, from the fixed list CHECKed here: TABLE.delete deletes the row a change inserted,
-- TABLE.update puts back the old values of the row a change updated, TABLE.insert inserts again the
-- row a change deleted, fugitive.deleteAfterPosition deletes the fugitives an import appended), the
-- key of the row as the change left it (row_key, a jsonb object of the key column) and the old row
-- (old_row, to_jsonb of it, without changed_by); a photo's old bytes stay in history_blob
-- (blob_id). bounty compiles the statements themselves, from its own list of each table's columns
-- (HistoryStatements.swift), and binds the entry's id: the server reads the values back typed with
-- jsonb_populate_record. Nothing stored in the database names a table or a column undo writes.
--
-- Steps recorded before this version were SQL text and are not converted: the migration empties
-- the history (both stacks, every hunter's), so nothing recorded in the old form is ever run.
TRUNCATE history_step, history_entry, history_blob, history_touch, history_block;
ALTER TABLE history_entry DROP COLUMN sql;
ALTER TABLE history_entry
  ADD COLUMN op text COLLATE "C" NOT NULL DEFAULT 'refused' CHECK (op IN (
  'refused',
  'fugitive.delete',
  'fugitive.update',
  'fugitive.insert',
  'note.delete',
  'note.update',
  'note.insert',
  'photo.delete',
  'photo.update',
  'photo.insert',
  'setting.delete',
  'setting.update',
  'setting.insert',
  'case_file.delete',
  'case_file.update',
  'case_file.insert',
  'expense.delete',
  'expense.update',
  'expense.insert',
  'alias.delete',
  'alias.update',
  'alias.insert',
  'fugitive.deleteAfterPosition'
  )),
  ADD COLUMN old_row jsonb,
  ADD COLUMN row_key jsonb,
  ADD COLUMN blob_id bigint;

-- Records how to reverse one row change; TG_ARGV[0] names the table's key column. changed_by is
-- never kept (a replay is a change by whoever undoes); which columns come back is bounty's list.
-- An UPDATE made by a trigger (pg_trigger_depth() > 1) that changed only the version columns is a
-- version bump, whose reversal would change nothing: it writes no entry. Each entry also sets
-- bounty.recorded to the step, so bounty knows a step holds entries without reading the table.
CREATE OR REPLACE FUNCTION history_record() RETURNS trigger LANGUAGE plpgsql
SET extra_float_digits = 1 AS $$
DECLARE
  step bigint := CAST(current_setting('bounty.step') AS bigint);
  key_column text := TG_ARGV[0];
  old_row jsonb;
BEGIN
  PERFORM set_config('bounty.recorded', CAST(step AS text), true);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO history_entry (step_id, op, row_key)
    VALUES (step, TG_TABLE_NAME || '.delete', jsonb_build_object(key_column, to_jsonb(NEW) -> key_column));
    RETURN NULL;
  END IF;
  old_row := to_jsonb(OLD) - 'changed_by';
  IF TG_OP = 'UPDATE' THEN
    IF pg_trigger_depth() > 1
      AND old_row - 'row_version' - 'has_photo' - 'has_notes' - 'has_case_file'
        = to_jsonb(NEW) - 'changed_by' - 'row_version' - 'has_photo' - 'has_notes' - 'has_case_file'
    THEN
      RETURN NULL;
    END IF;
    INSERT INTO history_entry (step_id, op, old_row, row_key)
    VALUES (step, TG_TABLE_NAME || '.update', old_row,
      jsonb_build_object(key_column, to_jsonb(NEW) -> key_column));
    RETURN NULL;
  END IF;
  INSERT INTO history_entry (step_id, op, old_row) VALUES (step, TG_TABLE_NAME || '.insert', old_row);
  RETURN OLD;
END
$$;

-- The same for a photo, whose old bytes go to history_blob, never into jsonb.
CREATE OR REPLACE FUNCTION photo_history_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  step bigint := CAST(current_setting('bounty.step') AS bigint);
  blob bigint;
BEGIN
  PERFORM set_config('bounty.recorded', CAST(step AS text), true);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO history_entry (step_id, op, row_key)
    VALUES (step, 'photo.delete', jsonb_build_object('fugitive_id', NEW.fugitive_id));
    RETURN NULL;
  END IF;
  INSERT INTO history_blob (step_id, bytes) VALUES (step, OLD.bytes) RETURNING id INTO blob;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO history_entry (step_id, op, old_row, row_key, blob_id)
    VALUES (step, 'photo.update', to_jsonb(OLD) - 'bytes',
      jsonb_build_object('fugitive_id', NEW.fugitive_id), blob);
    RETURN NULL;
  END IF;
  INSERT INTO history_entry (step_id, op, old_row, blob_id)
  VALUES (step, 'photo.insert', to_jsonb(OLD) - 'bytes', blob);
  RETURN OLD;
END
$$;
