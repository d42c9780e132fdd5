-- Agency version 11: a place in the manual order, and an ID#, are never handed out twice while a
-- step may still put them back (issue 36).
--
-- Each hunter undoes and redoes their own steps, in any order across hunters. A delete and an
-- undo used to number the manual order 1 to n again: that rewrote other hunters' fugitives, each
-- rewrite was recorded as a touch of the step, and their owners' undo was then refused for a
-- change nobody made to their data. The order is now the positions as they are, gaps and all,
-- with fugitives that share a position in ID# order, and nothing renumbers it but a move.
--
-- What keeps that true is that a new fugitive never takes a place, or an ID#, that an undo or a
-- redo may still put a fugitive back into (ana deletes the last fugitive, ben adds one, ana's undo
-- must find the place and the ID# free). `fugitive_position_high` and `fugitive_id_high` hold the
-- highest position and ID# ever written; bounty gives a new fugitive (or an import's block) the
-- ones after them, and a statement trigger raises each past whatever a statement wrote (a bulk
-- load disables it and raises them once at its end). Sequences, not rows, so that they are no
-- row every writer locks; a rollback does not lower them, which leaves at worst a gap. Only the
-- server raises them (the function runs with the owner's rights); hunters may read them. The
-- CHECKs bound what a statement can raise them to: ID#s are bounty's 32-bit ones, and a place
-- stays far enough below bigint's end that adding after it never overflows (NOT VALID: rows an
-- older client wrote are not checked, only new ones).
ALTER TABLE fugitive ADD CONSTRAINT fugitive_id_in_range
  CHECK (id BETWEEN -2147483648 AND 2147483647) NOT VALID;
ALTER TABLE fugitive ADD CONSTRAINT fugitive_position_in_range
  CHECK (position BETWEEN -9007199254740992 AND 9007199254740992) NOT VALID;

CREATE SEQUENCE fugitive_position_high AS bigint MINVALUE -9223372036854775808 START WITH 0;
CREATE SEQUENCE fugitive_id_high AS bigint MINVALUE -9223372036854775808 START WITH 0;
-- From the rows and from what the history may put back: an older step's fugitive rows (deleted
-- or changed since) and every fugitive a step touched.
SELECT setval('fugitive_position_high', greatest(
  coalesce((SELECT max(position) FROM fugitive), 0),
  coalesce((SELECT max(CAST(old_row ->> 'position' AS bigint)) FROM history_entry
    WHERE op IN ('fugitive.insert', 'fugitive.update')), 0)), true);
SELECT setval('fugitive_id_high', greatest(
  coalesce((SELECT max(id) FROM fugitive), 0),
  coalesce((SELECT max(fugitive_id) FROM history_touch), 0)), true);

-- Raises each mark to the highest value its column holds: two probes of their indexes, under a
-- lock of the transaction so that two raises never cross (one reading, the other setting a
-- higher value, the first then setting a lower one).
CREATE FUNCTION bounty_raise_high_waters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(CAST(x'626f756e' AS integer), 11);
  PERFORM setval('fugitive_id_high', highest, true)
  FROM (SELECT max(id) AS highest FROM fugitive) AS f
  WHERE highest > (SELECT last_value FROM fugitive_id_high);
  PERFORM setval('fugitive_position_high', highest, true)
  FROM (SELECT max(position) AS highest FROM fugitive) AS f
  WHERE highest > (SELECT last_value FROM fugitive_position_high);
END
$$;

CREATE FUNCTION fugitive_high_water() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bounty_raise_high_waters();
  RETURN NULL;
END
$$;

CREATE TRIGGER fugitive_high_water AFTER INSERT OR UPDATE OF id, position ON fugitive
FOR EACH STATEMENT EXECUTE FUNCTION fugitive_high_water();

DO $$
BEGIN
  EXECUTE format(
    'ALTER FUNCTION bounty_raise_high_waters() SECURITY DEFINER SET search_path = %I, pg_temp',
    current_schema());
  EXECUTE format('ALTER FUNCTION fugitive_high_water() SET search_path = %I, pg_temp',
    current_schema());
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'agency_hunter') THEN
    GRANT SELECT ON SEQUENCE fugitive_position_high, fugitive_id_high TO agency_hunter;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'agency_admin') THEN
    GRANT SELECT, UPDATE ON SEQUENCE fugitive_position_high, fugitive_id_high TO agency_admin;
  END IF;
END
$$;
