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
-- ones after them, and a statement trigger raises each past whatever a statement wrote. Sequences,
-- not rows, so that they are nobody's lock; a rollback does not lower them, which leaves at worst a
-- gap. Raising them needs the owner's rights (the trigger's); hunters may read them.
CREATE SEQUENCE fugitive_position_high AS bigint MINVALUE -9223372036854775808 START WITH 0;
CREATE SEQUENCE fugitive_id_high AS bigint MINVALUE -9223372036854775808 START WITH 0;
SELECT setval('fugitive_position_high', coalesce(max(position), 0), true) FROM fugitive;
SELECT setval('fugitive_id_high', greatest(coalesce(max(id), 0),
  coalesce((SELECT max(fugitive_id) FROM history_touch), 0)), true) FROM fugitive;

-- Raises the sequence of the fugitive column TG_ARGV[0] (`id` or `position`) to the column's
-- highest value: one probe of its index.
CREATE FUNCTION bounty_raise_high_water() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'id' THEN
    PERFORM setval('fugitive_id_high', highest, true)
    FROM (SELECT max(id) AS highest FROM fugitive) AS f
    WHERE highest > (SELECT last_value FROM fugitive_id_high);
  ELSE
    PERFORM setval('fugitive_position_high', highest, true)
    FROM (SELECT max(position) AS highest FROM fugitive) AS f
    WHERE highest > (SELECT last_value FROM fugitive_position_high);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER fugitive_position_high_water AFTER INSERT OR UPDATE OF position ON fugitive
FOR EACH STATEMENT EXECUTE FUNCTION bounty_raise_high_water('position');
CREATE TRIGGER fugitive_id_high_water AFTER INSERT OR UPDATE OF id ON fugitive
FOR EACH STATEMENT EXECUTE FUNCTION bounty_raise_high_water('id');

DO $$
BEGIN
  EXECUTE format(
    'ALTER FUNCTION bounty_raise_high_water() SECURITY DEFINER SET search_path = %I, pg_temp',
    current_schema());
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'agency_hunter') THEN
    GRANT USAGE, SELECT ON SEQUENCE fugitive_position_high, fugitive_id_high TO agency_hunter;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'agency_admin') THEN
    GRANT SELECT, UPDATE ON SEQUENCE fugitive_position_high, fugitive_id_high TO agency_admin;
  END IF;
END
$$;
