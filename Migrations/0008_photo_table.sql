-- Version 8: photos move out of the fugitive row (version 3's image column) into their own table,
-- so that scanning fugitives never pages image bytes in. Every byte is kept: an old image that is
-- neither PNG nor JPEG is kept as application/octet-stream.
CREATE TABLE photo (
  fugitive_id INTEGER PRIMARY KEY REFERENCES fugitive (id) ON DELETE CASCADE ON UPDATE CASCADE,
  media_type TEXT NOT NULL CHECK (media_type IN ('image/png', 'image/jpeg', 'application/octet-stream')),
  bytes BLOB NOT NULL
);
INSERT INTO photo (fugitive_id, media_type, bytes)
SELECT id,
  CASE
    WHEN substr(image, 1, 8) = X'89504E470D0A1A0A' THEN 'image/png'
    WHEN substr(image, 1, 3) = X'FFD8FF' THEN 'image/jpeg'
    ELSE 'application/octet-stream'
  END,
  image
FROM fugitive WHERE image IS NOT NULL AND length(image) > 0;
ALTER TABLE fugitive DROP COLUMN image;
