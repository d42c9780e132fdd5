-- Version 20: a fugitive's expenses always add up to an amount (issue 29).
--
-- Each expense fits in 64 bits, but two of 92,233,720,368,547,758.07 did not add up: `expenses
-- list` failed, and outputs that show the total had nothing to show. bounty refuses such an
-- expense before writing it (Store.refuseTotalOverflow); these triggers refuse it for every other
-- client of the file too. Amounts are never negative (version 13's CHECK), so the sum of the
-- others lies between 0 and the largest integer and the subtraction below cannot overflow; a
-- database that already holds such a ledger makes sum() fail with "integer overflow", which
-- refuses the write as well.
CREATE TRIGGER expense_total_fits_insert BEFORE INSERT ON expense
WHEN new.amount_minor > 9223372036854775807
  - (SELECT coalesce(sum(amount_minor), 0) FROM expense WHERE fugitive_id = new.fugitive_id)
BEGIN
  SELECT RAISE(ABORT, 'the fugitive''s expenses would add up to more than an amount can hold');
END;

CREATE TRIGGER expense_total_fits_update BEFORE UPDATE OF amount_minor, fugitive_id ON expense
WHEN new.amount_minor > 9223372036854775807
  - (SELECT coalesce(sum(amount_minor), 0) FROM expense
     WHERE fugitive_id = new.fugitive_id AND id <> old.id)
BEGIN
  SELECT RAISE(ABORT, 'the fugitive''s expenses would add up to more than an amount can hold');
END;
