-- migrate:up

-- Posting costs the same however big the ledger grows (docs/domain.md#ledger): every account and entry
-- ledger_post reads it finds by its key through the unique index, one lookup per leg, as the accounts'
-- insert already did. The postings' join to ledger_accounts and the replay's join to ledger_entries were
-- planned as hash joins that read the whole table on every call (the planner believes a batch has a
-- hundred entries of a hundred legs), most of what one entry per transaction cost (`pnpm bench:ledger`).
-- A LATERAL subquery with LIMIT 1 cannot be turned into such a join. Same rules, same results.
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
    -- Each leg's account by its key, one index lookup (a join here hashed every account of the ledger:
    -- the planner cannot tell how few legs a batch has).
    CROSS JOIN LATERAL (SELECT a.id FROM ledger_accounts a WHERE a.key = l->'account'->>'key' LIMIT 1) a
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
    FROM jsonb_array_elements(batch) e
    CROSS JOIN LATERAL (SELECT le.key, le.content_hash FROM ledger_entries le WHERE le.key = e->>'key' LIMIT 1) le
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
    FROM (SELECT e->>'key' AS key FROM jsonb_array_elements(batch) e EXCEPT SELECT unnest(written_keys)) other
    CROSS JOIN LATERAL (SELECT le.key, le.id FROM ledger_entries le WHERE le.key = other.key LIMIT 1) le;
END $$;

-- Re-created: as 20261203150000_ledger_app_role made it, run as its owner and called by the app role only.
ALTER FUNCTION ledger_post(jsonb) SECURITY DEFINER SET search_path = public, pg_temp;
REVOKE EXECUTE ON FUNCTION ledger_post(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_post(jsonb) TO beach_app;


-- The closed-year guard (20261207160000_closed_years) runs only for an entry dated before yesterday, the
-- same condition its function tests first: the trigger's WHEN is evaluated without calling PL/pgSQL, so the
-- entries of today (nearly all) no longer pay a function call each.
DROP TRIGGER ledger_entries_year_closed ON ledger_entries;
CREATE TRIGGER ledger_entries_year_closed BEFORE INSERT ON ledger_entries
  FOR EACH ROW WHEN ((NEW.effective_at AT TIME ZONE 'Europe/Rome')::date < (now() AT TIME ZONE 'Europe/Rome')::date - 1)
  EXECUTE FUNCTION ledger_entries_refuse_closed_year();

-- migrate:down

DROP TRIGGER ledger_entries_year_closed ON ledger_entries;
CREATE TRIGGER ledger_entries_year_closed BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_refuse_closed_year();

-- ledger_post as 20261206100000_ledger_post_hash_from_caller made it.
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

