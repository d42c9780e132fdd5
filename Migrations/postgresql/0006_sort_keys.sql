-- Agency version 6: a fugitive's or an alias's sort key follows its name for every client.
--
-- bounty writes name_key (its fold of the name) with every name it writes, but another client
-- does not know to: a hunter's `psql` `INSERT INTO fugitive (id, name, …)` left the key '' (the
-- fugitive sorted first in name order whatever its name) and `UPDATE fugitive SET name = …` kept
-- the old name's key (the fugitive sorted where its old name did). When a row's name is written
-- without its key (a new row whose key is empty, or a changed name whose key did not change), the
-- server now folds it: a plain-ASCII name is lower-cased, as bounty's fold does; any other name
-- gets the server's bounty_fold, which search uses too. A key written with its name is kept, so
-- bounty's own writes and undo's replays are untouched.
CREATE FUNCTION bounty_name_key(name text) RETURNS text LANGUAGE sql IMMUTABLE STRICT
RETURN CASE WHEN name ~ '^[\x01-\x7f]*$' THEN translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  'abcdefghijklmnopqrstuvwxyz') ELSE bounty_fold(name) END;

CREATE FUNCTION name_key_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' AND NEW.name_key = '' AND NEW.name <> '')
    OR (TG_OP = 'UPDATE' AND NEW.name IS DISTINCT FROM OLD.name AND NEW.name_key = OLD.name_key
      AND NEW.name_key IS DISTINCT FROM bounty_name_key(NEW.name))
  THEN
    NEW.name_key := bounty_name_key(NEW.name);
  END IF;
  RETURN NEW;
END
$$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION bounty_name_key(text) SET search_path = %I, pg_temp',
    current_schema());
  EXECUTE format('ALTER FUNCTION name_key_follow() SET search_path = %I, pg_temp',
    current_schema());
END
$$;

CREATE TRIGGER fugitive_name_key BEFORE INSERT OR UPDATE OF name, name_key ON fugitive
FOR EACH ROW EXECUTE FUNCTION name_key_follow();
CREATE TRIGGER alias_name_key BEFORE INSERT OR UPDATE OF name, name_key ON alias
FOR EACH ROW EXECUTE FUNCTION name_key_follow();
