-- Agency version 3: the server enforces what bounty enforces, for every client (psql too).
--
-- The history of who did what is written only by the functions below, which run with the rights
-- of the tables' owner (SECURITY DEFINER, with a fixed search_path): hunters and admins get no
-- INSERT, UPDATE or DELETE on history_step, history_entry, history_blob, history_touch or
-- history_block at all (db init-agency). A step's hunter is set by the server: the role the
-- caller names must be one the session's login role (session_user) is a member of, so a hunter
-- opens, labels, trims and drops only steps of their own, and the triggers append entries only to
-- a step of the session's own hunter (bounty.step naming another hunter's step is refused).
--
-- A change made outside bounty (no bounty.step set) is recorded all the same: the first row it
-- changes opens a step for the session's role, labelled like 'psql: UPDATE fugitive', which that
-- hunter's `bounty undo` reverses; the rest of the transaction records into it. An import that
-- appends rows records them as one block (bounty.paused names its step): while paused, new rows
-- are not logged one by one (the block's entry, bounty_record_block, deletes them); updates and
-- deletes are still logged, into that step, which must be the session's own. This is the one
-- change the server lets through without an entry: a role that sets bounty.paused itself adds
-- rows unlogged (they still name it in created_by and changed_by; an insert changes nothing that
-- was there).
--
-- The tally, the ID# runs and the search index are written only by their triggers, which now run
-- with the owner's rights: hunters may no longer write those tables directly.
--
-- Rows that belong to someone: a hunter may insert, change and delete only their own `hunter`
-- row, and only their own workspace values (keys that start with their role and ':').

-- Whether the session's login role may act as `role` (is it, or a member of it).
CREATE FUNCTION bounty_session_is(role text) RETURNS boolean LANGUAGE sql STABLE
SET search_path = pg_catalog
RETURN CASE WHEN EXISTS (SELECT 1 FROM pg_roles WHERE rolname = role)
  THEN pg_has_role(session_user, CAST(role AS name), 'MEMBER') ELSE false END;

-- The ISO 8601 UTC time bounty writes in created_at.
CREATE FUNCTION bounty_now_text() RETURNS text LANGUAGE sql STABLE
SET search_path = pg_catalog
RETURN to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');

-- Opens a step on `stack` for `hunter` (the caller's current_user), which the session's role must
-- be; answers its id and physical address (bounty changes the row again by ctid, which reads no
-- index page other hunters write).
CREATE FUNCTION bounty_begin_step(stack text, label text, created_at text, hunter text)
RETURNS TABLE (id bigint, address text) LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  IF NOT bounty_session_is(hunter) THEN
    RAISE EXCEPTION 'a history step belongs to the role that makes it (%), not %', session_user,
      hunter USING ERRCODE = '42501';
  END IF;
  RETURN QUERY INSERT INTO history_step AS s (stack, label, created_at, hunter)
  VALUES (stack, label, created_at, hunter) RETURNING s.id, CAST(s.ctid AS text);
END
$$;

-- Sets the label of a step of the session's own.
CREATE FUNCTION bounty_label_step(step bigint, address text, label text) RETURNS void
LANGUAGE sql SECURITY DEFINER
BEGIN ATOMIC
  UPDATE history_step AS s SET label = bounty_label_step.label
  WHERE s.ctid = CAST(address AS tid) AND s.id = step AND bounty_session_is(s.hunter);
END;

-- Drops a step of the session's own (with its rows, by history_step_drop_rows); `address`, when
-- given, finds it by ctid.
CREATE FUNCTION bounty_drop_step(step bigint, address text) RETURNS void
LANGUAGE sql SECURITY DEFINER
BEGIN ATOMIC
  DELETE FROM history_step AS s
  WHERE (address IS NULL OR s.ctid = CAST(address AS tid)) AND s.id = step
    AND bounty_session_is(s.hunter);
END;

-- Drops `hunter`'s redo steps and their undo steps beyond the newest `keep`.
CREATE FUNCTION bounty_trim_history(hunter text, keep bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  IF NOT bounty_session_is(hunter) THEN
    RAISE EXCEPTION 'only % may trim the history of %', hunter, hunter USING ERRCODE = '42501';
  END IF;
  DELETE FROM history_step AS s WHERE s.stack = 'redo' AND s.hunter = bounty_trim_history.hunter;
  DELETE FROM history_step AS s WHERE s.stack = 'undo' AND s.hunter = bounty_trim_history.hunter
    AND s.id NOT IN (SELECT t.id FROM history_step AS t
      WHERE t.stack = 'undo' AND t.hunter = bounty_trim_history.hunter ORDER BY t.id DESC LIMIT keep);
END
$$;

-- The step the current row change records into, when it is one of the session's own: the step
-- bounty.step names; while an import is paused (bounty.paused), that step for updates and
-- deletes and none (NULL) for inserts; with neither, a new step of the session's role labelled
-- `label`, which the rest of the transaction records into.
CREATE FUNCTION bounty_recording_step(label text, inserting boolean) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  named text := coalesce(current_setting('bounty.step', true), '');
  paused text := coalesce(current_setting('bounty.paused', true), '');
  step bigint;
BEGIN
  IF named = '' AND paused = '' THEN
    DELETE FROM history_step AS s WHERE s.stack = 'redo' AND s.hunter = session_user;
    INSERT INTO history_step (stack, label, created_at, hunter)
    VALUES ('undo', label, bounty_now_text(), session_user) RETURNING id INTO step;
    PERFORM set_config('bounty.step', CAST(step AS text), true);
    RETURN step;
  END IF;
  step := CAST(CASE WHEN named = '' THEN paused ELSE named END AS bigint);
  IF NOT bounty_session_is((SELECT s.hunter FROM history_step AS s WHERE s.id = step)) THEN
    RAISE EXCEPTION 'history step % is not one of yours (%)', step, session_user
      USING ERRCODE = '42501';
  END IF;
  IF named = '' AND inserting THEN
    RETURN NULL;
  END IF;
  RETURN step;
END
$$;

-- Records, as the newest entry of a step of the session's own, the deletion of the fugitives an
-- import appended after manual position `after_position`; each of them is a touch of the step,
-- and the block is remembered (undo refuses it once someone added a fugitive after them).
CREATE FUNCTION bounty_record_block(step bigint, after_position bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  IF NOT bounty_session_is((SELECT s.hunter FROM history_step AS s WHERE s.id = step)) THEN
    RAISE EXCEPTION 'history step % is not one of yours (%)', step, session_user
      USING ERRCODE = '42501';
  END IF;
  INSERT INTO history_entry (step_id, op, row_key)
  VALUES (step, 'fugitive.deleteAfterPosition', jsonb_build_object('position', after_position));
  PERFORM set_config('bounty.recorded', CAST(step AS text), true);
  INSERT INTO history_touch (step_id, fugitive_id, version_before, version_after)
  SELECT step, f.id, NULL, f.row_version FROM fugitive AS f WHERE f.position > after_position
  ON CONFLICT (step_id, fugitive_id) DO UPDATE SET version_after = excluded.version_after;
  INSERT INTO history_block (step_id, after_position) VALUES (step, after_position);
END
$$;

-- After a replay of `step` into `reverse` (both the session's own): each fugitive `step` found at
-- some version is back in that state, at a new version; steps that left it in that state now
-- expect the new version.
CREATE FUNCTION bounty_carry_versions(step bigint, reverse bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  IF NOT bounty_session_is((SELECT s.hunter FROM history_step AS s WHERE s.id = step))
    OR NOT bounty_session_is((SELECT s.hunter FROM history_step AS s WHERE s.id = reverse))
  THEN
    RAISE EXCEPTION 'history steps % and % are not both yours (%)', step, reverse, session_user
      USING ERRCODE = '42501';
  END IF;
  UPDATE history_touch AS t SET version_after = f.row_version
  FROM history_touch AS s, fugitive AS f
  WHERE s.step_id = step AND s.version_before IS NOT NULL AND f.id = s.fugitive_id
    AND t.fugitive_id = s.fugitive_id AND t.version_after = s.version_before
    AND t.step_id <> reverse AND t.step_id <> s.step_id;
END
$$;

-- True for a new row while an import is paused (bounty.paused set, bounty.step not): its block
-- entry deletes the import's new rows, so they are not logged one by one. Read from the
-- transaction's settings alone, with no look-up per row.
CREATE FUNCTION bounty_paused_insert(operation text) RETURNS boolean LANGUAGE sql STABLE
SET search_path = pg_catalog
RETURN operation = 'INSERT' AND coalesce(current_setting('bounty.step', true), '') = ''
  AND coalesce(current_setting('bounty.paused', true), '') <> '';

-- The triggers: an entry per row change, into the step bounty_recording_step answers.
CREATE OR REPLACE FUNCTION history_record() RETURNS trigger LANGUAGE plpgsql
SET extra_float_digits = 1 AS $$
DECLARE
  key_column text := TG_ARGV[0];
  old_row jsonb;
  step bigint;
BEGIN
  IF bounty_paused_insert(TG_OP) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    old_row := to_jsonb(OLD) - 'changed_by';
    IF pg_trigger_depth() > 1
      AND old_row - 'row_version' - 'has_photo' - 'has_notes' - 'has_case_file'
        = to_jsonb(NEW) - 'changed_by' - 'row_version' - 'has_photo' - 'has_notes' - 'has_case_file'
    THEN
      RETURN NULL;
    END IF;
  END IF;
  step := bounty_recording_step('psql: ' || TG_OP || ' ' || TG_TABLE_NAME, TG_OP = 'INSERT');
  IF step IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('bounty.recorded', CAST(step AS text), true);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO history_entry (step_id, op, row_key)
    VALUES (step, TG_TABLE_NAME || '.delete', jsonb_build_object(key_column, to_jsonb(NEW) -> key_column));
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO history_entry (step_id, op, old_row, row_key)
    VALUES (step, TG_TABLE_NAME || '.update', old_row,
      jsonb_build_object(key_column, to_jsonb(NEW) -> key_column));
    RETURN NULL;
  END IF;
  INSERT INTO history_entry (step_id, op, old_row)
  VALUES (step, TG_TABLE_NAME || '.insert', to_jsonb(OLD) - 'changed_by');
  RETURN OLD;
END
$$;

CREATE OR REPLACE FUNCTION photo_history_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  step bigint;
  blob bigint;
BEGIN
  IF NOT bounty_paused_insert(TG_OP) THEN
    step := bounty_recording_step('psql: ' || TG_OP || ' photo', TG_OP = 'INSERT');
  END IF;
  IF step IS NULL THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD END;
  END IF;
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

CREATE OR REPLACE FUNCTION history_touch_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  step bigint;
BEGIN
  IF NOT bounty_paused_insert(TG_OP) THEN
    step := bounty_recording_step('psql: ' || TG_OP || ' fugitive', TG_OP = 'INSERT');
  END IF;
  IF step IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO history_touch (step_id, fugitive_id, version_before, version_after)
    VALUES (step, OLD.id, OLD.row_version,
      CASE WHEN TG_OP = 'UPDATE' AND NEW.id = OLD.id THEN NEW.row_version END)
    ON CONFLICT (step_id, fugitive_id) DO UPDATE SET version_after = excluded.version_after;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.id <> OLD.id) THEN
    INSERT INTO history_touch (step_id, fugitive_id, version_before, version_after)
    VALUES (step, NEW.id, NULL, NEW.row_version)
    ON CONFLICT (step_id, fugitive_id) DO UPDATE SET version_after = excluded.version_after;
  END IF;
  RETURN NULL;
END
$$;

-- A fugitive's row version, who changed it last and who added it are the server's: set by this
-- trigger whatever an UPDATE says; so are the has_* flags, which only the triggers that keep them
-- (a change of a row that belongs to the fugitive, pg_trigger_depth() > 1) or a new ID# change.
CREATE OR REPLACE FUNCTION fugitive_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.row_version := nextval('fugitive_version');
  NEW.changed_by := current_user;
  NEW.created_by := OLD.created_by;
  IF NEW.id <> OLD.id THEN
    NEW.has_photo := fugitive_has_children(NEW.id, 'photo');
    NEW.has_notes := fugitive_has_children(NEW.id, 'note');
    NEW.has_case_file := fugitive_has_children(NEW.id, 'case');
  ELSIF pg_trigger_depth() = 1 THEN
    NEW.has_photo := OLD.has_photo;
    NEW.has_notes := OLD.has_notes;
    NEW.has_case_file := OLD.has_case_file;
  END IF;
  RETURN NEW;
END
$$;

DROP TRIGGER fugitive_history_insert ON fugitive;
CREATE TRIGGER fugitive_history_insert AFTER INSERT ON fugitive FOR EACH ROW
EXECUTE FUNCTION history_record('id');
DROP TRIGGER fugitive_history_update ON fugitive;
CREATE TRIGGER fugitive_history_update AFTER UPDATE ON fugitive FOR EACH ROW
EXECUTE FUNCTION history_record('id');
DROP TRIGGER fugitive_history_delete ON fugitive;
CREATE TRIGGER fugitive_history_delete BEFORE DELETE ON fugitive FOR EACH ROW
EXECUTE FUNCTION history_record('id');
DROP TRIGGER note_history_insert ON note;
CREATE TRIGGER note_history_insert AFTER INSERT ON note FOR EACH ROW
EXECUTE FUNCTION history_record('id');
DROP TRIGGER note_history_update ON note;
CREATE TRIGGER note_history_update AFTER UPDATE ON note FOR EACH ROW
EXECUTE FUNCTION history_record('id');
DROP TRIGGER note_history_delete ON note;
CREATE TRIGGER note_history_delete BEFORE DELETE ON note FOR EACH ROW
EXECUTE FUNCTION history_record('id');
DROP TRIGGER setting_history_insert ON setting;
CREATE TRIGGER setting_history_insert AFTER INSERT ON setting FOR EACH ROW
EXECUTE FUNCTION history_record('key');
DROP TRIGGER setting_history_update ON setting;
CREATE TRIGGER setting_history_update AFTER UPDATE ON setting FOR EACH ROW
EXECUTE FUNCTION history_record('key');
DROP TRIGGER setting_history_delete ON setting;
CREATE TRIGGER setting_history_delete BEFORE DELETE ON setting FOR EACH ROW
EXECUTE FUNCTION history_record('key');
DROP TRIGGER case_file_history_insert ON case_file;
CREATE TRIGGER case_file_history_insert AFTER INSERT ON case_file FOR EACH ROW
EXECUTE FUNCTION history_record('fugitive_id');
DROP TRIGGER case_file_history_update ON case_file;
CREATE TRIGGER case_file_history_update AFTER UPDATE ON case_file FOR EACH ROW
EXECUTE FUNCTION history_record('fugitive_id');
DROP TRIGGER case_file_history_delete ON case_file;
CREATE TRIGGER case_file_history_delete BEFORE DELETE ON case_file FOR EACH ROW
EXECUTE FUNCTION history_record('fugitive_id');
DROP TRIGGER expense_history_insert ON expense;
CREATE TRIGGER expense_history_insert AFTER INSERT ON expense FOR EACH ROW
EXECUTE FUNCTION history_record('id');
DROP TRIGGER expense_history_update ON expense;
CREATE TRIGGER expense_history_update AFTER UPDATE ON expense FOR EACH ROW
EXECUTE FUNCTION history_record('id');
DROP TRIGGER expense_history_delete ON expense;
CREATE TRIGGER expense_history_delete BEFORE DELETE ON expense FOR EACH ROW
EXECUTE FUNCTION history_record('id');
DROP TRIGGER alias_history_insert ON alias;
CREATE TRIGGER alias_history_insert AFTER INSERT ON alias FOR EACH ROW
EXECUTE FUNCTION history_record('id');
DROP TRIGGER alias_history_update ON alias;
CREATE TRIGGER alias_history_update AFTER UPDATE ON alias FOR EACH ROW
EXECUTE FUNCTION history_record('id');
DROP TRIGGER alias_history_delete ON alias;
CREATE TRIGGER alias_history_delete BEFORE DELETE ON alias FOR EACH ROW
EXECUTE FUNCTION history_record('id');
DROP TRIGGER photo_history_insert ON photo;
CREATE TRIGGER photo_history_insert AFTER INSERT ON photo FOR EACH ROW
EXECUTE FUNCTION photo_history_record();
DROP TRIGGER photo_history_update ON photo;
CREATE TRIGGER photo_history_update AFTER UPDATE ON photo FOR EACH ROW
EXECUTE FUNCTION photo_history_record();
DROP TRIGGER photo_history_delete ON photo;
CREATE TRIGGER photo_history_delete BEFORE DELETE ON photo FOR EACH ROW
EXECUTE FUNCTION photo_history_record();
DROP TRIGGER fugitive_history_touch ON fugitive;
CREATE TRIGGER fugitive_history_touch AFTER INSERT OR UPDATE OR DELETE ON fugitive FOR EACH ROW
EXECUTE FUNCTION history_touch_record();

-- Who added a fugitive and who changed it last are the server's on INSERT too: changed_by is
-- always the inserting role (an undo that puts a deleted fugitive back is a change by whoever
-- undoes), and a hunter may not add a fugitive in another role's name (created_by decides who may
-- delete it); an admin may, as an undo of an admin's delete puts back whose it was.
CREATE FUNCTION fugitive_added_by() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_by := current_user;
  RETURN NEW;
END
$$;
CREATE TRIGGER fugitive_added_by BEFORE INSERT ON fugitive
FOR EACH ROW EXECUTE FUNCTION fugitive_added_by();
DROP POLICY fugitive_add ON fugitive;
CREATE POLICY fugitive_add ON fugitive FOR INSERT
  WITH CHECK (created_by = current_user OR bounty_is_agency_admin());

-- Every function that writes the history, the tally, the ID# runs or the search index runs with
-- the owner's rights and a search_path of this schema alone (then pg_temp, so no temporary table
-- of the caller's stands in for one of these).
DO $$
DECLARE
  f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['bounty_begin_step(text, text, text, text)',
    'bounty_label_step(bigint, text, text)', 'bounty_drop_step(bigint, text)',
    'bounty_trim_history(text, bigint)', 'bounty_recording_step(text, boolean)',
    'bounty_record_block(bigint, bigint)', 'bounty_carry_versions(bigint, bigint)',
    'history_record()', 'photo_history_record()', 'history_touch_record()',
    'history_step_drop_rows()', 'fugitive_tally_count()', 'fugitive_id_touch()',
    'fugitive_id_run_refresh()', 'fugitive_search_refresh(bigint[])', 'fugitive_search_follow()',
    'fugitive_search_follow_rows()', 'fugitive_search_follow_notes()']
  LOOP
    EXECUTE format('ALTER FUNCTION %s SECURITY DEFINER SET search_path = %I, pg_temp', f,
      current_schema());
  END LOOP;
END
$$;

-- Whose rows: each hunter's own `hunter` row and workspace values. The table's owner is not bound
-- by these (nor a superuser), so `psql` as the owner still names any hunter.
ALTER TABLE hunter ENABLE ROW LEVEL SECURITY;
CREATE POLICY hunter_read ON hunter FOR SELECT USING (true);
CREATE POLICY hunter_add ON hunter FOR INSERT WITH CHECK (role = current_user);
CREATE POLICY hunter_change ON hunter FOR UPDATE USING (role = current_user)
  WITH CHECK (role = current_user);
CREATE POLICY hunter_delete ON hunter FOR DELETE USING (role = current_user);
ALTER TABLE workspace ENABLE ROW LEVEL SECURITY;
CREATE POLICY workspace_own ON workspace FOR ALL
  USING (left(key, length(current_user) + 1) = current_user || ':')
  WITH CHECK (left(key, length(current_user) + 1) = current_user || ':');

-- An agency set up by an earlier bounty granted its groups writes on the history and the derived
-- tables, and TRUNCATE to admins: taken back here, so the upgrade alone closes them (run
-- `db init-agency` again as well, for the grants of this version exactly).
DO $$
DECLARE
  grantee text;
BEGIN
  FOREACH grantee IN ARRAY ARRAY['agency_hunter', 'agency_admin'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = grantee) THEN
      EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON TABLE history_step, '
        'history_entry, history_blob, history_touch, history_block, fugitive_tally, '
        'fugitive_id_run, fugitive_id_touched, fugitive_search FROM %I', grantee);
      EXECUTE format('REVOKE TRUNCATE ON TABLE fugitive, note, photo, setting, workspace, '
        'case_file, expense, alias, hunter FROM %I', grantee);
    END IF;
  END LOOP;
END
$$;
