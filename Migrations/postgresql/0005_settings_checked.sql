-- Agency version 5: the server checks settings and keeps face values when the currency changes,
-- for every client, as the SQLite file does since its version 17.
--
-- An admin's `psql` could store any key and any value (a rounding of 'sideways' that reports
-- silently read as half-even), and `INSERT INTO setting VALUES ('currency', 'JPY')` turned
-- $15,000.00 into ¥1,500,000: the amounts are minor units and only bounty's own command rescaled
-- them. Now:
-- 1. A BEFORE trigger refuses an unknown key and any value other than the canonical text
--    `SettingKey.validate` stores (the same rules as the SQLite file's setting_check_* triggers).
-- 2. A change of the currency row (insert, update or delete; an upsert is one of them, not two)
--    rescales every bounty_minor, bond_minor and amount_minor by 10^(new decimals - old decimals),
--    or is refused when an amount would lose a digit or pass the largest amount bounty holds.
--    bounty's own `settings set currency` checks the same first, for its messages, and leaves the
--    rescaling to this trigger, as it does to SQLite's, so there is no way to skip it. The rescaled amounts are recorded before the setting (this is a BEFORE
--    trigger, the history's are AFTER ones), so undo, newest first, replays the setting first.

-- A currency code's decimals (BountyCore's `Currency.all`; a code bounty does not know, or none,
-- is read as USD).
CREATE FUNCTION bounty_currency_scale(code text) RETURNS integer LANGUAGE sql IMMUTABLE
SET search_path = pg_catalog
RETURN CASE upper(code) WHEN 'JPY' THEN 0 WHEN 'KRW' THEN 0 WHEN 'BHD' THEN 3 WHEN 'KWD' THEN 3
  WHEN 'JOD' THEN 3 ELSE 2 END;

CREATE FUNCTION setting_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v text := NEW.value;
BEGIN
  IF NEW.key NOT IN ('hunter.name', 'agency.name', 'currency', 'commission.rate', 'rounding',
      'fugitives.sort', 'captured.sort', 'confirm.delete', 'color', 'history.limit') THEN
    RAISE EXCEPTION 'unknown setting key (bounty settings list shows the keys)'
      USING ERRCODE = '23514';
  END IF;
  IF v IS NULL
    OR (NEW.key IN ('hunter.name', 'agency.name') AND v <> btrim(v, E' \t\n\r'))
    OR (NEW.key = 'currency' AND v NOT IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'MXN',
      'SEK', 'JPY', 'KRW', 'BHD', 'KWD', 'JOD'))
    OR (NEW.key = 'commission.rate'
      AND v !~ '^(100|(0|[1-9][0-9]?)(\.[0-9]{0,8}[1-9])?)$')
    OR (NEW.key = 'rounding' AND v NOT IN ('half-even', 'half-up'))
    OR (NEW.key IN ('fugitives.sort', 'captured.sort')
      AND v NOT IN ('name', 'bounty', 'id', 'manual', 'captured', 'deadline'))
    OR (NEW.key = 'confirm.delete' AND v NOT IN ('true', 'false'))
    OR (NEW.key = 'color' AND v NOT IN ('auto', 'always', 'never'))
    OR (NEW.key = 'history.limit'
      AND (v !~ '^[1-9][0-9]{0,4}$' OR CAST(v AS integer) > 10000))
  THEN
    RAISE EXCEPTION '% is not a value bounty stores for % (bounty settings set % … says what is)',
      quote_literal(v), NEW.key, NEW.key USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;

CREATE FUNCTION setting_currency_rescale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_scale integer;
  new_scale integer;
  factor bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- An upsert over the row fires this before its UPDATE does: the UPDATE rescales.
    IF NEW.key <> 'currency' OR EXISTS (SELECT 1 FROM setting WHERE key = 'currency') THEN
      RETURN NEW;
    END IF;
    old_scale := 2;
  ELSE
    IF OLD.key <> 'currency' AND (TG_OP = 'DELETE' OR NEW.key <> 'currency') THEN
      RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    END IF;
    old_scale := CASE WHEN OLD.key = 'currency' THEN bounty_currency_scale(OLD.value) ELSE 2 END;
  END IF;
  new_scale := CASE WHEN TG_OP <> 'DELETE' AND NEW.key = 'currency'
    THEN bounty_currency_scale(NEW.value) ELSE 2 END;
  IF new_scale = old_scale THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  factor := CAST(10 ^ abs(new_scale - old_scale) AS bigint);
  IF new_scale < old_scale THEN
    IF EXISTS (SELECT 1 FROM fugitive WHERE bounty_minor % factor <> 0)
      OR EXISTS (SELECT 1 FROM case_file WHERE bond_minor % factor <> 0)
      OR EXISTS (SELECT 1 FROM expense WHERE amount_minor % factor <> 0)
    THEN
      RAISE EXCEPTION 'changing the currency would drop digits from an amount (the new currency has fewer decimals); nothing was changed'
        USING ERRCODE = '23514';
    END IF;
    UPDATE fugitive SET bounty_minor = bounty_minor / factor WHERE bounty_minor <> 0;
    UPDATE case_file SET bond_minor = bond_minor / factor WHERE bond_minor <> 0;
    UPDATE expense SET amount_minor = amount_minor / factor WHERE amount_minor <> 0;
  ELSE
    IF EXISTS (SELECT 1 FROM fugitive WHERE bounty_minor > 9223372036854775807 / factor)
      OR EXISTS (SELECT 1 FROM case_file WHERE bond_minor > 9223372036854775807 / factor)
      OR EXISTS (SELECT 1 FROM expense WHERE amount_minor > 9223372036854775807 / factor)
    THEN
      RAISE EXCEPTION 'changing the currency would make an amount too large (the new currency has more decimals); nothing was changed'
        USING ERRCODE = '23514';
    END IF;
    UPDATE fugitive SET bounty_minor = bounty_minor * factor WHERE bounty_minor <> 0;
    UPDATE case_file SET bond_minor = bond_minor * factor WHERE bond_minor <> 0;
    UPDATE expense SET amount_minor = amount_minor * factor WHERE amount_minor <> 0;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION setting_check() SET search_path = %I, pg_temp', current_schema());
  EXECUTE format('ALTER FUNCTION setting_currency_rescale() SET search_path = %I, pg_temp',
    current_schema());
END
$$;

-- PostgreSQL fires a table's triggers of one kind in name order: the check first.
CREATE TRIGGER setting_a_check BEFORE INSERT OR UPDATE ON setting
FOR EACH ROW EXECUTE FUNCTION setting_check();
CREATE TRIGGER setting_b_currency BEFORE INSERT OR UPDATE OR DELETE ON setting
FOR EACH ROW EXECUTE FUNCTION setting_currency_rescale();
