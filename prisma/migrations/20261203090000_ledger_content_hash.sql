-- migrate:up

-- An entry's key says what caused it; its content hash says what it posted (docs/domain.md#ledger): the
-- kind, the phase, whom and what it is about, and its legs in account key order. A key posted
-- again with the same content is a replay (the entry there is returned); with other content it is refused
-- (`ledger_entries_key_content`), never answered as if it had been written. Descriptions and dates are not
-- content: a replay written later, or worded otherwise, is the same entry.
CREATE FUNCTION ledger_entry_hash(entry jsonb) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT sha256(convert_to(concat_ws('|',
    entry->>'kind', coalesce(entry->>'phase', 'posted'),
    coalesce(entry->>'user_id', ''), coalesce(entry->>'booking_id', ''), coalesce(entry->>'booking_player_id', ''),
    coalesce(entry->>'membership_id', ''), coalesce(entry->>'carnet_id', ''), coalesce(entry->>'enrolment_id', ''),
    coalesce(entry->>'tournament_player_id', ''), coalesce(entry->>'transaction_id', ''), coalesce(entry->>'rain_check_id', ''),
    coalesce(entry->>'reverses_id', ''),
    (SELECT string_agg((l->'account'->>'key') || '=' || ((l->>'amount')::int)::text, ',' ORDER BY l->'account'->>'key' COLLATE "C", (l->>'amount')::int)
     FROM jsonb_array_elements(entry->'legs') l WHERE (l->>'amount')::int <> 0)
  ), 'UTF8'))
$$;

-- A resolution (post_pending / void_pending) is keyed by the pending entry it resolves, once: it has no hash.
ALTER TABLE ledger_entries ADD COLUMN content_hash bytea;

-- Entries written so far get the hash of what they posted (the one update history allows, here).
ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_frozen;
UPDATE ledger_entries e SET content_hash = ledger_entry_hash(jsonb_build_object(
  'kind', e.kind, 'phase', e.phase, 'user_id', e.user_id, 'booking_id', e.booking_id, 'booking_player_id', e.booking_player_id,
  'membership_id', e.membership_id, 'carnet_id', e.carnet_id, 'enrolment_id', e.enrolment_id, 'tournament_player_id', e.tournament_player_id,
  'transaction_id', e.transaction_id, 'rain_check_id', e.rain_check_id, 'reverses_id', e.reverses_id,
  'legs', (SELECT jsonb_agg(jsonb_build_object('account', jsonb_build_object('key', a.key), 'amount', p.amount_cents))
           FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.entry_id = e.id)))
WHERE e.pending_id IS NULL;
ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_frozen;

ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_content_hashed CHECK ((content_hash IS NULL) = (pending_id IS NOT NULL));

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

  -- An entry whose legs are all zero moves nothing: it is left out, as are legs of zero.
  WITH input AS (
    SELECT DISTINCT ON (e->>'key') e, ledger_entry_hash(e) AS hash FROM jsonb_array_elements(batch) e
    WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(e->'legs') l WHERE (l->>'amount')::int <> 0)
  ), written AS (
    INSERT INTO ledger_entries AS le (key, kind, phase, expires_at, effective_at, created_by_id, description, user_id, booking_id,
      booking_player_id, membership_id, carnet_id, transaction_id, rain_check_id, reverses_id, enrolment_id, tournament_player_id, content_hash)
    SELECT e->>'key', (e->>'kind')::ledger_entry_kind, coalesce(e->>'phase', 'posted')::ledger_phase, (e->>'expires_at')::timestamptz,
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
    JOIN input i ON i.e->>'key' = w.key
    CROSS JOIN jsonb_array_elements(i.e->'legs') l
    JOIN ledger_accounts a ON a.key = l->'account'->>'key'
    WHERE (l->>'amount')::int <> 0
    RETURNING 1
  )
  SELECT coalesce(array_agg(w.key), '{}'), coalesce(array_agg(w.id), '{}') INTO written_keys, written_ids FROM written w;

  -- A key written before (or by a concurrent call that got there first: read by a statement of its own,
  -- which sees it) is a replay only if it posted the same content. Only looked for when a key was not
  -- written (the common batch writes every key).
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

-- migrate:down

CREATE OR REPLACE FUNCTION ledger_post(batch jsonb) RETURNS TABLE (key text, id integer, created boolean) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  written_keys text[];
  written_ids integer[];
BEGIN
  INSERT INTO ledger_accounts (key, kind, user_id, booking_id, booking_player_id, membership_id, carnet_id, transaction_id, method, keeps_balance, enrolment_id, tournament_player_id)
  SELECT acc->>'key', (acc->>'kind')::ledger_account_kind, (acc->>'user_id')::int, (acc->>'booking_id')::int,
         (acc->>'booking_player_id')::int, (acc->>'membership_id')::int, (acc->>'carnet_id')::int, (acc->>'transaction_id')::int,
         (acc->>'method')::payment_method, (acc->>'kind')::ledger_account_kind >= 'booking_receivable', (acc->>'enrolment_id')::int,
         (acc->>'tournament_player_id')::int
  FROM (SELECT DISTINCT ON (l->'account'->>'key') l->'account' AS acc FROM jsonb_array_elements(batch) e, jsonb_array_elements(e->'legs') l) x
  LEFT JOIN LATERAL (SELECT true AS found FROM ledger_accounts existing WHERE existing.key = x.acc->>'key' LIMIT 1) made ON true
  WHERE made.found IS NULL
  ON CONFLICT (key) DO NOTHING;

  WITH input AS (
    SELECT DISTINCT ON (e->>'key') e FROM jsonb_array_elements(batch) e
    WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(e->'legs') l WHERE (l->>'amount')::int <> 0)
  ), written AS (
    INSERT INTO ledger_entries AS le (key, kind, phase, expires_at, effective_at, created_by_id, description, user_id, booking_id,
      booking_player_id, membership_id, carnet_id, transaction_id, rain_check_id, reverses_id, enrolment_id, tournament_player_id)
    SELECT e->>'key', (e->>'kind')::ledger_entry_kind, coalesce(e->>'phase', 'posted')::ledger_phase, (e->>'expires_at')::timestamptz,
           coalesce((e->>'effective_at')::timestamptz, now()), (e->>'created_by_id')::int, e->>'description', (e->>'user_id')::int,
           (e->>'booking_id')::int, (e->>'booking_player_id')::int, (e->>'membership_id')::int, (e->>'carnet_id')::int,
           (e->>'transaction_id')::int, (e->>'rain_check_id')::int, (e->>'reverses_id')::int, (e->>'enrolment_id')::int,
           (e->>'tournament_player_id')::int
    FROM input
    ON CONFLICT (key) DO NOTHING
    RETURNING le.key, le.id, le.phase
  ), posted AS (
    INSERT INTO ledger_postings (entry_id, account_id, amount_cents, phase)
    SELECT w.id, a.id, (l->>'amount')::int, w.phase
    FROM written w
    JOIN input i ON i.e->>'key' = w.key
    CROSS JOIN jsonb_array_elements(i.e->'legs') l
    JOIN ledger_accounts a ON a.key = l->'account'->>'key'
    WHERE (l->>'amount')::int <> 0
    RETURNING 1
  )
  SELECT coalesce(array_agg(w.key), '{}'), coalesce(array_agg(w.id), '{}') INTO written_keys, written_ids FROM written w;

  RETURN QUERY SELECT w.key::text, w.id, true FROM unnest(written_keys, written_ids) AS w(key, id);
  RETURN QUERY
    SELECT le.key::text, le.id, false
    FROM ledger_entries le WHERE le.key IN (SELECT e->>'key' FROM jsonb_array_elements(batch) e EXCEPT SELECT unnest(written_keys));
END $$;

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_content_hashed;
ALTER TABLE ledger_entries DROP COLUMN content_hash;
DROP FUNCTION ledger_entry_hash(jsonb);
