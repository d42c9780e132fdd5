-- Version 26: hunter.name holds no line or paragraph separator (docs/security.md, "Names that
-- cannot pass for others").
--
-- Version 23's class of invisible code points left out general categories Zl and Zp, so
-- `ana` + U+2028 + `x` was taken as a hunter's name: a terminal or a report breaks the line
-- there, and `by ana` seems to end where it does not. The agency's server already refused both in
-- display names. bounty now refuses U+2028 and U+2029 too (NameIdentity.isInvisible, in
-- SettingKey.validate), and the setting checks are made again with version 23's rule and the
-- class widened by those two code points (its run 0x202A-0x202E becomes 0x2028-0x202E), so every
-- other client of the file is refused them too (SettingTriggerTests). The class's code
-- points, low, '-' (0x2D), high for each range, are the ones scripts/generate-name-tables computes
-- (which checks them against this file). A value already stored is left as it is, and shown with
-- the separator escaped.

DROP TRIGGER setting_check_insert;
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
    WHEN new.key = 'hunter.name' AND new.value GLOB '*[' || char(0x1, 0x2D, 0x1F, 0x7F, 0x2D, 0x9F, 0xAD, 0x34F, 0x600, 0x2D, 0x605, 0x61C, 0x6DD, 0x70F, 0x890, 0x2D, 0x891, 0x8E2, 0x115F, 0x2D, 0x1160, 0x17B4, 0x2D, 0x17B5, 0x180B, 0x2D, 0x180F, 0x200B, 0x2D, 0x200F, 0x2028, 0x2D, 0x202E, 0x2060, 0x2D, 0x206F, 0x3164, 0xFE00, 0x2D, 0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0, 0x2D, 0xFFFB, 0x110BD, 0x110CD, 0x13430, 0x2D, 0x1343F, 0x1BCA0, 0x2D, 0x1BCA3, 0x1D173, 0x2D, 0x1D17A, 0xE0000, 0x2D, 0xE0FFF) || ']*'
      THEN RAISE(ABORT, 'hunter.name holds no invisible character (zero-width, bidi control, format or control character) and no line or paragraph separator')
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

DROP TRIGGER setting_check_update;
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
    WHEN new.key = 'hunter.name' AND new.value GLOB '*[' || char(0x1, 0x2D, 0x1F, 0x7F, 0x2D, 0x9F, 0xAD, 0x34F, 0x600, 0x2D, 0x605, 0x61C, 0x6DD, 0x70F, 0x890, 0x2D, 0x891, 0x8E2, 0x115F, 0x2D, 0x1160, 0x17B4, 0x2D, 0x17B5, 0x180B, 0x2D, 0x180F, 0x200B, 0x2D, 0x200F, 0x2028, 0x2D, 0x202E, 0x2060, 0x2D, 0x206F, 0x3164, 0xFE00, 0x2D, 0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0, 0x2D, 0xFFFB, 0x110BD, 0x110CD, 0x13430, 0x2D, 0x1343F, 0x1BCA0, 0x2D, 0x1BCA3, 0x1D173, 0x2D, 0x1D17A, 0xE0000, 0x2D, 0xE0FFF) || ']*'
      THEN RAISE(ABORT, 'hunter.name holds no invisible character (zero-width, bidi control, format or control character) and no line or paragraph separator')
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
