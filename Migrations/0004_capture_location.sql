-- Version 4 (the original's model version 4): where the capture happened, in degrees.
ALTER TABLE fugitive ADD COLUMN captured_lat REAL;
ALTER TABLE fugitive ADD COLUMN captured_lon REAL;
