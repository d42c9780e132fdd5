-- Agency version 10: an agency admin's pg_dump holds the whole roster (issue 36).
--
-- `db backup` sends an agency's admins to pg_dump, which failed for every agency role: it reads
-- every sequence (the history's were nobody's to read) and every row, and a hunter's workspace
-- values were each hunter's own (version 3's row policy), so an admin's dump left out the others'.
-- `db init-agency` now grants admins SELECT on every sequence (reading one does not advance it),
-- and here admins may read every workspace row; writing them stays each hunter's own. The groups
-- may not exist yet (`db init-agency` makes them after this runs): then nobody is an admin.
CREATE POLICY workspace_admin_read ON workspace FOR SELECT
  USING (
    CASE WHEN to_regrole('agency_admin') IS NULL THEN false
    ELSE pg_has_role(current_user, 'agency_admin', 'USAGE') END);
