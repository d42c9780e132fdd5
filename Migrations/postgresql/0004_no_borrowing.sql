-- Agency version 4: who did what, and what undo may overwrite, cannot be borrowed.
--
-- 1. The trigger functions that run with the rights of whoever changes a row (a fugitive's row
--    version, who changed it and who added it; the owner's version bump when a note, photo, case
--    file, expense or alias changes; the has_* flags; the admin check of the row policies) named
--    their tables and the sequence fugitive_version without a schema, so they used the caller's
--    search_path, in which the caller's own temporary objects come first: a hunter's
--    `CREATE TEMP SEQUENCE fugitive_version` chose the row versions of their changes (one equal to
--    the version another hunter's step left made that hunter's undo overwrite the change unseen),
--    and a temporary table named fugitive took the version bumps of their note changes. They now
--    have this schema's search_path, with pg_temp last, as version 3 gave the SECURITY DEFINER ones.
-- 2. A hunter's display name (what history, refusals and "changed by" show instead of the role) is
--    theirs alone: a name another hunter goes by, or another role's name (what history shows for a
--    role without a name), compared without case or surrounding space, is refused. A hunter could
--    otherwise call themselves "Carol Reyes" and have their changes shown as hers.
-- 3. bounty_carry_versions (after a replay: steps that left a fugitive in the state the replay put
--    back now expect its new version) took the caller's word that the replay had put that state
--    back. A hunter could call it alone, with a step of their own that had touched the fugitive
--    after another hunter's, and that hunter's undo then overwrote a third hunter's later change
--    unseen. It now carries a fugitive only when the replay (`reverse`) started from exactly the
--    version the replayed step left (its first touch's version_before), which bounty's own replay
--    has checked (it refuses a step whose fugitive someone changed since), and left the version
--    the fugitive has now.
DO $$
DECLARE
  f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['fugitive_bump_version()', 'fugitive_added_by()',
    'fugitive_bump_owner()', 'fugitive_has_children(bigint, text)', 'bounty_is_agency_admin()']
  LOOP
    EXECUTE format('ALTER FUNCTION %s SET search_path = %I, pg_temp', f, current_schema());
  END LOOP;
END
$$;

-- SECURITY DEFINER: every hunter row is compared, whatever row policies a later version adds.
CREATE FUNCTION hunter_name_is_own() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  wanted text := lower(btrim(NEW.display_name));
  holder text;
BEGIN
  IF NEW.display_name IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT h.role INTO holder FROM hunter AS h
  WHERE h.role <> NEW.role AND lower(btrim(h.display_name)) = wanted LIMIT 1;
  IF holder IS NULL THEN
    SELECT r.rolname INTO holder FROM pg_catalog.pg_roles AS r
    WHERE r.rolname <> NEW.role AND lower(r.rolname) = wanted LIMIT 1;
  END IF;
  IF holder IS NOT NULL THEN
    RAISE EXCEPTION 'the name % is taken by the role %; nothing was changed',
      NEW.display_name, holder USING ERRCODE = '23505';
  END IF;
  RETURN NEW;
END
$$;
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION hunter_name_is_own() SET search_path = %I, pg_temp',
    current_schema());
END
$$;
CREATE TRIGGER hunter_name_is_own BEFORE INSERT OR UPDATE OF role, display_name ON hunter
FOR EACH ROW EXECUTE FUNCTION hunter_name_is_own();

CREATE OR REPLACE FUNCTION bounty_carry_versions(step bigint, reverse bigint) RETURNS void
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
    AND t.step_id <> reverse AND t.step_id <> s.step_id
    AND EXISTS (SELECT 1 FROM history_touch AS r
      WHERE r.step_id = reverse AND r.fugitive_id = s.fugitive_id
        AND r.version_before IS NOT DISTINCT FROM s.version_after
        AND r.version_after = f.row_version);
END
$$;
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION bounty_carry_versions(bigint, bigint) SET search_path = %I, pg_temp',
    current_schema());
END
$$;
