-- migrate:up

-- The ledger (docs/domain.md#ledger): every amount received, held, owed or returned is a journal entry
-- of postings that sum to zero, on accounts. A posting is never changed or deleted: a mistake is
-- corrected by another entry. Money set aside but not yet spent (credit held for a card checkout) is a
-- pending entry, later posted or voided once.

CREATE TYPE ledger_account_kind AS ENUM (
  -- The centre's own accounts, shared by every payment: their balance is the sum of their postings.
  'stripe_clearing', 'till', 'disputes', 'billed', 'revenue_membership', 'revenue_booking', 'revenue_extra', 'adjustments', 'expenses',
  -- What one booking, share of a split booking, membership card or member owes the centre.
  'booking_receivable', 'share_receivable', 'membership_receivable', 'member_debt',
  -- What the centre owes: a member's credit paid in (one account per top-up) or given, a carnet's unused
  -- value, a payment on its way back.
  'credit_funded', 'credit_promo', 'carnet', 'refund_payable'
);

CREATE TYPE ledger_entry_kind AS ENUM (
  'charge', 'discount', 'split', 'write_off',
  'payment', 'top_up', 'carnet_sale', 'credit_payment', 'credit_return',
  'carnet_use', 'carnet_use_return', 'carnet_breakage',
  'refund', 'refund_sent', 'refund_failed', 'unwanted_payment', 'stripe_refund', 'dispute', 'dispute_closed',
  'rain_credit', 'credit_refund', 'correction', 'extra_income', 'expense', 'reversal'
);

-- posted: done at once; pending: set aside; post_pending / void_pending: the pending entry spent or released.
CREATE TYPE ledger_phase AS ENUM ('posted', 'pending', 'post_pending', 'void_pending');

CREATE TABLE ledger_accounts (
  id                serial PRIMARY KEY,
  -- Who it belongs to, in one stable text: 'booking:42', 'credit:7:tx:19', 'till:cash'.
  key               varchar(80) NOT NULL,
  kind              ledger_account_kind NOT NULL,
  user_id           integer,
  booking_id        integer,
  booking_player_id integer,
  membership_id     integer,
  carnet_id         integer,
  transaction_id    integer,
  method            payment_method,
  -- The balance of an account that guards a rule, moved by its postings in the same statement; the
  -- centre's shared accounts keep none (every payment would queue on their row).
  keeps_balance     boolean NOT NULL,
  debits_posted     integer NOT NULL DEFAULT 0,
  credits_posted    integer NOT NULL DEFAULT 0,
  debits_pending    integer NOT NULL DEFAULT 0,
  credits_pending   integer NOT NULL DEFAULT 0,
  created_at        timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_pending_not_negative CHECK (debits_pending >= 0 AND credits_pending >= 0),
  CONSTRAINT ledger_accounts_balance_kept CHECK (keeps_balance = (kind >= 'booking_receivable')),
  -- Never paid more than owed (a pending payment counts): nothing is paid twice.
  CONSTRAINT ledger_accounts_never_overpaid CHECK (kind NOT IN ('booking_receivable', 'share_receivable', 'membership_receivable', 'member_debt')
    OR credits_posted + credits_pending <= debits_posted),
  -- Never more spent than held (what is set aside counts): a credit never goes below zero.
  CONSTRAINT ledger_accounts_never_overdrawn CHECK (kind NOT IN ('credit_funded', 'credit_promo', 'carnet', 'refund_payable')
    OR debits_posted + debits_pending <= credits_posted)
);
CREATE UNIQUE INDEX ledger_accounts_key_key ON ledger_accounts (key);
CREATE INDEX ledger_accounts_user_id_idx ON ledger_accounts (user_id);
CREATE INDEX ledger_accounts_booking_id_idx ON ledger_accounts (booking_id);
CREATE INDEX ledger_accounts_membership_id_idx ON ledger_accounts (membership_id);
CREATE INDEX ledger_accounts_carnet_id_idx ON ledger_accounts (carnet_id);

CREATE TABLE ledger_entries (
  id                serial PRIMARY KEY,
  -- Derived from what caused it (a webhook's refund id, an outbox row, the booking and the action): a
  -- second posting with the same key writes nothing.
  key               varchar(160) NOT NULL,
  kind              ledger_entry_kind NOT NULL,
  phase             ledger_phase NOT NULL DEFAULT 'posted',
  -- A post_pending or void_pending entry resolves this pending entry (once: unique).
  pending_id        integer,
  -- A pending entry not resolved by then is voided by the minute job.
  expires_at        timestamptz(3),
  -- When it happened (the month finance counts it in); created_at is when it was written.
  effective_at      timestamptz(3) NOT NULL DEFAULT now(),
  created_at        timestamptz(3) NOT NULL DEFAULT now(),
  -- The staff member who made it; null when the member did, or the system.
  created_by_id     integer,
  description       varchar(500),
  user_id           integer,
  booking_id        integer,
  booking_player_id integer,
  membership_id     integer,
  carnet_id         integer,
  -- The payment or refund document (with its receipt) the money moved with.
  transaction_id    integer,
  rain_check_id     integer,
  -- A reversal undoes this entry.
  reverses_id       integer,
  CONSTRAINT ledger_entries_pending_id_fkey FOREIGN KEY (pending_id) REFERENCES ledger_entries (id) ON DELETE RESTRICT ON UPDATE RESTRICT,
  CONSTRAINT ledger_entries_reverses_id_fkey FOREIGN KEY (reverses_id) REFERENCES ledger_entries (id) ON DELETE RESTRICT ON UPDATE RESTRICT,
  CONSTRAINT ledger_entries_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE RESTRICT ON UPDATE RESTRICT,
  CONSTRAINT ledger_entries_resolves_pending CHECK ((phase IN ('post_pending', 'void_pending')) = (pending_id IS NOT NULL)),
  CONSTRAINT ledger_entries_expiry_of_pending CHECK (expires_at IS NULL OR phase = 'pending')
);
CREATE UNIQUE INDEX ledger_entries_key_key ON ledger_entries (key);
CREATE UNIQUE INDEX ledger_entries_pending_id_key ON ledger_entries (pending_id);
CREATE INDEX ledger_entries_effective_at_idx ON ledger_entries (effective_at);
CREATE INDEX ledger_entries_user_id_idx ON ledger_entries (user_id);
CREATE INDEX ledger_entries_booking_id_idx ON ledger_entries (booking_id);
CREATE INDEX ledger_entries_transaction_id_idx ON ledger_entries (transaction_id);
CREATE INDEX ledger_entries_kind_effective_at_idx ON ledger_entries (kind, effective_at);
-- The pending entries still open, for the minute job.
CREATE INDEX ledger_entries_open_pending_idx ON ledger_entries (expires_at) WHERE phase = 'pending';

CREATE TABLE ledger_postings (
  id           serial PRIMARY KEY,
  entry_id     integer NOT NULL,
  account_id   integer NOT NULL,
  -- Debit positive, credit negative; an entry's postings sum to zero.
  amount_cents integer NOT NULL,
  -- The entry's phase, kept on each posting so a balance is read from the postings alone.
  phase        ledger_phase NOT NULL,
  CONSTRAINT ledger_postings_amount_not_zero CHECK (amount_cents <> 0),
  CONSTRAINT ledger_postings_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES ledger_entries (id) ON DELETE RESTRICT ON UPDATE RESTRICT,
  CONSTRAINT ledger_postings_account_id_fkey FOREIGN KEY (account_id) REFERENCES ledger_accounts (id) ON DELETE RESTRICT ON UPDATE RESTRICT
);
CREATE INDEX ledger_postings_entry_id_idx ON ledger_postings (entry_id);
CREATE INDEX ledger_postings_account_id_idx ON ledger_postings (account_id);

-- An entry's postings are written in one statement, at least two, summing to zero; each moves the
-- balance of an account that keeps one, in that statement (the account's CHECKs then refuse an
-- overdraft or an overpayment). Set-based, so a batch of entries costs one update per account.
CREATE FUNCTION ledger_postings_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced integer;
BEGIN
  SELECT n.entry_id INTO unbalanced FROM new_postings n GROUP BY n.entry_id
  HAVING sum(n.amount_cents) <> 0 OR count(*) < 2
      OR count(*) <> (SELECT count(*) FROM ledger_postings p WHERE p.entry_id = n.entry_id)
  LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % must have two or more postings, written together, summing to zero', unbalanced
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
  END IF;
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
  WHERE a.id = s.account_id AND a.keeps_balance;
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_apply();

-- History is not rewritten: entries and postings are never changed or removed, and an account never
-- changes whose it is (only its kept balance moves).
CREATE FUNCTION ledger_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% cannot be changed or deleted: post a correcting entry', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER ledger_entries_frozen BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_frozen();
CREATE TRIGGER ledger_entries_not_truncated BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_frozen();
CREATE TRIGGER ledger_postings_frozen BEFORE UPDATE OR DELETE ON ledger_postings FOR EACH ROW EXECUTE FUNCTION ledger_frozen();
CREATE TRIGGER ledger_postings_not_truncated BEFORE TRUNCATE ON ledger_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_frozen();
CREATE TRIGGER ledger_accounts_frozen BEFORE DELETE OR UPDATE OF key, kind, user_id, booking_id, booking_player_id, membership_id, carnet_id, transaction_id, method, keeps_balance
  ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_frozen();
CREATE TRIGGER ledger_accounts_not_truncated BEFORE TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_frozen();

-- Posts a batch of entries, each {key, kind, phase?, expires_at?, effective_at?, created_by_id?,
-- description?, user_id?, booking_id?, booking_player_id?, membership_id?, carnet_id?, transaction_id?,
-- rain_check_id?, reverses_id?, legs: [{account: {key, kind, user_id?, …, method?}, amount}]}: accounts
-- are made on first use; an entry whose key exists already writes nothing. Returns each key's entry id
-- and whether this call wrote it.
CREATE FUNCTION ledger_post(batch jsonb) RETURNS TABLE (key text, id integer, created boolean) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  written_keys text[];
BEGIN
  INSERT INTO ledger_accounts (key, kind, user_id, booking_id, booking_player_id, membership_id, carnet_id, transaction_id, method, keeps_balance)
  SELECT DISTINCT ON (acc->>'key') acc->>'key', (acc->>'kind')::ledger_account_kind, (acc->>'user_id')::int, (acc->>'booking_id')::int,
         (acc->>'booking_player_id')::int, (acc->>'membership_id')::int, (acc->>'carnet_id')::int, (acc->>'transaction_id')::int,
         (acc->>'method')::payment_method, (acc->>'kind')::ledger_account_kind >= 'booking_receivable'
  FROM jsonb_array_elements(batch) e, jsonb_array_elements(e->'legs') l, LATERAL (SELECT l->'account' AS acc) x
  WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts existing WHERE existing.key = acc->>'key')
  ON CONFLICT (key) DO NOTHING;

  WITH input AS (
    SELECT DISTINCT ON (e->>'key') e FROM jsonb_array_elements(batch) e
  ), written AS (
    INSERT INTO ledger_entries AS le (key, kind, phase, expires_at, effective_at, created_by_id, description, user_id, booking_id,
      booking_player_id, membership_id, carnet_id, transaction_id, rain_check_id, reverses_id)
    SELECT e->>'key', (e->>'kind')::ledger_entry_kind, coalesce(e->>'phase', 'posted')::ledger_phase, (e->>'expires_at')::timestamptz,
           coalesce((e->>'effective_at')::timestamptz, now()), (e->>'created_by_id')::int, e->>'description', (e->>'user_id')::int,
           (e->>'booking_id')::int, (e->>'booking_player_id')::int, (e->>'membership_id')::int, (e->>'carnet_id')::int,
           (e->>'transaction_id')::int, (e->>'rain_check_id')::int, (e->>'reverses_id')::int
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
    RETURNING 1
  )
  SELECT coalesce(array_agg(w.key), '{}') INTO written_keys FROM written w;

  RETURN QUERY
    SELECT le.key::text, le.id, le.key = ANY(written_keys)
    FROM ledger_entries le WHERE le.key IN (SELECT e->>'key' FROM jsonb_array_elements(batch) e);
END $$;

-- Posts or voids pending entries, each once: the resolution copies the pending postings (posted into
-- the balances, or released) under the key given. A pending entry already resolved writes nothing;
-- the answer says how it was resolved.
CREATE FUNCTION ledger_resolve(pending_ids integer[], outcome ledger_phase, key_prefix text, at timestamptz DEFAULT now())
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


-- Stripe is never called inside a database transaction (docs/domain.md#stripe-requests): a call that a
-- change needs (open a Checkout Session, expire one, refund a payment) is first a row committed with
-- that change; then it is made with the row's id in Stripe's idempotency key and its result recorded
-- once, by whichever of the caller, the job or the webhook gets there first.
CREATE TYPE stripe_request_kind AS ENUM ('checkout', 'expire', 'refund');
CREATE TYPE stripe_request_status AS ENUM ('pending', 'done', 'failed');
CREATE TABLE stripe_requests (
  id            serial PRIMARY KEY,
  kind          stripe_request_kind NOT NULL,
  status        stripe_request_status NOT NULL DEFAULT 'pending',
  -- The payment row the session is for, or the payment refunded.
  payment_id    integer NOT NULL,
  -- A refund's amount, and why (the member is told unless notify is false).
  amount_cents  integer,
  reason        varchar(20),
  notify        boolean NOT NULL DEFAULT true,
  -- What Stripe was asked, so that a retry asks the same.
  params        jsonb,
  -- The session or refund Stripe made.
  result_id     varchar(255),
  error         varchar(500),
  attempts      integer NOT NULL DEFAULT 0,
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  updated_at    timestamptz(3) NOT NULL DEFAULT now(),
  done_at       timestamptz(3),
  CONSTRAINT stripe_requests_refund_amount CHECK ((kind = 'refund') = (amount_cents IS NOT NULL) AND (amount_cents IS NULL OR amount_cents > 0)),
  CONSTRAINT stripe_requests_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES transactions (id) ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX stripe_requests_payment_id_idx ON stripe_requests (payment_id);
CREATE UNIQUE INDEX stripe_requests_result_id_key ON stripe_requests (result_id);
-- A payment row has one session to open and to close.
CREATE UNIQUE INDEX stripe_requests_one_session_call ON stripe_requests (payment_id, kind) WHERE kind IN ('checkout', 'expire');
CREATE INDEX stripe_requests_pending_idx ON stripe_requests (created_at) WHERE status = 'pending';


-- Staff add credit up to this by a correction; above it, or on their own account, an admin does.
ALTER TABLE settings ADD COLUMN credit_correction_limit_cents integer NOT NULL DEFAULT 5000,
  ADD CONSTRAINT settings_credit_correction_limit CHECK (credit_correction_limit_cents > 0);

-- migrate:down
ALTER TABLE settings DROP CONSTRAINT settings_credit_correction_limit, DROP COLUMN credit_correction_limit_cents;
DROP TABLE stripe_requests;
DROP TYPE stripe_request_status;
DROP TYPE stripe_request_kind;
DROP FUNCTION ledger_resolve(integer[], ledger_phase, text, timestamptz);
DROP FUNCTION ledger_post(jsonb);
DROP TABLE ledger_postings;
DROP TABLE ledger_entries;
DROP TABLE ledger_accounts;
DROP FUNCTION ledger_postings_apply();
DROP FUNCTION ledger_frozen();
DROP TYPE ledger_phase;
DROP TYPE ledger_entry_kind;
DROP TYPE ledger_account_kind;
