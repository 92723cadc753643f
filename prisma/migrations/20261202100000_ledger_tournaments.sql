-- migrate:up

-- Tournaments on the ledger (docs/tournaments.md#registration-and-money): each player of an entry owes their
-- part through a receivable of their own, paid by card (a payment of kind tournament_fee names the player)
-- or with credit, never paid more than it owes, like the others. The new enum values are compared as text
-- here: PostgreSQL refuses a value added in the same transaction as a literal of its type.
ALTER TYPE transaction_kind ADD VALUE IF NOT EXISTS 'tournament_fee';
ALTER TYPE ledger_account_kind ADD VALUE IF NOT EXISTS 'tournament_receivable' AFTER 'enrolment_receivable';

ALTER TABLE transactions ADD COLUMN tournament_player_id integer,
  ADD CONSTRAINT transactions_tournament_player_id_fkey FOREIGN KEY (tournament_player_id) REFERENCES tournament_players (id) ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX transactions_tournament_player_id_idx ON transactions (tournament_player_id);
ALTER TABLE transactions DROP CONSTRAINT transactions_target_matches_kind, ADD CONSTRAINT transactions_target_matches_kind CHECK (
  (kind = 'membership' AND booking_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NULL)
  OR (kind = 'booking' AND membership_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NULL)
  OR (kind::text IN ('credit', 'carnet') AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NULL)
  OR (kind::text = 'booking_share' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NULL)
  OR (kind::text = 'enrolment' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NOT NULL AND tournament_player_id IS NULL)
  OR (kind::text = 'tournament_fee' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NOT NULL)
);
ALTER TABLE ledger_accounts ADD COLUMN tournament_player_id integer;
CREATE INDEX ledger_accounts_tournament_player_id_idx ON ledger_accounts (tournament_player_id);
ALTER TABLE ledger_entries ADD COLUMN tournament_player_id integer;
CREATE INDEX ledger_entries_tournament_player_id_idx ON ledger_entries (tournament_player_id);

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_never_overpaid,
  ADD CONSTRAINT ledger_accounts_never_overpaid CHECK (kind::text NOT IN ('booking_receivable', 'share_receivable', 'membership_receivable', 'enrolment_receivable', 'tournament_receivable', 'member_debt')
    OR credits_posted + credits_pending <= debits_posted);

CREATE OR REPLACE FUNCTION ledger_post(batch jsonb) RETURNS TABLE (key text, id integer, created boolean) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  written_keys text[];
  written_ids integer[];
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

  -- What this call wrote, then the entries of the other keys (posted before, or by a concurrent call
  -- that got there first: read by a statement of its own, which sees them).
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
  -- Each account key of the batch looked up once, through its unique index (an anti-join here would
  -- read every account: the planner cannot tell how few legs a batch has).
  INSERT INTO ledger_accounts (key, kind, user_id, booking_id, booking_player_id, membership_id, carnet_id, transaction_id, method, keeps_balance, enrolment_id)
  SELECT acc->>'key', (acc->>'kind')::ledger_account_kind, (acc->>'user_id')::int, (acc->>'booking_id')::int,
         (acc->>'booking_player_id')::int, (acc->>'membership_id')::int, (acc->>'carnet_id')::int, (acc->>'transaction_id')::int,
         (acc->>'method')::payment_method, (acc->>'kind')::ledger_account_kind >= 'booking_receivable', (acc->>'enrolment_id')::int
  FROM (SELECT DISTINCT ON (l->'account'->>'key') l->'account' AS acc FROM jsonb_array_elements(batch) e, jsonb_array_elements(e->'legs') l) x
  LEFT JOIN LATERAL (SELECT true AS found FROM ledger_accounts existing WHERE existing.key = x.acc->>'key' LIMIT 1) made ON true
  WHERE made.found IS NULL
  ON CONFLICT (key) DO NOTHING;

  -- An entry whose legs are all zero moves nothing: it is left out, as are legs of zero.
  WITH input AS (
    SELECT DISTINCT ON (e->>'key') e FROM jsonb_array_elements(batch) e
    WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(e->'legs') l WHERE (l->>'amount')::int <> 0)
  ), written AS (
    INSERT INTO ledger_entries AS le (key, kind, phase, expires_at, effective_at, created_by_id, description, user_id, booking_id,
      booking_player_id, membership_id, carnet_id, transaction_id, rain_check_id, reverses_id, enrolment_id)
    SELECT e->>'key', (e->>'kind')::ledger_entry_kind, coalesce(e->>'phase', 'posted')::ledger_phase, (e->>'expires_at')::timestamptz,
           coalesce((e->>'effective_at')::timestamptz, now()), (e->>'created_by_id')::int, e->>'description', (e->>'user_id')::int,
           (e->>'booking_id')::int, (e->>'booking_player_id')::int, (e->>'membership_id')::int, (e->>'carnet_id')::int,
           (e->>'transaction_id')::int, (e->>'rain_check_id')::int, (e->>'reverses_id')::int, (e->>'enrolment_id')::int
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

  -- What this call wrote, then the entries of the other keys (posted before, or by a concurrent call
  -- that got there first: read by a statement of its own, which sees them).
  RETURN QUERY SELECT w.key::text, w.id, true FROM unnest(written_keys, written_ids) AS w(key, id);
  RETURN QUERY
    SELECT le.key::text, le.id, false
    FROM ledger_entries le WHERE le.key IN (SELECT e->>'key' FROM jsonb_array_elements(batch) e EXCEPT SELECT unnest(written_keys));
END $$;

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_never_overpaid,
  ADD CONSTRAINT ledger_accounts_never_overpaid CHECK (kind NOT IN ('booking_receivable', 'share_receivable', 'membership_receivable', 'enrolment_receivable', 'member_debt')
    OR credits_posted + credits_pending <= debits_posted);
ALTER TABLE ledger_entries DROP COLUMN tournament_player_id;
ALTER TABLE ledger_accounts DROP COLUMN tournament_player_id;
ALTER TABLE transactions DROP CONSTRAINT transactions_target_matches_kind, ADD CONSTRAINT transactions_target_matches_kind CHECK (
  (kind = 'membership' AND booking_id IS NULL AND enrolment_id IS NULL) OR (kind = 'booking' AND membership_id IS NULL AND enrolment_id IS NULL)
  OR (kind::text IN ('credit', 'carnet') AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL)
  OR (kind::text = 'booking_share' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL)
  OR (kind::text = 'enrolment' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NOT NULL)
);
ALTER TABLE transactions DROP COLUMN tournament_player_id;
