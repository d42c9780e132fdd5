-- Version 3 (the original's model version 3): the fugitive's photo, stored in the record.
-- Migration 0008 moves it to a table of its own so list scans never read image bytes.
ALTER TABLE fugitive ADD COLUMN image BLOB;
