-- migrate:up

-- What the ledger keeps outside its own tables — a carnet's uses left (docs/domain.md#carnets) and a share's
-- paid_at (docs/domain.md#split-payment) — is moved by ledger_post / ledger_resolve themselves, after their
-- postings, and only when the entries they wrote name a carnet or a share's receivable: two statement
-- triggers on every posting cost every entry a query each (docs/domain.md#ledger). Same rules as before.
DROP TRIGGER ledger_postings_carnet_uses ON ledger_postings;
DROP TRIGGER ledger_postings_share_paid ON ledger_postings;
DROP FUNCTION carnets_uses_from_ledger();
DROP FUNCTION booking_players_paid_from_ledger();

-- Each posted `carnet_use` takes one use, each `carnet_use_return` gives one back, and a Stripe refund of the
-- carnet leaves only the uses its remaining value still pays in full (the price over the uses is what one
-- use is worth; the last takes the remainder).
CREATE FUNCTION ledger_carnet_uses(entry_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE carnets c SET uses_left = c.uses_left + m.moved
  FROM (
    SELECT e.carnet_id, sum(CASE e.kind WHEN 'carnet_use' THEN -1 ELSE 1 END)::int AS moved
    FROM ledger_entries e WHERE e.id = ANY(entry_ids)
      AND e.kind IN ('carnet_use', 'carnet_use_return') AND e.phase = 'posted' AND e.carnet_id IS NOT NULL
    GROUP BY e.carnet_id
  ) m
  WHERE c.id = m.carnet_id;

  UPDATE carnets c SET uses_left = least(c.uses_left, CASE WHEN v.per_use = 0 THEN 0 ELSE v.held / v.per_use END)
  FROM (
    SELECT c2.id, a.credits_posted - a.debits_posted - a.debits_pending AS held,
           (SELECT coalesce(-sum(p.amount_cents), 0) FROM ledger_postings p JOIN ledger_entries s ON s.id = p.entry_id
            WHERE p.account_id = a.id AND s.kind = 'carnet_sale')::int / c2.uses_total AS per_use
    FROM carnets c2 JOIN ledger_accounts a ON a.key = 'carnet:' || c2.id
    WHERE c2.id IN (SELECT e.carnet_id FROM ledger_entries e WHERE e.id = ANY(entry_ids) AND e.kind = 'stripe_refund' AND e.carnet_id IS NOT NULL)
  ) v
  WHERE c.id = v.id;
$$;

-- A share is paid when a payment (by card, or at the desk), a credit payment or a carnet use leaves its
-- receivable owing nothing, and unpaid again when it owes again; a share whose owed amount moved to others
-- (a player leaving) owes nothing without being paid: it stays unpaid.
CREATE FUNCTION ledger_share_paid(entry_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE booking_players bp SET
    paid_at = CASE WHEN s.owed > 0 THEN NULL ELSE now() END,
    paid_with = CASE WHEN s.owed > 0 THEN NULL ELSE s.paid_with END
  FROM (
    SELECT a.booking_player_id, a.debits_posted - a.credits_posted AS owed,
           (array_agg(CASE e.kind WHEN 'credit_payment' THEN 'credit' WHEN 'carnet_use' THEN 'carnet'
                        ELSE CASE WHEN EXISTS (SELECT 1 FROM ledger_postings m JOIN ledger_accounts ma ON ma.id = m.account_id
                                               WHERE m.entry_id = e.id AND ma.kind = 'stripe_clearing') THEN 'card' ELSE 'desk' END
                      END ORDER BY n.entry_id DESC) FILTER (WHERE e.kind IN ('payment', 'credit_payment', 'carnet_use')))[1]::booking_share_method AS paid_with
    FROM ledger_postings n JOIN ledger_accounts a ON a.id = n.account_id JOIN ledger_entries e ON e.id = n.entry_id
    WHERE n.entry_id = ANY(entry_ids) AND a.kind = 'share_receivable' AND a.booking_player_id IS NOT NULL AND n.phase IN ('posted', 'post_pending')
    GROUP BY a.id
  ) s
  WHERE bp.id = s.booking_player_id
    AND ((s.owed > 0 AND bp.paid_at IS NOT NULL) OR (s.owed = 0 AND s.paid_with IS NOT NULL AND bp.paid_at IS NULL));
$$;
-- Called by the posting functions only (they run as the owner).
REVOKE EXECUTE ON FUNCTION ledger_carnet_uses(integer[]) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION ledger_share_paid(integer[]) FROM PUBLIC;

-- Both columns are written only while a posting function moves them: it says so by a transaction-local
-- setting, on just for that moment. The app role cannot use it (it could set it): its writes are refused.
CREATE FUNCTION ledger_writing() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT current_setting('beach.ledger_writing', true) IS NOT DISTINCT FROM 'on' AND current_user <> 'beach_app'
$$;

CREATE OR REPLACE FUNCTION carnets_uses_kept_by_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.uses_left <> NEW.uses_total
     OR TG_OP = 'UPDATE' AND NOT ledger_writing() AND (NEW.uses_left, NEW.uses_total) IS DISTINCT FROM (OLD.uses_left, OLD.uses_total) THEN
    RAISE EXCEPTION 'carnet %: uses_left is kept by its ledger entries (carnet_use, carnet_use_return), not written', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'carnets_uses_from_ledger';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION booking_players_paid_kept_by_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND (NEW.paid_at, NEW.paid_with) IS DISTINCT FROM (NULL, NULL)
     OR TG_OP = 'UPDATE' AND NOT ledger_writing() AND (NEW.paid_at, NEW.paid_with) IS DISTINCT FROM (OLD.paid_at, OLD.paid_with) THEN
    RAISE EXCEPTION 'share %: paid_at and paid_with are kept by its receivable in the ledger, not written', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'booking_players_paid_from_ledger';
  END IF;
  RETURN NEW;
END $$;

-- Moves what the entries written name, with the setting on for just that moment.
CREATE FUNCTION ledger_derive(entry_ids integer[], carnets boolean, shares boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('beach.ledger_writing', 'on', true);
  IF carnets THEN PERFORM ledger_carnet_uses(entry_ids); END IF;
  IF shares THEN PERFORM ledger_share_paid(entry_ids); END IF;
  PERFORM set_config('beach.ledger_writing', 'off', true);
END $$;
REVOKE EXECUTE ON FUNCTION ledger_derive(integer[], boolean, boolean) FROM PUBLIC;

-- The content hash of an entry from its legs written out (`account key=amount`, in account key order, legs
-- of zero left out), the same hash as before. Both functions are inlined into ledger_post's query (a scalar
-- SQL function with a subquery is not: it cost a call of its own per entry, most of the hash's price),
-- which reads each entry's legs for it once, also to leave out an entry that moves nothing.
CREATE FUNCTION ledger_entry_hash(entry jsonb, legs text) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT sha256(convert_to(concat_ws('|',
    entry->>'kind', coalesce(entry->>'phase', 'posted'),
    coalesce(entry->>'user_id', ''), coalesce(entry->>'booking_id', ''), coalesce(entry->>'booking_player_id', ''),
    coalesce(entry->>'membership_id', ''), coalesce(entry->>'carnet_id', ''), coalesce(entry->>'enrolment_id', ''),
    coalesce(entry->>'tournament_player_id', ''), coalesce(entry->>'transaction_id', ''), coalesce(entry->>'rain_check_id', ''),
    coalesce(entry->>'reverses_id', ''), legs
  ), 'UTF8'))
$$;
CREATE FUNCTION ledger_entry_legs(legs jsonb) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg((l->'account'->>'key') || '=' || ((l->>'amount')::int)::text, ',' ORDER BY l->'account'->>'key' COLLATE "C", (l->>'amount')::int)
  FROM jsonb_array_elements(legs) l WHERE (l->>'amount')::int <> 0
$$;
CREATE OR REPLACE FUNCTION ledger_entry_hash(entry jsonb) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT ledger_entry_hash(entry, legs) FROM ledger_entry_legs(entry->'legs') legs
$$;

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

  -- An entry whose legs are all zero moves nothing: it is left out (it has no legs to hash), as are legs of zero.
  WITH input AS (
    SELECT DISTINCT ON (e->>'key') e, ledger_entry_hash(e, legs) AS hash
    FROM jsonb_array_elements(batch) e, ledger_entry_legs(e->'legs') legs
    WHERE legs IS NOT NULL
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

  -- A carnet's uses and a share's paid_at follow what was written, when the batch names one.
  IF cardinality(written_ids) > 0 AND (batch @? '$[*] ? (@.carnet_id != null)' OR batch @? '$[*].legs[*].account ? (@.kind == "share_receivable")') THEN
    PERFORM ledger_derive(written_ids, batch @? '$[*] ? (@.carnet_id != null)', batch @? '$[*].legs[*].account ? (@.kind == "share_receivable")');
  END IF;

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

CREATE OR REPLACE FUNCTION ledger_resolve(pending_ids integer[], outcome ledger_phase, key_prefix text, at timestamptz DEFAULT now())
RETURNS TABLE (pending_id integer, id integer, phase ledger_phase, created boolean) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  written_ids integer[];
BEGIN
  IF outcome NOT IN ('post_pending', 'void_pending') THEN
    RAISE EXCEPTION 'a pending entry is resolved by post_pending or void_pending, not %', outcome;
  END IF;
  WITH written AS (
    INSERT INTO ledger_entries AS le (key, kind, phase, pending_id, effective_at, description, user_id, booking_id, booking_player_id,
      membership_id, carnet_id, transaction_id, rain_check_id)
    SELECT key_prefix || ':' || p.id, p.kind, outcome, p.id, at, p.description, p.user_id, p.booking_id, p.booking_player_id,
           p.membership_id, p.carnet_id, p.transaction_id, p.rain_check_id
    FROM ledger_entries p WHERE p.id = ANY(pending_ids) AND p.phase = 'pending'
    ORDER BY p.id
    ON CONFLICT DO NOTHING
    RETURNING le.pending_id, le.id
  ), posted AS (
    INSERT INTO ledger_postings (entry_id, account_id, amount_cents, phase)
    SELECT w.id, p.account_id, p.amount_cents, outcome
    FROM written w JOIN ledger_postings p ON p.entry_id = w.pending_id
    RETURNING 1
  )
  SELECT coalesce(array_agg(w.id), '{}') INTO written_ids FROM written w;

  -- A resolution moves what its pending entry names (a refund of a carnet, a share paid by card).
  IF cardinality(written_ids) > 0 THEN
    PERFORM ledger_derive(written_ids, true, true);
  END IF;

  RETURN QUERY
    SELECT r.pending_id, r.id, r.phase, r.id = ANY(written_ids)
    FROM ledger_entries r WHERE r.pending_id = ANY(pending_ids);
END $$;

-- Re-created: as 20261203150000_ledger_app_role made them, run as their owner and called by the app role only.
ALTER FUNCTION ledger_post(jsonb) SECURITY DEFINER SET search_path = public, pg_temp;
REVOKE EXECUTE ON FUNCTION ledger_post(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_post(jsonb) TO beach_app;
ALTER FUNCTION ledger_resolve(integer[], ledger_phase, text, timestamptz) SECURITY DEFINER SET search_path = public, pg_temp;
REVOKE EXECUTE ON FUNCTION ledger_resolve(integer[], ledger_phase, text, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_resolve(integer[], ledger_phase, text, timestamptz) TO beach_app;

-- migrate:down

-- Back to the statement triggers of 20261203120000 / 20261203120001 and the posting functions before them.
DROP FUNCTION ledger_derive(integer[], boolean, boolean);
DROP FUNCTION ledger_carnet_uses(integer[]);
DROP FUNCTION ledger_share_paid(integer[]);
CREATE FUNCTION carnets_uses_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE carnets c SET uses_left = c.uses_left + m.moved
  FROM (
    SELECT e.carnet_id, sum(CASE e.kind WHEN 'carnet_use' THEN -1 ELSE 1 END)::int AS moved
    FROM ledger_entries e WHERE e.id IN (SELECT DISTINCT entry_id FROM new_postings)
      AND e.kind IN ('carnet_use', 'carnet_use_return') AND e.phase = 'posted' AND e.carnet_id IS NOT NULL
    GROUP BY e.carnet_id
  ) m
  WHERE c.id = m.carnet_id;

  -- The price over the uses is what one use is worth (the last takes the remainder).
  UPDATE carnets c SET uses_left = least(c.uses_left, CASE WHEN v.per_use = 0 THEN 0 ELSE v.held / v.per_use END)
  FROM (
    SELECT c2.id, a.credits_posted - a.debits_posted - a.debits_pending AS held,
           (SELECT coalesce(-sum(p.amount_cents), 0) FROM ledger_postings p JOIN ledger_entries s ON s.id = p.entry_id
            WHERE p.account_id = a.id AND s.kind = 'carnet_sale')::int / c2.uses_total AS per_use
    FROM carnets c2 JOIN ledger_accounts a ON a.key = 'carnet:' || c2.id
    WHERE c2.id IN (SELECT e.carnet_id FROM ledger_entries e
                    WHERE e.id IN (SELECT DISTINCT entry_id FROM new_postings) AND e.kind = 'stripe_refund' AND e.carnet_id IS NOT NULL)
  ) v
  WHERE c.id = v.id;
  RETURN NULL;
END $$;
-- Named to run after ledger_postings_apply (same event: by name), which has moved the balances it reads.
CREATE TRIGGER ledger_postings_carnet_uses AFTER INSERT ON ledger_postings REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION carnets_uses_from_ledger();

CREATE OR REPLACE FUNCTION carnets_uses_kept_by_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.uses_left <> NEW.uses_total
     OR TG_OP = 'UPDATE' AND pg_trigger_depth() < 2 AND (NEW.uses_left, NEW.uses_total) IS DISTINCT FROM (OLD.uses_left, OLD.uses_total) THEN
    RAISE EXCEPTION 'carnet %: uses_left is kept by its ledger entries (carnet_use, carnet_use_return), not written', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'carnets_uses_from_ledger';
  END IF;
  RETURN NEW;
END $$;
CREATE FUNCTION booking_players_paid_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_players bp SET
    paid_at = CASE WHEN s.owed > 0 THEN NULL ELSE now() END,
    paid_with = CASE WHEN s.owed > 0 THEN NULL ELSE s.paid_with END
  FROM (
    SELECT a.booking_player_id, a.debits_posted - a.credits_posted AS owed,
           (array_agg(CASE e.kind WHEN 'credit_payment' THEN 'credit' WHEN 'carnet_use' THEN 'carnet'
                        ELSE CASE WHEN EXISTS (SELECT 1 FROM ledger_postings m JOIN ledger_accounts ma ON ma.id = m.account_id
                                               WHERE m.entry_id = e.id AND ma.kind = 'stripe_clearing') THEN 'card' ELSE 'desk' END
                      END ORDER BY n.entry_id DESC) FILTER (WHERE e.kind IN ('payment', 'credit_payment', 'carnet_use')))[1]::booking_share_method AS paid_with
    FROM new_postings n JOIN ledger_accounts a ON a.id = n.account_id JOIN ledger_entries e ON e.id = n.entry_id
    WHERE a.kind = 'share_receivable' AND a.booking_player_id IS NOT NULL AND n.phase IN ('posted', 'post_pending')
    GROUP BY a.id
  ) s
  WHERE bp.id = s.booking_player_id
    AND ((s.owed > 0 AND bp.paid_at IS NOT NULL) OR (s.owed = 0 AND s.paid_with IS NOT NULL AND bp.paid_at IS NULL));
  RETURN NULL;
END $$;
-- Named to run after ledger_postings_apply (same event: by name), which has moved the balances it reads.
CREATE TRIGGER ledger_postings_share_paid AFTER INSERT ON ledger_postings REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION booking_players_paid_from_ledger();

CREATE OR REPLACE FUNCTION booking_players_paid_kept_by_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND (NEW.paid_at, NEW.paid_with) IS DISTINCT FROM (NULL, NULL)
     OR TG_OP = 'UPDATE' AND pg_trigger_depth() < 2 AND (NEW.paid_at, NEW.paid_with) IS DISTINCT FROM (OLD.paid_at, OLD.paid_with) THEN
    RAISE EXCEPTION 'share %: paid_at and paid_with are kept by its receivable in the ledger, not written', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'booking_players_paid_from_ledger';
  END IF;
  RETURN NEW;
END $$;
DROP FUNCTION ledger_writing();
CREATE OR REPLACE FUNCTION ledger_entry_hash(entry jsonb) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
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
DROP FUNCTION ledger_entry_hash(jsonb, text);
DROP FUNCTION ledger_entry_legs(jsonb);
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
CREATE OR REPLACE FUNCTION ledger_resolve(pending_ids integer[], outcome ledger_phase, key_prefix text, at timestamptz DEFAULT now())
RETURNS TABLE (pending_id integer, id integer, phase ledger_phase, created boolean) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  written_ids integer[];
BEGIN
  IF outcome NOT IN ('post_pending', 'void_pending') THEN
    RAISE EXCEPTION 'a pending entry is resolved by post_pending or void_pending, not %', outcome;
  END IF;
  WITH written AS (
    INSERT INTO ledger_entries AS le (key, kind, phase, pending_id, effective_at, description, user_id, booking_id, booking_player_id,
      membership_id, carnet_id, transaction_id, rain_check_id)
    SELECT key_prefix || ':' || p.id, p.kind, outcome, p.id, at, p.description, p.user_id, p.booking_id, p.booking_player_id,
           p.membership_id, p.carnet_id, p.transaction_id, p.rain_check_id
    FROM ledger_entries p WHERE p.id = ANY(pending_ids) AND p.phase = 'pending'
    ORDER BY p.id
    ON CONFLICT DO NOTHING
    RETURNING le.pending_id, le.id
  ), posted AS (
    INSERT INTO ledger_postings (entry_id, account_id, amount_cents, phase)
    SELECT w.id, p.account_id, p.amount_cents, outcome
    FROM written w JOIN ledger_postings p ON p.entry_id = w.pending_id
    RETURNING 1
  )
  SELECT coalesce(array_agg(w.id), '{}') INTO written_ids FROM written w;

  RETURN QUERY
    SELECT r.pending_id, r.id, r.phase, r.id = ANY(written_ids)
    FROM ledger_entries r WHERE r.pending_id = ANY(pending_ids);
END $$;
ALTER FUNCTION ledger_post(jsonb) SECURITY DEFINER SET search_path = public, pg_temp;
REVOKE EXECUTE ON FUNCTION ledger_post(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_post(jsonb) TO beach_app;
ALTER FUNCTION ledger_resolve(integer[], ledger_phase, text, timestamptz) SECURITY DEFINER SET search_path = public, pg_temp;
REVOKE EXECUTE ON FUNCTION ledger_resolve(integer[], ledger_phase, text, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_resolve(integer[], ledger_phase, text, timestamptz) TO beach_app;
