-- Agency version 7: the writers' turn is a lock of the transaction, released by the server.
--
-- bounty's writers take turns (docs/agency.md). The turn was a session-level advisory lock, taken
-- before BEGIN and released after COMMIT by the client: a one-shot command killed while it
-- waited (for a row another session held FOR UPDATE) left its server process waiting, holding
-- the turn, and every other hunter's change waiting behind it, for as long as that row stayed
-- locked (16 minutes and more were seen). Each write transaction now begins with
-- `LOCK TABLE bounty_writer IN EXCLUSIVE MODE`: a lock of the transaction, which the server
-- releases when the transaction ends however it ends, and which, unlike a function called by a
-- SELECT (pg_advisory_xact_lock), takes no snapshot, so the serializable snapshot taken after it
-- sees the commit of the writer before. The table holds no row and no column; LOCK in EXCLUSIVE
-- MODE needs UPDATE on it, which `db init-agency` grants the hunters (and this migration, when the
-- agency's roles exist already).
CREATE TABLE bounty_writer ();

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'agency_hunter') THEN
    GRANT SELECT, UPDATE ON TABLE bounty_writer TO agency_hunter;
  END IF;
END
$$;
