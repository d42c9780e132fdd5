-- Agency version 9: the history is a hash chain the server computes (issue 35; docs/history.md
-- is the contract both engines follow, docs/agency.md what differs on the server).
--
-- Every step is a link of history_chain, written by the server alone: when the transaction that
-- made a step commits (a deferred trigger, so the step's label and entries are final), a link
-- `record` (or `undo`/`redo` for the reverse step of a replay, naming the replayed step) holding
-- the step's digest; when a step goes otherwise (trimmed, dropped, the redo stack cleared) a link
-- `drop`. Each link's hash covers the link before it. Hunters and admins may read the chain, not
-- write it; bounty_chain_problem() walks it and names the first step that does not match (db check
-- calls it), and bounty_chain_holds(step) tells undo whether a step may be replayed.
--
-- Canonical encoding (docs/history.md): NULL `n`, integer `i<digits>;`, text `t<bytes>:<UTF-8>`,
-- blob `b<bytes>:<bytes>`, list `l<count>:<values>`. A step's digest is SHA-256 of
-- t"bounty.step.1", i(id), t(stack), t(label), t(created_at), t(hunter), t(client),
-- i(number of entries), then per entry in id order the text of its own SHA-256 (so a step of a
-- million entries is hashed in small pieces) over i(id), t(op), l(old values), n (the server's
-- entries hold no after image). On the server an entry's old values are
-- l(t(old_row as jsonb text) or n, t(row_key as jsonb text) or n, b(photo bytes) or n): jsonb's
-- text is canonical (its keys sorted, its numbers normalised).
-- hash(link) = SHA-256 of t"bounty.link.1", i(seq), t(kind), i(step_id), i(source_id) or n,
-- t(digest), t(hunter), t(client), t(at), t(previous hash, empty before link 1).

-- The client that made a step: `bounty`, `psql` (its application_name), else `other`.
CREATE FUNCTION bounty_client() RETURNS text LANGUAGE sql STABLE SET search_path = pg_catalog
RETURN CASE coalesce(current_setting('application_name', true), '')
  WHEN 'bounty' THEN 'bounty' WHEN 'psql' THEN 'psql' ELSE 'other' END;

ALTER TABLE history_step ADD COLUMN client text COLLATE "C" NOT NULL DEFAULT 'other';
ALTER TABLE history_step ALTER COLUMN client SET DEFAULT bounty_client();

CREATE TABLE history_chain (
  seq bigint PRIMARY KEY,
  kind text COLLATE "C" NOT NULL CHECK (kind IN ('record', 'undo', 'redo', 'drop', 'seal')),
  step_id bigint NOT NULL,
  source_id bigint,
  digest text COLLATE "C" NOT NULL,
  hunter text COLLATE "C" NOT NULL,
  client text COLLATE "C" NOT NULL,
  at text COLLATE "C" NOT NULL,
  hash text COLLATE "C" NOT NULL
);
CREATE INDEX history_chain_by_step ON history_chain (step_id, seq);
-- The newest link: one row, locked by whoever appends, so links are numbered without gaps.
CREATE TABLE history_chain_head (
  singleton integer PRIMARY KEY CHECK (singleton = 1),
  seq bigint NOT NULL,
  hash text COLLATE "C" NOT NULL
);
INSERT INTO history_chain_head VALUES (1, 0, '');

CREATE FUNCTION bounty_encode_text(value text) RETURNS bytea LANGUAGE sql IMMUTABLE
SET search_path = pg_catalog
RETURN CASE WHEN value IS NULL THEN convert_to('n', 'UTF8')
  ELSE convert_to('t' || octet_length(convert_to(value, 'UTF8')) || ':', 'UTF8')
    || convert_to(value, 'UTF8') END;

CREATE FUNCTION bounty_encode_integer(value bigint) RETURNS bytea LANGUAGE sql IMMUTABLE
SET search_path = pg_catalog
RETURN CASE WHEN value IS NULL THEN convert_to('n', 'UTF8')
  ELSE convert_to('i' || value || ';', 'UTF8') END;

CREATE FUNCTION bounty_encode_blob(value bytea) RETURNS bytea LANGUAGE sql IMMUTABLE
SET search_path = pg_catalog
RETURN CASE WHEN value IS NULL THEN convert_to('n', 'UTF8')
  ELSE convert_to('b' || length(value) || ':', 'UTF8') || value END;

-- The digest of step `step` as it is now (64 hex digits), or NULL when there is no such step.
CREATE FUNCTION bounty_step_digest(step bigint) RETURNS text LANGUAGE sql STABLE
RETURN (SELECT encode(sha256(
    bounty_encode_text('bounty.step.1') || bounty_encode_integer(s.id)
    || bounty_encode_text(s.stack) || bounty_encode_text(s.label)
    || bounty_encode_text(s.created_at) || bounty_encode_text(s.hunter)
    || bounty_encode_text(s.client)
    || bounty_encode_integer((SELECT count(*) FROM history_entry AS e WHERE e.step_id = s.id))
    || coalesce((SELECT string_agg(bounty_encode_text(encode(sha256(
          bounty_encode_integer(e.id) || bounty_encode_text(e.op)
          || convert_to('l3:', 'UTF8') || bounty_encode_text(CAST(e.old_row AS text))
          || bounty_encode_text(CAST(e.row_key AS text)) || bounty_encode_blob(b.bytes)
          || convert_to('n', 'UTF8')), 'hex')), '' ORDER BY e.id)
      FROM history_entry AS e LEFT JOIN history_blob AS b ON b.id = e.blob_id
      WHERE e.step_id = s.id), '')), 'hex')
  FROM history_step AS s WHERE s.id = step);

-- The hash of a link.
CREATE FUNCTION bounty_link_hash(seq bigint, kind text, step_id bigint, source_id bigint,
  digest text, hunter text, client text, at text, previous text) RETURNS text LANGUAGE sql
IMMUTABLE
RETURN encode(sha256(bounty_encode_text('bounty.link.1') || bounty_encode_integer(seq)
  || bounty_encode_text(kind) || bounty_encode_integer(step_id)
  || bounty_encode_integer(source_id) || bounty_encode_text(digest)
  || bounty_encode_text(hunter) || bounty_encode_text(client) || bounty_encode_text(at)
  || bounty_encode_text(previous)), 'hex');

-- Appends a link (the server's functions and triggers only).
CREATE FUNCTION bounty_chain_append(kind text, step bigint, source bigint, digest text,
  hunter text, client text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  head record;
  link_at text := bounty_now_text();
  link_hash text;
BEGIN
  SELECT h.seq, h.hash INTO head FROM history_chain_head AS h WHERE h.singleton = 1 FOR UPDATE;
  link_hash := bounty_link_hash(head.seq + 1, kind, step, source, digest, hunter, client, link_at,
    head.hash);
  INSERT INTO history_chain VALUES (head.seq + 1, kind, step, source, digest, hunter, client,
    link_at, link_hash);
  UPDATE history_chain_head AS h SET seq = head.seq + 1, hash = link_hash WHERE h.singleton = 1;
END
$$;

-- At commit: the link of a step the transaction made (none when the step was dropped again,
-- an empty step). The reverse step of a replay says so (bounty.replayed, set by
-- bounty_carry_versions, names the replayed step: its link is `undo` or `redo`).
CREATE FUNCTION history_step_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  step history_step;
  replayed text := coalesce(current_setting('bounty.replayed', true), '');
  source bigint;
BEGIN
  SELECT * INTO step FROM history_step AS s WHERE s.id = NEW.id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF split_part(replayed, ':', 1) = CAST(step.id AS text) THEN
    source := CAST(split_part(replayed, ':', 2) AS bigint);
  END IF;
  PERFORM bounty_chain_append(CASE WHEN source IS NULL THEN 'record'
      WHEN step.stack = 'redo' THEN 'undo' ELSE 'redo' END,
    step.id, source, bounty_step_digest(step.id), CAST(session_user AS text), step.client);
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER history_step_link AFTER INSERT ON history_step
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_step_link();

-- A step that goes: a `drop` link, unless it is the step a replay just reversed (its reverse
-- step's link names it) or it was made in this transaction (it never had a link).
CREATE FUNCTION history_step_unlink() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.opened_in = pg_current_xact_id()
    OR split_part(coalesce(current_setting('bounty.replayed', true), ''), ':', 2)
      = CAST(OLD.id AS text)
  THEN
    RETURN NULL;
  END IF;
  PERFORM bounty_chain_append('drop', OLD.id, NULL, '', CAST(session_user AS text),
    bounty_client());
  RETURN NULL;
END
$$;
CREATE TRIGGER history_step_unlink AFTER DELETE ON history_step
FOR EACH ROW EXECUTE FUNCTION history_step_unlink();

-- The carry after a replay also tells the chain which step `reverse` replayed.
CREATE OR REPLACE FUNCTION bounty_carry_versions(step bigint, reverse bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  IF NOT bounty_session_is((SELECT s.hunter FROM history_step AS s WHERE s.id = step))
    OR NOT bounty_step_is_open(reverse) OR step = reverse
  THEN
    RAISE EXCEPTION 'history step % is not one of yours (%), or % is not your replay of it opened '
      'in this transaction', step, session_user, reverse USING ERRCODE = '42501';
  END IF;
  PERFORM set_config('bounty.replayed', reverse || ':' || step, true);
  UPDATE history_touch AS t SET version_after = f.row_version
  FROM history_touch AS s, history_touch AS r, fugitive AS f
  WHERE s.step_id = step AND s.version_before IS NOT NULL
    AND r.step_id = reverse AND r.fugitive_id = s.fugitive_id
    AND r.version_before IS NOT DISTINCT FROM s.version_after
    AND f.id = s.fugitive_id AND r.version_after = f.row_version
    AND t.fugitive_id = s.fugitive_id AND t.version_after = s.version_before
    AND t.step_id <> reverse AND t.step_id <> s.step_id
    AND ((s.version_after IS NOT NULL AND NOT s.arrived AND NOT r.arrived)
      OR bounty_session_is((SELECT o.hunter FROM history_step AS o WHERE o.id = t.step_id)));
END
$$;

-- The first thing wrong with the chain, as one line naming the step, or NULL when it holds:
-- a link out of sequence or whose hash does not follow (edited, inserted or removed), a step no
-- live link names (planted), a step whose digest differs from its link's (edited since), a live
-- step that is gone (removed), a step whose link another role wrote than the step's hunter
-- (planted in someone's name by a role that may write the history). Steps of the caller's own
-- open transaction have no link yet.
CREATE FUNCTION bounty_chain_problem() RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  link record;
  previous text := '';
  expected bigint := 1;
  live jsonb := '{}';
  found text;
BEGIN
  FOR link IN SELECT * FROM history_chain ORDER BY seq LOOP
    IF link.seq <> expected OR link.hash <> bounty_link_hash(link.seq, link.kind, link.step_id,
      link.source_id, link.digest, link.hunter, link.client, link.at, previous)
    THEN
      RETURN format('history_chain: link %s (step %s) does not follow from the link before it: '
        'the chain was edited, or a link inserted or removed', link.seq, link.step_id);
    END IF;
    IF link.kind = 'drop' THEN
      live := live - CAST(link.step_id AS text);
    ELSE
      IF link.source_id IS NOT NULL THEN
        live := live - CAST(link.source_id AS text);
      END IF;
      live := live || jsonb_build_object(CAST(link.step_id AS text),
        jsonb_build_array(link.digest, link.hunter));
    END IF;
    previous := link.hash;
    expected := expected + 1;
  END LOOP;
  IF (SELECT h.seq FROM history_chain_head AS h) <> expected - 1 THEN
    RETURN format('history_chain: the newest link is %s, but the chain ends at %s: links were '
      'removed', (SELECT h.seq FROM history_chain_head AS h), expected - 1);
  END IF;
  SELECT format('history_step: step %s (%s) is in no link of the chain: it was planted',
    s.id, quote_literal(s.label)) INTO found
  FROM history_step AS s
  WHERE NOT live ? CAST(s.id AS text) AND s.opened_in <> pg_current_xact_id()
  ORDER BY s.id LIMIT 1;
  IF found IS NOT NULL THEN
    RETURN found;
  END IF;
  SELECT format('history_step: step %s (%s) differs from its link in the chain: it was edited',
    s.id, quote_literal(s.label)) INTO found
  FROM history_step AS s
  WHERE live ? CAST(s.id AS text)
    AND bounty_step_digest(s.id) <> live -> CAST(s.id AS text) ->> 0
  ORDER BY s.id LIMIT 1;
  IF found IS NOT NULL THEN
    RETURN found;
  END IF;
  SELECT format('history_step: step %s (%s) was written by %s in the name of %s: it was planted',
    s.id, quote_literal(s.label), live -> CAST(s.id AS text) ->> 1, s.hunter) INTO found
  FROM history_step AS s
  WHERE live ? CAST(s.id AS text) AND s.hunter <> live -> CAST(s.id AS text) ->> 1
  ORDER BY s.id LIMIT 1;
  IF found IS NOT NULL THEN
    RETURN found;
  END IF;
  SELECT format('history_step: step %s of the chain is missing: it was removed', k.id) INTO found
  FROM jsonb_object_keys(live) AS k (id)
  WHERE NOT EXISTS (SELECT 1 FROM history_step AS s WHERE CAST(s.id AS text) = k.id)
  ORDER BY CAST(k.id AS bigint) LIMIT 1;
  RETURN found;
END
$$;

-- Whether `step` may be replayed: its newest link is live, was written by the step's hunter,
-- follows from the link before it, and holds the digest the step has now.
CREATE FUNCTION bounty_chain_holds(step bigint) RETURNS boolean LANGUAGE sql STABLE
SECURITY DEFINER
RETURN coalesce((SELECT l.kind <> 'drop' AND l.digest = bounty_step_digest(step)
    AND l.hunter = (SELECT s.hunter FROM history_step AS s WHERE s.id = step)
    AND l.hash = bounty_link_hash(l.seq, l.kind, l.step_id, l.source_id, l.digest, l.hunter,
      l.client, l.at, coalesce((SELECT p.hash FROM history_chain AS p WHERE p.seq = l.seq - 1), ''))
  FROM history_chain AS l WHERE l.step_id = step ORDER BY l.seq DESC LIMIT 1), false);

-- A step's label is set in the transaction that opened it (bounty labels a step when its change
-- is done); afterwards it is part of the step's link.
CREATE OR REPLACE FUNCTION bounty_label_step(step bigint, address text, label text) RETURNS void
LANGUAGE sql SECURITY DEFINER
BEGIN ATOMIC
  UPDATE history_step AS s SET label = bounty_label_step.label
  WHERE s.ctid = CAST(address AS tid) AND s.id = step AND bounty_step_is_open(s.id);
END;

-- Steps recorded before the chain are sealed, in id order.
SELECT bounty_chain_append('seal', s.id, NULL, bounty_step_digest(s.id), s.hunter, s.client)
FROM (SELECT * FROM history_step ORDER BY id) AS s;

DO $$
DECLARE
  f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['bounty_step_digest(bigint)',
    'bounty_link_hash(bigint, text, bigint, bigint, text, text, text, text, text)',
    'bounty_chain_append(text, bigint, bigint, text, text, text)', 'history_step_link()',
    'history_step_unlink()', 'bounty_carry_versions(bigint, bigint)', 'bounty_chain_problem()',
    'bounty_chain_holds(bigint)', 'bounty_label_step(bigint, text, text)']
  LOOP
    EXECUTE format('ALTER FUNCTION %s SECURITY DEFINER SET search_path = %I, pg_temp', f,
      current_schema());
  END LOOP;
  REVOKE ALL ON FUNCTION bounty_chain_append(text, bigint, bigint, text, text, text) FROM PUBLIC;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'agency_hunter') THEN
    GRANT SELECT ON TABLE history_chain, history_chain_head TO agency_hunter;
  END IF;
END
$$;
