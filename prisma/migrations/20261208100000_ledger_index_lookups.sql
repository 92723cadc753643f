-- migrate:up

-- Posting reads the ledger's accounts and entries through their unique indexes, however large the ledger
-- has grown since a session planned its statements (docs/domain.md#ledger; `pnpm bench:ledger`). The
-- planner takes a batch for a hundred entries of a hundred legs each, and a table it saw small for small,
-- so it hashed the whole of ledger_accounts on every call (each leg's account, and each account's kept
-- balance in the postings' trigger), and a replay would have read the whole of ledger_entries: a call cost
-- as much as the ledger was large. Now the accounts are looked up once each (their ids kept for the legs),
-- a replayed key is one lookup, and a request's few kept balances are moved each by its primary key.
-- Same rules, same answers. And whatever the planner believes of a table's size (that belief is the last
-- ANALYZE's, and a table it believes small it reads whole), posting and resolving plan with whole-table
-- reads of a table off (`enable_seqscan`): every lookup they make has an index, so it is always taken.
CREATE OR REPLACE FUNCTION ledger_post(batch jsonb) RETURNS TABLE (key text, id integer, created boolean) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  written_keys text[];
  written_ids integer[];
  reused_key text;
  account_keys text[];
  account_ids integer[];
  wanted_accounts bigint;
  carnets boolean;
  shares boolean;
BEGIN
  -- Each account key of the batch looked up once, through its unique index (an anti-join here would
  -- read every account: the planner cannot tell how few legs a batch has), made when missing; the ids
  -- found and made are kept for the postings.
  WITH wanted AS (
    SELECT DISTINCT ON (l->'account'->>'key') l->'account'->>'key' AS key, l->'account' AS acc
    FROM jsonb_array_elements(batch) e, jsonb_array_elements(e->'legs') l
  ), found AS (
    SELECT w.key, w.acc, existing.id
    FROM wanted w LEFT JOIN LATERAL (SELECT a.id FROM ledger_accounts a WHERE a.key = w.key LIMIT 1) existing ON true
  ), made AS (
    INSERT INTO ledger_accounts AS account (key, kind, user_id, booking_id, booking_player_id, membership_id, carnet_id, transaction_id, method, keeps_balance, enrolment_id, tournament_player_id)
    SELECT key, (acc->>'kind')::ledger_account_kind, (acc->>'user_id')::int, (acc->>'booking_id')::int,
           (acc->>'booking_player_id')::int, (acc->>'membership_id')::int, (acc->>'carnet_id')::int, (acc->>'transaction_id')::int,
           (acc->>'method')::payment_method, (acc->>'kind')::ledger_account_kind >= 'booking_receivable', (acc->>'enrolment_id')::int,
           (acc->>'tournament_player_id')::int
    FROM found WHERE id IS NULL
    ON CONFLICT (key) DO NOTHING
    RETURNING account.key, account.id
  )
  SELECT coalesce(array_agg(k.key), '{}'), coalesce(array_agg(k.id), '{}'), (SELECT count(*) FROM wanted)
  INTO account_keys, account_ids, wanted_accounts
  FROM (SELECT f.key, f.id FROM found f WHERE f.id IS NOT NULL UNION ALL SELECT m.key, m.id FROM made m) k;
  -- One made by a concurrent call meanwhile: read by a statement of its own, which sees it.
  IF cardinality(account_ids) < wanted_accounts THEN
    SELECT account_keys || array_agg(a.key::text), account_ids || array_agg(a.id) INTO account_keys, account_ids
    FROM (SELECT DISTINCT l->'account'->>'key' AS key FROM jsonb_array_elements(batch) e, jsonb_array_elements(e->'legs') l) k
    CROSS JOIN LATERAL (SELECT a.key, a.id FROM ledger_accounts a WHERE a.key = k.key LIMIT 1) a
    WHERE NOT (k.key = ANY(account_keys));
  END IF;

  -- An entry whose legs are all zero moves nothing: it is left out, as are legs of zero. Its content hash
  -- comes with it (`content_hash`, hex: the API computes it by the same formula, ledger_entry_hash); a
  -- caller that sends none has it computed here.
  WITH input AS (
    SELECT DISTINCT ON (e->>'key') e->>'key' AS key, e, coalesce(decode(e->>'content_hash', 'hex'), ledger_entry_hash(e)) AS hash
    FROM jsonb_array_elements(batch) e
    WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(e->'legs') l WHERE (l->>'amount')::int <> 0)
  ), written AS (
    INSERT INTO ledger_entries AS le (key, kind, phase, expires_at, effective_at, created_by_id, description, user_id, booking_id,
      booking_player_id, membership_id, carnet_id, transaction_id, rain_check_id, reverses_id, enrolment_id, tournament_player_id, content_hash)
    SELECT key, (e->>'kind')::ledger_entry_kind, coalesce(e->>'phase', 'posted')::ledger_phase, (e->>'expires_at')::timestamptz,
           coalesce((e->>'effective_at')::timestamptz, now()), (e->>'created_by_id')::int, e->>'description', (e->>'user_id')::int,
           (e->>'booking_id')::int, (e->>'booking_player_id')::int, (e->>'membership_id')::int, (e->>'carnet_id')::int,
           (e->>'transaction_id')::int, (e->>'rain_check_id')::int, (e->>'reverses_id')::int, (e->>'enrolment_id')::int,
           (e->>'tournament_player_id')::int, hash
    FROM input
    ON CONFLICT (key) DO NOTHING
    RETURNING le.key, le.id, le.phase
  ), posted AS (
    -- Each leg's account from the ids above (a join with the table would hash every account: see above).
    INSERT INTO ledger_postings (entry_id, account_id, amount_cents, phase)
    SELECT w.id, a.id, (l->>'amount')::int, w.phase
    FROM written w
    JOIN input i ON i.key = w.key
    CROSS JOIN jsonb_array_elements(i.e->'legs') l
    JOIN unnest(account_keys, account_ids) AS a(key, id) ON a.key = l->'account'->>'key'
    WHERE (l->>'amount')::int <> 0
    RETURNING 1
  )
  SELECT coalesce(array_agg(w.key), '{}'), coalesce(array_agg(w.id), '{}') INTO written_keys, written_ids FROM written w;

  -- A carnet's uses and a share's paid_at follow what was written, when the batch names one.
  IF cardinality(written_ids) > 0 THEN
    carnets := batch @? '$[*] ? (@.carnet_id != null)';
    shares := batch @? '$[*].legs[*].account ? (@.kind == "share_receivable")';
    IF carnets OR shares THEN
      PERFORM ledger_derive(written_ids, carnets, shares);
    END IF;
  END IF;

  -- What this call wrote.
  RETURN QUERY SELECT w.key::text, w.id, true FROM unnest(written_keys, written_ids) AS w(key, id);

  -- A key not written by this call was written before (or by a concurrent call that got there first: read
  -- by a statement of its own, which sees it). It is a replay only if it posted the same content: its hash
  -- computed here, from what the call sends, never taken from the caller. Then its entry is answered.
  -- Only looked for when a key was not written (the common call writes every key).
  IF cardinality(written_keys) < jsonb_array_length(batch) THEN
    SELECT k.key INTO reused_key
    FROM (SELECT e->>'key' AS key, e FROM jsonb_array_elements(batch) e WHERE NOT (e->>'key' = ANY(written_keys))) k
    CROSS JOIN LATERAL (SELECT le.content_hash FROM ledger_entries le WHERE le.key = k.key LIMIT 1) le
    WHERE le.content_hash IS DISTINCT FROM ledger_entry_hash(k.e)
    LIMIT 1;
    IF reused_key IS NOT NULL THEN
      RAISE EXCEPTION 'ledger entry % exists with different content (ledger_entries_key_content)', reused_key
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'ledger_entries_key_content';
    END IF;
    RETURN QUERY
      SELECT k.key, le.id, false
      FROM (SELECT DISTINCT e->>'key' AS key FROM jsonb_array_elements(batch) e WHERE NOT (e->>'key' = ANY(written_keys))) k
      CROSS JOIN LATERAL (SELECT le.id FROM ledger_entries le WHERE le.key = k.key LIMIT 1) le;
  END IF;
END $$;

-- Re-created: as 20261203150000_ledger_app_role made it, run as its owner and called by the app role only.
ALTER FUNCTION ledger_post(jsonb) SECURITY DEFINER SET search_path = public, pg_temp SET enable_seqscan = off;
REVOKE EXECUTE ON FUNCTION ledger_post(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_post(jsonb) TO beach_app;
ALTER FUNCTION ledger_resolve(integer[], ledger_phase, text, timestamptz) SET enable_seqscan = off;

-- An entry's postings are written in one statement, at least two, summing to zero; each moves the
-- balance of an account that keeps one, in that statement (the account's CHECKs then refuse an
-- overdraft or an overpayment). The few accounts of a request's entries (up to 20) are moved each by its
-- primary key, in account order (a join would hash every account: see above); the many of a batch in one
-- statement, cheaper then than a statement each.
CREATE OR REPLACE FUNCTION ledger_postings_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced integer;
  entry_ids integer[];
  postings bigint;
  account_ids integer[];
  moved_debits_posted bigint[];
  moved_credits_posted bigint[];
  moved_debits_pending bigint[];
  moved_credits_pending bigint[];
BEGIN
  SELECT (array_agg(n.entry_id) FILTER (WHERE n.total <> 0 OR n.postings < 2))[1], array_agg(n.entry_id), sum(n.postings)
  INTO unbalanced, entry_ids, postings
  FROM (SELECT entry_id, sum(amount_cents) AS total, count(*) AS postings FROM new_postings GROUP BY entry_id) n;
  -- Written together: the entries have no postings but these (the one lookup of all their postings;
  -- only when it finds more, the entry that has them).
  IF unbalanced IS NULL AND (SELECT count(*) FROM ledger_postings p WHERE p.entry_id = ANY(entry_ids)) <> postings THEN
    SELECT n.entry_id INTO unbalanced FROM new_postings n GROUP BY n.entry_id
    HAVING count(*) <> (SELECT count(*) FROM ledger_postings p WHERE p.entry_id = n.entry_id) LIMIT 1;
  END IF;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % must have two or more postings, written together, summing to zero', unbalanced
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
  END IF;
  SELECT array_agg(s.account_id ORDER BY s.account_id), array_agg(s.dp ORDER BY s.account_id), array_agg(s.cp ORDER BY s.account_id),
         array_agg(s.dq ORDER BY s.account_id), array_agg(s.cq ORDER BY s.account_id)
  INTO account_ids, moved_debits_posted, moved_credits_posted, moved_debits_pending, moved_credits_pending
  FROM (
    SELECT account_id,
      coalesce(sum(amount_cents) FILTER (WHERE amount_cents > 0 AND phase IN ('posted', 'post_pending')), 0) AS dp,
      coalesce(-sum(amount_cents) FILTER (WHERE amount_cents < 0 AND phase IN ('posted', 'post_pending')), 0) AS cp,
      coalesce(sum(CASE phase WHEN 'pending' THEN amount_cents ELSE -amount_cents END) FILTER (WHERE amount_cents > 0 AND phase <> 'posted'), 0) AS dq,
      coalesce(-sum(CASE phase WHEN 'pending' THEN amount_cents ELSE -amount_cents END) FILTER (WHERE amount_cents < 0 AND phase <> 'posted'), 0) AS cq
    FROM new_postings GROUP BY account_id
  ) s;
  IF cardinality(account_ids) <= 20 THEN
    FOR i IN 1 .. cardinality(account_ids) LOOP
      UPDATE ledger_accounts a SET
        debits_posted   = a.debits_posted   + moved_debits_posted[i],
        credits_posted  = a.credits_posted  + moved_credits_posted[i],
        debits_pending  = a.debits_pending  + moved_debits_pending[i],
        credits_pending = a.credits_pending + moved_credits_pending[i]
      WHERE a.id = account_ids[i] AND a.keeps_balance;
    END LOOP;
  ELSE
    UPDATE ledger_accounts a SET
      debits_posted   = a.debits_posted   + s.dp,
      credits_posted  = a.credits_posted  + s.cp,
      debits_pending  = a.debits_pending  + s.dq,
      credits_pending = a.credits_pending + s.cq
    FROM unnest(account_ids, moved_debits_posted, moved_credits_posted, moved_debits_pending, moved_credits_pending) AS s(account_id, dp, cp, dq, cq)
    WHERE a.id = ANY(account_ids) AND a.id = s.account_id AND a.keeps_balance;
  END IF;
  RETURN NULL;
END $$;

-- migrate:down

-- Back to the versions of 20261206100000_ledger_post_hash_from_caller and 20261126100000_ledger.
ALTER FUNCTION ledger_resolve(integer[], ledger_phase, text, timestamptz) RESET enable_seqscan;
CREATE OR REPLACE FUNCTION ledger_post(batch jsonb) RETURNS TABLE (key text, id integer, created boolean) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  written_keys text[];
  written_ids integer[];
  reused_key text;
BEGIN
  -- Each account key of the batch looked up once, through its unique index (an anti-join here would
  -- read every account: the planner cannot tell how few legs a batch has).
  INSERT INTO ledger_accounts (key, kind, user_id, booking_id, booking_player_id, membership_id, carnet_id, transaction_id, method, keeps_balance, enrolment_id, tournament_player_id)
  SELECT acc->>'key', (acc->>'kind')::ledger_account_kind, (acc->>'user_id')::int, (acc->>'booking_id')::int,
         (acc->>'booking_player_id')::int, (acc->>'membership_id')::int, (acc->>'carnet_id')::int, (acc->>'transaction_id')::int,
         (acc->>'method')::payment_method, (acc->>'kind')::ledger_account_kind >= 'booking_receivable', (acc->>'enrolment_id')::int,
         (acc->>'tournament_player_id')::int
  FROM (SELECT DISTINCT ON (l->'account'->>'key') l->'account' AS acc FROM jsonb_array_elements(batch) e, jsonb_array_elements(e->'legs') l) x
  LEFT JOIN LATERAL (SELECT true AS found FROM ledger_accounts existing WHERE existing.key = x.acc->>'key' LIMIT 1) made ON true
  WHERE made.found IS NULL
  ON CONFLICT (key) DO NOTHING;

  -- An entry whose legs are all zero moves nothing: it is left out, as are legs of zero. Its content hash
  -- comes with it (`content_hash`, hex: the API computes it by the same formula, ledger_entry_hash); a
  -- caller that sends none has it computed here.
  WITH input AS (
    SELECT DISTINCT ON (e->>'key') e->>'key' AS key, e, coalesce(decode(e->>'content_hash', 'hex'), ledger_entry_hash(e)) AS hash
    FROM jsonb_array_elements(batch) e
    WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(e->'legs') l WHERE (l->>'amount')::int <> 0)
  ), written AS (
    INSERT INTO ledger_entries AS le (key, kind, phase, expires_at, effective_at, created_by_id, description, user_id, booking_id,
      booking_player_id, membership_id, carnet_id, transaction_id, rain_check_id, reverses_id, enrolment_id, tournament_player_id, content_hash)
    SELECT key, (e->>'kind')::ledger_entry_kind, coalesce(e->>'phase', 'posted')::ledger_phase, (e->>'expires_at')::timestamptz,
           coalesce((e->>'effective_at')::timestamptz, now()), (e->>'created_by_id')::int, e->>'description', (e->>'user_id')::int,
           (e->>'booking_id')::int, (e->>'booking_player_id')::int, (e->>'membership_id')::int, (e->>'carnet_id')::int,
           (e->>'transaction_id')::int, (e->>'rain_check_id')::int, (e->>'reverses_id')::int, (e->>'enrolment_id')::int,
           (e->>'tournament_player_id')::int, hash
    FROM input
    ON CONFLICT (key) DO NOTHING
    RETURNING le.key, le.id, le.phase
  ), posted AS (
    INSERT INTO ledger_postings (entry_id, account_id, amount_cents, phase)
    SELECT w.id, a.id, (l->>'amount')::int, w.phase
    FROM written w
    JOIN input i ON i.key = w.key
    CROSS JOIN jsonb_array_elements(i.e->'legs') l
    JOIN ledger_accounts a ON a.key = l->'account'->>'key'
    WHERE (l->>'amount')::int <> 0
    RETURNING 1
  )
  SELECT coalesce(array_agg(w.key), '{}'), coalesce(array_agg(w.id), '{}') INTO written_keys, written_ids FROM written w;

  -- A carnet's uses and a share's paid_at follow what was written, when the batch names one.
  IF cardinality(written_ids) > 0 AND (batch @? '$[*] ? (@.carnet_id != null)' OR batch @? '$[*].legs[*].account ? (@.kind == "share_receivable")') THEN
    PERFORM ledger_derive(written_ids, batch @? '$[*] ? (@.carnet_id != null)', batch @? '$[*].legs[*].account ? (@.kind == "share_receivable")');
  END IF;

  -- A key written before (or by a concurrent call that got there first: read by a statement of its own,
  -- which sees it) is a replay only if it posted the same content: its hash computed here, from what the
  -- call sends, never taken from the caller. Only looked for when a key was not written (the common batch
  -- writes every key).
  IF cardinality(written_keys) < jsonb_array_length(batch) THEN
    SELECT le.key INTO reused_key
    FROM jsonb_array_elements(batch) e JOIN ledger_entries le ON le.key = e->>'key'
    WHERE e->>'key' NOT IN (SELECT unnest(written_keys)) AND le.content_hash IS DISTINCT FROM ledger_entry_hash(e)
    LIMIT 1;
    IF reused_key IS NOT NULL THEN
      RAISE EXCEPTION 'ledger entry % exists with different content (ledger_entries_key_content)', reused_key
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'ledger_entries_key_content';
    END IF;
  END IF;

  -- What this call wrote, then the entries of the other keys.
  RETURN QUERY SELECT w.key::text, w.id, true FROM unnest(written_keys, written_ids) AS w(key, id);
  RETURN QUERY
    SELECT le.key::text, le.id, false
    FROM ledger_entries le WHERE le.key IN (SELECT e->>'key' FROM jsonb_array_elements(batch) e EXCEPT SELECT unnest(written_keys));
END $$;

-- Re-created: as 20261203150000_ledger_app_role made it, run as its owner and called by the app role only.
ALTER FUNCTION ledger_post(jsonb) SECURITY DEFINER SET search_path = public, pg_temp;
REVOKE EXECUTE ON FUNCTION ledger_post(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_post(jsonb) TO beach_app;


CREATE OR REPLACE FUNCTION ledger_postings_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced integer;
  entry_ids integer[];
  account_ids integer[];
  postings bigint;
BEGIN
  SELECT (array_agg(n.entry_id) FILTER (WHERE n.total <> 0 OR n.postings < 2))[1], array_agg(n.entry_id), sum(n.postings)
  INTO unbalanced, entry_ids, postings
  FROM (SELECT entry_id, sum(amount_cents) AS total, count(*) AS postings FROM new_postings GROUP BY entry_id) n;
  -- Written together: the entries have no postings but these (the one lookup of all their postings;
  -- only when it finds more, the entry that has them).
  IF unbalanced IS NULL AND (SELECT count(*) FROM ledger_postings p WHERE p.entry_id = ANY(entry_ids)) <> postings THEN
    SELECT n.entry_id INTO unbalanced FROM new_postings n GROUP BY n.entry_id
    HAVING count(*) <> (SELECT count(*) FROM ledger_postings p WHERE p.entry_id = n.entry_id) LIMIT 1;
  END IF;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % must have two or more postings, written together, summing to zero', unbalanced
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
  END IF;
  SELECT array_agg(DISTINCT account_id) INTO account_ids FROM new_postings;
  UPDATE ledger_accounts a SET
    debits_posted   = a.debits_posted   + s.debits_posted,
    credits_posted  = a.credits_posted  + s.credits_posted,
    debits_pending  = a.debits_pending  + s.debits_pending,
    credits_pending = a.credits_pending + s.credits_pending
  FROM (
    SELECT account_id,
      coalesce(sum(amount_cents) FILTER (WHERE amount_cents > 0 AND phase IN ('posted', 'post_pending')), 0) AS debits_posted,
      coalesce(-sum(amount_cents) FILTER (WHERE amount_cents < 0 AND phase IN ('posted', 'post_pending')), 0) AS credits_posted,
      coalesce(sum(CASE phase WHEN 'pending' THEN amount_cents ELSE -amount_cents END) FILTER (WHERE amount_cents > 0 AND phase <> 'posted'), 0) AS debits_pending,
      coalesce(-sum(CASE phase WHEN 'pending' THEN amount_cents ELSE -amount_cents END) FILTER (WHERE amount_cents < 0 AND phase <> 'posted'), 0) AS credits_pending
    FROM new_postings GROUP BY account_id
  ) s
  WHERE a.id = ANY(account_ids) AND a.id = s.account_id AND a.keeps_balance;
  RETURN NULL;
END $$;