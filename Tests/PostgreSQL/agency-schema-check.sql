-- Checks the agency schema (Migrations/postgresql) in an empty database where it was just applied:
-- the undo log reverses every kind of row change exactly (replayed newest first, as bounty does),
-- redo brings the changes back, the tally and the search index follow every change, row versions
-- and history_touch say which fugitive each step left at which version, and a bump of a
-- fugitive's version by a change of its notes writes no undo entry of its own.
-- Run by Tests/PostgreSQL/check-agency-schema with psql -v ON_ERROR_STOP=1; any failed ASSERT stops it.
\set QUIET on
SET client_min_messages = warning;

-- Everything undo must restore, as one text: each data table's rows by key, without the columns
-- undo does not restore (who changed a row, and its version).
CREATE TEMPORARY VIEW roster_state (state) AS
SELECT concat_ws(E'\n',
  (SELECT string_agg((to_jsonb(f) - 'row_version' - 'changed_by')::text, E'\n' ORDER BY id) FROM fugitive AS f),
  (SELECT string_agg(to_jsonb(n)::text, E'\n' ORDER BY id) FROM note AS n),
  (SELECT string_agg(to_jsonb(p)::text, E'\n' ORDER BY fugitive_id) FROM photo AS p),
  (SELECT string_agg(to_jsonb(c)::text, E'\n' ORDER BY fugitive_id) FROM case_file AS c),
  (SELECT string_agg(to_jsonb(e)::text, E'\n' ORDER BY id) FROM expense AS e),
  (SELECT string_agg(to_jsonb(a)::text, E'\n' ORDER BY id) FROM alias AS a),
  (SELECT string_agg(to_jsonb(s)::text, E'\n' ORDER BY key) FROM setting AS s));

-- The ID# runs, brought up to date as bounty does after each step, are the runs the rows form.
CREATE FUNCTION pg_temp.id_runs_ok() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fugitive_id_run_refresh();
  RETURN NOT EXISTS (
    WITH island AS (
      SELECT min(id) AS first, max(id) AS last
      FROM (SELECT id, id - row_number() OVER (ORDER BY id) AS grp FROM fugitive) AS n GROUP BY grp)
    (SELECT first, last FROM fugitive_id_run EXCEPT SELECT first, last FROM island)
    UNION ALL
    (SELECT first, last FROM island EXCEPT SELECT first, last FROM fugitive_id_run));
END
$$;

-- The tally, the search index and the ID# runs agree with the rows.
CREATE TEMPORARY VIEW derived_ok (ok) AS
SELECT (SELECT count FROM fugitive_tally WHERE captured = 0)
    = (SELECT count(*) FROM fugitive WHERE captured = 0)
  AND (SELECT count FROM fugitive_tally WHERE captured = 1)
    = (SELECT count(*) FROM fugitive WHERE captured = 1)
  AND NOT EXISTS (
    (SELECT id, text FROM fugitive_search EXCEPT SELECT id, text FROM fugitive_search_text)
    UNION ALL
    (SELECT id, text FROM fugitive_search_text EXCEPT SELECT id, text FROM fugitive_search))
  AND pg_temp.id_runs_ok();

-- Opens a step on `stack` and records into it for the rest of the transaction.
CREATE FUNCTION pg_temp.begin_step(stack text, label text) RETURNS bigint LANGUAGE sql AS $$
  WITH step AS (
    INSERT INTO history_step (stack, label, created_at)
    VALUES (stack, label, '2026-11-30T10:00:00Z') RETURNING id)
  SELECT CAST(set_config('bounty.step', CAST(id AS text), true) AS bigint) FROM step;
$$;

-- Replays the newest step of `source` into a new step on `target`, as Store.undo/redo do. bounty
-- runs statements compiled from its own column lists (HistoryStatements.swift); this check builds
-- the same statements from the entry's op and keys, which is enough for a schema the test made.
CREATE FUNCTION pg_temp.replay(source text, target text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  step bigint;
  entry record;
  tbl text;
  action text;
  key_column text;
  columns text[];
BEGIN
  SELECT id INTO step FROM history_step WHERE stack = source AND hunter = current_user
  ORDER BY id DESC LIMIT 1;
  SET CONSTRAINTS ALL DEFERRED;
  PERFORM pg_temp.begin_step(target, 'replayed');
  FOR entry IN SELECT * FROM history_entry WHERE step_id = step ORDER BY id DESC LOOP
    tbl := split_part(entry.op, '.', 1);
    action := split_part(entry.op, '.', 2);
    SELECT k INTO key_column FROM jsonb_object_keys(coalesce(entry.row_key, '{}')) AS k;
    IF action = 'deleteAfterPosition' THEN
      EXECUTE 'DELETE FROM fugitive WHERE position > CAST($1 ->> ''position'' AS bigint)'
      USING entry.row_key;
    ELSIF entry.op = 'photo.insert' THEN
      INSERT INTO photo (fugitive_id, media_type, bytes)
      SELECT r.fugitive_id, r.media_type, b.bytes
      FROM jsonb_populate_record(NULL::photo, entry.old_row) AS r, history_blob AS b
      WHERE b.id = entry.blob_id;
    ELSIF entry.op = 'photo.update' THEN
      UPDATE photo SET fugitive_id = r.fugitive_id, media_type = r.media_type, bytes = b.bytes
      FROM jsonb_populate_record(NULL::photo, entry.old_row) AS r, history_blob AS b
      WHERE b.id = entry.blob_id AND photo.fugitive_id = CAST(entry.row_key ->> 'fugitive_id' AS bigint);
    ELSIF action = 'delete' THEN
      EXECUTE format('DELETE FROM %1$I WHERE %2$I = (jsonb_populate_record(NULL::%1$I, $1)).%2$I',
        tbl, key_column) USING entry.row_key;
    ELSE
      columns := ARRAY(SELECT k FROM jsonb_object_keys(entry.old_row) AS k
        WHERE action = 'insert' OR k NOT IN ('row_version', 'has_photo', 'has_notes', 'has_case_file'));
      IF action = 'update' THEN
        EXECUTE format('UPDATE %1$I SET %2$s FROM jsonb_populate_record(NULL::%1$I, $1) AS r, '
          'jsonb_populate_record(NULL::%1$I, $2) AS k WHERE %1$I.%3$I = k.%3$I', tbl,
          (SELECT string_agg(format('%1$I = r.%1$I', c), ', ') FROM unnest(columns) AS c), key_column)
        USING entry.old_row, entry.row_key;
      ELSE
        EXECUTE format('INSERT INTO %1$I (%2$s) SELECT %3$s FROM jsonb_populate_record(NULL::%1$I, $1) AS r',
          tbl, (SELECT string_agg(format('%I', c), ', ') FROM unnest(columns) AS c),
          (SELECT string_agg(format('r.%I', c), ', ') FROM unnest(columns) AS c))
        USING entry.old_row;
      END IF;
    END IF;
  END LOOP;
  PERFORM set_config('bounty.step', '', true);
  DELETE FROM history_step WHERE id = step;
END
$$;

CREATE TEMPORARY TABLE saved (name text PRIMARY KEY, state text);

-- Step 1: a roster from nothing.
BEGIN;
SELECT pg_temp.begin_step('undo', 'add') \gset
INSERT INTO fugitive (id, name, name_key, bounty_minor, description, position, created_at, updated_at,
  captured_lat, captured_lon, last_seen_desc)
VALUES (7, 'Hank Morrow', 'hank morrow', 150000, 'It''s "him": back\slash', 1,
    '2026-11-30T10:00:00Z', '2026-11-30T10:00:00Z', 0.1, -122.41941550000001, 'Zürich'),
  (9, 'Émile Zola', 'emile zola', 9223372036854775807, E'line\nbreak', 2,
    '2026-11-30T10:00:00Z', '2026-11-30T10:00:00Z', 1e-300, 5e-324, NULL),
  (11, 'Ada Byron', 'ada byron', 0, '', 3, '2026-11-30T10:00:00Z', '2026-11-30T10:00:00Z',
    NULL, NULL, NULL);
INSERT INTO note (fugitive_id, position, text, created_at)
VALUES (7, 1, 'seen at the dock', '2026-11-30T10:00:00Z'), (7, 2, 'drives a Ford', '2026-11-30T10:00:00Z'),
  (9, 1, 'FRANÇAIS', '2026-11-30T10:00:00Z');
INSERT INTO photo (fugitive_id, media_type, bytes)
VALUES (7, 'image/png', '\x89504e470d0a1a0a00ff'), (9, 'application/octet-stream', '\x00');
INSERT INTO case_file (fugitive_id, bond_minor, court) VALUES (7, 500000, 'County ''A''');
INSERT INTO expense (fugitive_id, position, date, amount_minor, memo)
VALUES (7, 1, '2026-11-01', 4200, 'fuel');
INSERT INTO alias (fugitive_id, name, name_key) VALUES (7, 'Hammer Hank', 'hammer hank');
INSERT INTO setting (key, value) VALUES ('currency', 'USD');
COMMIT;
INSERT INTO saved SELECT 'after add', state FROM roster_state;
DO $$ BEGIN
  ASSERT (SELECT ok FROM derived_ok), 'tally or search wrong after add';
  ASSERT (SELECT count(*) FROM history_entry) = 12, 'add: one entry per inserted row';
  ASSERT (SELECT array_agg(fugitive_id || ':' || coalesce(version_before, -1) || '>' || version_after
      ORDER BY fugitive_id) FROM history_touch) = ARRAY['7:-1>11', '9:-1>8', '11:-1>3'],
    'add: touches ' || (SELECT string_agg(fugitive_id || ':' || coalesce(version_before, -1) || '>' || version_after, ' ') FROM history_touch);
  -- Versions come from one sequence: the three rows took 1-3, then each child row of 7 (two notes,
  -- a photo, a case file, an expense, an alias) and of 9 (a note, a photo) took the next.
  ASSERT (SELECT row_version FROM fugitive WHERE id = 7) = 11, 'each child row bumps its fugitive';
  ASSERT (SELECT count(*) FROM history_entry WHERE op = 'fugitive.update') = 0,
    'a version bump writes no entry';
  ASSERT (SELECT bounty_fold('ÉmILE Ærø ß ΣΊΣΥΦΟΣ')) = 'emile aero ss σισυφοσ',
    'fold: ' || bounty_fold('ÉmILE Ærø ß ΣΊΣΥΦΟΣ');
  ASSERT (SELECT text FROM fugitive_search WHERE id = 7)
    = E'hank morrow\nit''s "him": back\\slash\nzurich\nseen at the dock\ndrives a ford\nhammer hank',
    'search text: ' || (SELECT text FROM fugitive_search WHERE id = 7);
  ASSERT (SELECT array_agg(id ORDER BY id) FROM fugitive_search
      WHERE text LIKE bounty_search_pattern('ZURI')) = ARRAY[7::bigint], 'search by folded text';
  ASSERT (SELECT array_agg(id ORDER BY id) FROM fugitive_search
      WHERE text LIKE bounty_search_pattern('francais')) = ARRAY[9::bigint], 'search a note';
  ASSERT NOT EXISTS (SELECT 1 FROM fugitive_search WHERE text LIKE bounty_search_pattern('k_s')),
    '_ is literal in a search';
  ASSERT (SELECT array_agg(id) FROM fugitive_search
      WHERE text LIKE bounty_search_pattern('back\sl')) = ARRAY[7::bigint], '\ is literal';
END $$;

-- Step 2: every other kind of change, in one step.
BEGIN;
SELECT pg_temp.begin_step('undo', 'edit') \gset
UPDATE fugitive SET name = 'Henry Morrow', name_key = 'henry morrow', captured = 1,
  captured_at = '2026-11-30T11:00:00Z', last_seen_lat = 51.5 WHERE id = 7;
UPDATE fugitive SET id = 8 WHERE id = 7;                       -- carries its rows along
UPDATE photo SET bytes = '\xffd8ff', media_type = 'image/jpeg' WHERE fugitive_id = 8;
INSERT INTO photo (fugitive_id, media_type, bytes) VALUES (9, 'image/png', '\x89')
ON CONFLICT (fugitive_id) DO UPDATE SET bytes = excluded.bytes, media_type = excluded.media_type;
DELETE FROM note WHERE text = 'seen at the dock';
UPDATE note SET position = 1 WHERE fugitive_id = 8;
UPDATE alias SET name = 'The Hammer', name_key = 'the hammer';
DELETE FROM fugitive WHERE id = 9;                             -- and its note and photo
UPDATE setting SET value = 'EUR';
INSERT INTO setting (key, value) VALUES ('rounding', 'half-even');
UPDATE case_file SET closed_at = '2026-11-30T12:00:00Z';
DELETE FROM expense;
UPDATE fugitive SET position = position - 1 WHERE position > 2; -- renumbering
COMMIT;
INSERT INTO saved SELECT 'after edit', state FROM roster_state;
DO $$ BEGIN
  ASSERT (SELECT ok FROM derived_ok), 'tally or search wrong after edit';
  ASSERT (SELECT count FROM fugitive_tally WHERE captured = 1) = 1, 'tally counts the capture';
  ASSERT (SELECT array_agg(fugitive_id || ':' || coalesce(version_before, -1) || '>' || coalesce(version_after, -1)
      ORDER BY fugitive_id) FROM history_touch WHERE step_id = (SELECT max(id) FROM history_step))
    = ARRAY['7:11>-1', '8:-1>26', '9:8>-1', '11:3>27'],
    'edit: touches ' || (SELECT string_agg(fugitive_id || ':' || coalesce(version_before, -1) || '>' || coalesce(version_after, -1), ' ' ORDER BY fugitive_id) FROM history_touch WHERE step_id = (SELECT max(id) FROM history_step));
  ASSERT (SELECT changed_by FROM fugitive WHERE id = 8) = current_user, 'changed_by names the role';
  ASSERT (SELECT count(*) FROM history_blob) = 4, 'old photo bytes kept as blobs';
  ASSERT NOT EXISTS (SELECT 1 FROM history_entry WHERE old_row ->> 'bytes' IS NOT NULL),
    'photo bytes never written into the entry';
END $$;

-- Undo the edit: exactly the roster after the add, tally and search with it.
BEGIN;
SELECT pg_temp.replay('undo', 'redo') \gset
COMMIT;
DO $$ BEGIN
  ASSERT (SELECT state FROM roster_state) = (SELECT state FROM saved WHERE name = 'after add'),
    E'undo did not restore the roster:\n' || (SELECT state FROM roster_state)
    || E'\n---- expected\n' || (SELECT state FROM saved WHERE name = 'after add');
  ASSERT (SELECT ok FROM derived_ok), 'tally or search wrong after undo';
  ASSERT (SELECT count(*) FROM history_step WHERE stack = 'redo') = 1, 'undo made a redo step';
END $$;

-- Redo it: exactly the roster after the edit.
BEGIN;
SELECT pg_temp.replay('redo', 'undo') \gset
COMMIT;
DO $$ BEGIN
  ASSERT (SELECT state FROM roster_state) = (SELECT state FROM saved WHERE name = 'after edit'),
    E'redo did not restore the edit:\n' || (SELECT state FROM roster_state);
  ASSERT (SELECT ok FROM derived_ok), 'tally or search wrong after redo';
END $$;

-- Undo both steps: an empty roster again.
BEGIN;
SELECT pg_temp.replay('undo', 'redo') \gset
COMMIT;
BEGIN;
SELECT pg_temp.replay('undo', 'redo') \gset
COMMIT;
DO $$ BEGIN
  ASSERT NOT EXISTS (SELECT 1 FROM fugitive) AND NOT EXISTS (SELECT 1 FROM setting),
    'undoing everything leaves an empty roster';
  ASSERT (SELECT ok FROM derived_ok), 'tally or search wrong after undoing everything';
END $$;

-- Outside a step a change is recorded all the same (agency migration 3): as a step of its own,
-- for the role that made it, which undo reverses.
INSERT INTO fugitive (id, name, bounty_minor) VALUES (1, 'Nobody', 1);
DO $$ BEGIN
  ASSERT (SELECT count(*) FROM history_entry WHERE step_id NOT IN
    (SELECT id FROM history_step)) = 0, 'entries without a step';
  ASSERT (SELECT label || ' ' || hunter FROM history_step WHERE stack = 'undo'
      ORDER BY id DESC LIMIT 1) = 'psql: INSERT fugitive ' || session_user,
    'a change outside a step opens one for its role';
  ASSERT (SELECT count(*) FROM history_touch WHERE fugitive_id = 1) = 1,
    'a change outside a step is touched like any';
END $$;
BEGIN;
SELECT pg_temp.replay('undo', 'redo') \gset
COMMIT;
DO $$ BEGIN
  ASSERT NOT EXISTS (SELECT 1 FROM fugitive), 'undo reverses a change made outside bounty';
  ASSERT (SELECT ok FROM derived_ok), 'tally or search wrong after undoing a psql change';
END $$;
\echo agency schema checks passed
