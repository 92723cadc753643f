-- migrate:up

-- The ledger (docs/domain.md#ledger): every amount received, held, owed or returned is a journal entry
-- of postings that sum to zero, on accounts. A posting is never changed or deleted: a mistake is
-- corrected by another entry. Money set aside but not yet spent (credit held for a card checkout) is a
-- pending entry, later posted or voided once.

CREATE TYPE ledger_account_kind AS ENUM (
  -- The centre's own accounts, shared by every payment: their balance is the sum of their postings.
  'stripe_clearing', 'till', 'bank', 'disputes', 'billed', 'revenue_membership', 'revenue_booking', 'revenue_extra', 'adjustments', 'expenses',
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
  'rain_credit', 'credit_refund', 'debt_settled', 'correction', 'extra_income', 'expense', 'reversal'
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
-- A cancellation reads what reversed each settlement.
CREATE INDEX ledger_entries_reverses_id_idx ON ledger_entries (reverses_id);
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
  written_ids integer[];
BEGIN
  -- Each account key of the batch looked up once, through its unique index (an anti-join here would
  -- read every account: the planner cannot tell how few legs a batch has).
  INSERT INTO ledger_accounts (key, kind, user_id, booking_id, booking_player_id, membership_id, carnet_id, transaction_id, method, keeps_balance)
  SELECT acc->>'key', (acc->>'kind')::ledger_account_kind, (acc->>'user_id')::int, (acc->>'booking_id')::int,
         (acc->>'booking_player_id')::int, (acc->>'membership_id')::int, (acc->>'carnet_id')::int, (acc->>'transaction_id')::int,
         (acc->>'method')::payment_method, (acc->>'kind')::ledger_account_kind >= 'booking_receivable'
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
  CONSTRAINT stripe_requests_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES transactions (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX stripe_requests_payment_id_idx ON stripe_requests (payment_id);
CREATE UNIQUE INDEX stripe_requests_result_id_key ON stripe_requests (result_id);
-- A payment row has one session to open and to close.
CREATE UNIQUE INDEX stripe_requests_one_session_call ON stripe_requests (payment_id, kind) WHERE kind IN ('checkout', 'expire');
CREATE INDEX stripe_requests_pending_idx ON stripe_requests (created_at) WHERE status = 'pending';


-- Staff add credit up to this by a correction; above it, or on their own account, an admin does.
ALTER TABLE settings ADD COLUMN credit_correction_limit_cents integer NOT NULL DEFAULT 5000,
  ADD CONSTRAINT settings_credit_correction_limit CHECK (credit_correction_limit_cents > 0);



-- Each reconciliation of the books (the daily job's, or one asked for): when, whether everything matched,
-- and what did not. The dashboard and the metrics read the last one.
CREATE TABLE reconciliation_runs (
  id         serial PRIMARY KEY,
  checked_at timestamptz(3) NOT NULL DEFAULT now(),
  ok         boolean NOT NULL,
  result     jsonb NOT NULL
);
CREATE INDEX reconciliation_runs_checked_at_idx ON reconciliation_runs (checked_at);


-- A refund Stripe made is a fact to record, even beyond what the desk already gave back of the payment
-- (a bank's refund after a cash one: the member then owes it, in the ledger): Stripe's refunds are held to
-- the payment by Stripe; the desk's own refunds never take it beyond what was paid, counting all.
CREATE OR REPLACE FUNCTION transactions_refund_within_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid integer;
  refunded integer;
BEGIN
  SELECT amount_cents INTO paid FROM transactions WHERE id = NEW.refund_of_id AND type = 'payment' FOR UPDATE;
  IF paid IS NULL THEN
    RAISE EXCEPTION 'refund % does not refer to a payment', NEW.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT coalesce(sum(amount_cents), 0) INTO refunded FROM transactions
  WHERE refund_of_id = NEW.refund_of_id AND (NEW.method <> 'stripe' OR method = 'stripe');
  IF refunded > paid THEN
    RAISE EXCEPTION 'refunds of payment % (% cents) exceed its amount (% cents)', NEW.refund_of_id, refunded, paid
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_refund_within_payment';
  END IF;
  RETURN NULL;
END $$;

-- A share paid at the desk with the rest of the booking, or by the organiser's carnet covering the court.
ALTER TYPE booking_share_method ADD VALUE IF NOT EXISTS 'desk';
ALTER TYPE booking_share_method ADD VALUE IF NOT EXISTS 'carnet';
-- What one use of a carnet pays: the organiser's share (as before), or the whole court.
CREATE TYPE carnet_cover AS ENUM ('share', 'court');
ALTER TABLE carnet_products ADD COLUMN covers carnet_cover NOT NULL DEFAULT 'share';

-- A leg of an entry for ledger_post: an account (made on first use) and a signed amount.
-- (none when there is no account or nothing moves: ledger_legs leaves it out).
CREATE FUNCTION ledger_leg(account_key text, account_kind text, amount bigint, refs jsonb DEFAULT '{}') RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN account_key IS NULL OR coalesce(amount, 0) = 0 THEN NULL
              ELSE jsonb_build_object('account', jsonb_build_object('key', account_key, 'kind', account_kind) || refs, 'amount', amount) END $$;
-- The legs given, those that move something.
CREATE FUNCTION ledger_legs(VARIADIC legs jsonb[]) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$ SELECT coalesce(jsonb_agg(leg), '[]') FROM unnest(legs) leg WHERE leg IS NOT NULL $$;
-- Where money paid by a method lands: Stripe, or the desk's till.
CREATE FUNCTION ledger_money_leg(method payment_method, amount bigint) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN method = 'stripe' THEN ledger_leg('stripe', 'stripe_clearing', amount)
              ELSE ledger_leg('till:' || method, 'till', amount, jsonb_build_object('method', method)) END $$;

-- The books of cards, bookings, their payments and refunds, extra income and expenses written without the
-- application (history that came before the ledger, the demo's season), for those with no entries yet:
-- what each card and booking owed when made, each payment settling what was still owed (what it paid
-- beyond that is earned all the same), each refund owed again and no longer earned, what a cancelled or
-- lapsed booking and a withdrawn card still owed written off, and each extra income and expense on its day.
CREATE FUNCTION ledger_post_history(write_off boolean DEFAULT true) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post(coalesce(jsonb_agg(e ORDER BY at, ord), '[]')) FROM (
    SELECT m.created_at AS at, 1 AS ord, jsonb_build_object('key', 'membership:' || m.id || ':charge', 'kind', 'charge', 'effective_at', m.created_at,
      'membership_id', m.id, 'user_id', m.user_id, 'description', 'Tessera ' || m.membership_number,
      'legs', ledger_legs(ledger_leg('membership:' || m.id, 'membership_receivable', m.original_price_cents, jsonb_build_object('membership_id', m.id)),
                                ledger_leg('billed', 'billed', -m.original_price_cents))) AS e
    FROM memberships m WHERE m.original_price_cents > 0 AND NOT EXISTS (SELECT 1 FROM ledger_entries x WHERE x.key = 'membership:' || m.id || ':charge')
    UNION ALL
    SELECT m.created_at, 2, jsonb_build_object('key', 'membership:' || m.id || ':coupon', 'kind', 'discount', 'effective_at', m.created_at,
      'membership_id', m.id, 'user_id', m.user_id, 'description', 'Sconto coupon ' || coalesce(m.coupon_code, ''),
      'legs', ledger_legs(ledger_leg('billed', 'billed', m.discount_cents), ledger_leg('membership:' || m.id, 'membership_receivable', -m.discount_cents, jsonb_build_object('membership_id', m.id))))
    FROM memberships m WHERE m.discount_cents > 0 AND NOT EXISTS (SELECT 1 FROM ledger_entries x WHERE x.key = 'membership:' || m.id || ':coupon')
    UNION ALL
    SELECT b.created_at, 1, jsonb_build_object('key', 'booking:' || b.id || ':charge', 'kind', 'charge', 'effective_at', b.created_at,
      'booking_id', b.id, 'user_id', b.user_id, 'description', 'Prenotazione campo',
      'legs', ledger_legs(ledger_leg('booking:' || b.id, 'booking_receivable', b.price_cents + b.discount_cents, jsonb_build_object('booking_id', b.id)),
                                ledger_leg('billed', 'billed', -(b.price_cents + b.discount_cents))))
    FROM bookings b WHERE b.price_cents + b.discount_cents > 0 AND NOT EXISTS (SELECT 1 FROM ledger_entries x WHERE x.key = 'booking:' || b.id || ':charge')
    UNION ALL
    SELECT b.created_at, 2, jsonb_build_object('key', 'booking:' || b.id || ':coupon', 'kind', 'discount', 'effective_at', b.created_at,
      'booking_id', b.id, 'user_id', b.user_id, 'description', 'Sconto coupon',
      'legs', ledger_legs(ledger_leg('billed', 'billed', b.discount_cents), ledger_leg('booking:' || b.id, 'booking_receivable', -b.discount_cents, jsonb_build_object('booking_id', b.id))))
    FROM bookings b WHERE b.discount_cents > 0 AND NOT EXISTS (SELECT 1 FROM ledger_entries x WHERE x.key = 'booking:' || b.id || ':coupon')
  ) owed;

  -- Payments of cards and bookings, in the order they were paid: each settles what its receivable still owes.
  PERFORM ledger_post(coalesce(jsonb_agg(e ORDER BY at, id), '[]')) FROM (
    SELECT p.paid_at AS at, p.id, jsonb_build_object('key', 'payment:' || p.id, 'kind', 'payment', 'effective_at', p.paid_at, 'transaction_id', p.id,
      'user_id', p.user_id, 'membership_id', p.membership_id, 'booking_id', p.booking_id, 'description', p.description,
      'legs', ledger_legs(
        ledger_money_leg(p.method, p.amount_cents),
        ledger_leg(p.receivable, p.receivable_kind, -p.settled, p.refs),
        ledger_leg('billed', 'billed', p.settled),
        ledger_leg('revenue:' || p.source, 'revenue_' || p.source, -p.amount_cents))) AS e
    FROM (
      SELECT t.*, r.receivable, r.receivable_kind, r.refs, r.source,
        CASE WHEN r.receivable IS NULL THEN 0 ELSE
          least(r.owed, sum(t.amount_cents) OVER paid) - least(r.owed, sum(t.amount_cents) OVER paid - t.amount_cents) END AS settled
      FROM transactions t
      CROSS JOIN LATERAL (
        SELECT CASE WHEN t.kind = 'membership' THEN 'membership' ELSE 'booking' END AS source,
               CASE WHEN t.kind = 'membership' AND t.membership_id IS NOT NULL THEN 'membership:' || t.membership_id
                    WHEN t.kind = 'booking' AND t.booking_id IS NOT NULL THEN 'booking:' || t.booking_id END AS receivable,
               CASE WHEN t.kind = 'membership' THEN 'membership_receivable' ELSE 'booking_receivable' END AS receivable_kind,
               CASE WHEN t.kind = 'membership' THEN jsonb_build_object('membership_id', t.membership_id) ELSE jsonb_build_object('booking_id', t.booking_id) END AS refs,
               coalesce((SELECT a.debits_posted - a.credits_posted FROM ledger_accounts a
                         WHERE a.key = CASE WHEN t.kind = 'membership' THEN 'membership:' || t.membership_id ELSE 'booking:' || t.booking_id END), 0) AS owed
      ) r
      WHERE t.type = 'payment' AND t.status IN ('completed', 'refunded', 'partially_refunded') AND t.kind IN ('membership', 'booking') AND t.amount_cents > 0
        -- A payment the application booked (any entry names it) is left as it is.
        AND NOT EXISTS (SELECT 1 FROM ledger_entries x WHERE x.transaction_id = t.id)
      WINDOW paid AS (PARTITION BY r.receivable ORDER BY t.paid_at, t.id)
    ) p
  ) paid;

  -- Refunds of those payments: what the payment settled is owed again (up to what it settled), the money no longer earned.
  PERFORM ledger_post(coalesce(jsonb_agg(e ORDER BY at, id), '[]')) FROM (
    SELECT r.paid_at AS at, r.id, jsonb_build_object('key', 'refund:' || r.id, 'kind', 'refund', 'effective_at', r.paid_at, 'transaction_id', r.id,
      'user_id', r.user_id, 'membership_id', r.membership_id, 'booking_id', r.booking_id, 'description', r.description,
      'legs', ledger_legs(
        ledger_leg(r.receivable, r.receivable_kind, r.reopened, r.refs),
        ledger_leg('billed', 'billed', -r.reopened),
        ledger_leg('revenue:' || r.source, 'revenue_' || r.source, r.amount_cents),
        ledger_money_leg(r.method, -r.amount_cents))) AS e
    FROM (
      SELECT r.*, s.receivable, s.receivable_kind, s.refs, s.source,
        least(s.settled, sum(r.amount_cents) OVER refunded) - least(s.settled, sum(r.amount_cents) OVER refunded - r.amount_cents) AS reopened
      FROM transactions r JOIN transactions t ON t.id = r.refund_of_id
      CROSS JOIN LATERAL (
        SELECT CASE WHEN t.kind = 'membership' THEN 'membership' ELSE 'booking' END AS source,
               a.key AS receivable, a.kind::text AS receivable_kind,
               CASE WHEN t.kind = 'membership' THEN jsonb_build_object('membership_id', t.membership_id) ELSE jsonb_build_object('booking_id', t.booking_id) END AS refs,
               coalesce(-(SELECT sum(p.amount_cents) FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id WHERE e.key = 'payment:' || t.id AND p.account_id = a.id), 0) AS settled
        FROM (SELECT 1) one LEFT JOIN ledger_accounts a ON a.key = CASE WHEN t.kind = 'membership' THEN 'membership:' || t.membership_id ELSE 'booking:' || t.booking_id END
      ) s
      WHERE r.type = 'refund' AND r.status = 'completed' AND r.amount_cents > 0 AND t.kind IN ('membership', 'booking')
        AND NOT EXISTS (SELECT 1 FROM ledger_entries x WHERE x.transaction_id = r.id)
      WINDOW refunded AS (PARTITION BY t.id ORDER BY r.paid_at, r.id)
    ) r
  ) refunded;

  -- Extra income and expenses, on their day.
  PERFORM ledger_post(coalesce(jsonb_agg(e ORDER BY at), '[]')) FROM (
    SELECT (i.date::timestamp AT TIME ZONE 'Europe/Rome') AS at, jsonb_build_object('key', 'income:' || i.id || ':1', 'kind', 'extra_income',
      'effective_at', (i.date::timestamp AT TIME ZONE 'Europe/Rome'), 'created_by_id', i.created_by_id, 'description', i.description,
      'legs', ledger_legs(
        CASE WHEN i.payment_method IS NULL OR i.payment_method = 'stripe' THEN ledger_leg('bank', 'bank', i.amount_cents) ELSE ledger_money_leg(i.payment_method, i.amount_cents) END,
        ledger_leg('revenue:extra', 'revenue_extra', -i.amount_cents))) AS e
    FROM incomes i WHERE NOT EXISTS (SELECT 1 FROM ledger_entries x WHERE x.key LIKE 'income:' || i.id || ':%')
    UNION ALL
    SELECT (x.date::timestamp AT TIME ZONE 'Europe/Rome'), jsonb_build_object('key', 'expense:' || x.id || ':1', 'kind', 'expense',
      'effective_at', (x.date::timestamp AT TIME ZONE 'Europe/Rome'), 'created_by_id', x.created_by_id, 'description', x.description,
      'legs', ledger_legs(
        ledger_leg('expenses', 'expenses', x.amount_cents),
        CASE WHEN x.payment_method IS NULL OR x.payment_method = 'stripe' THEN ledger_leg('bank', 'bank', -x.amount_cents) ELSE ledger_money_leg(x.payment_method, -x.amount_cents) END))
    FROM expenses x WHERE NOT EXISTS (SELECT 1 FROM ledger_entries y WHERE y.key LIKE 'expense:' || x.id || ':%')
  ) dated;

  IF write_off THEN PERFORM ledger_write_off_history('history'); END IF;
END $$;

-- What cancelled and lapsed bookings (their organiser's and players' receivables) and withdrawn cards still
-- owe, written off once per pass.
CREATE FUNCTION ledger_write_off_history(pass text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post(coalesce(jsonb_agg(e ORDER BY id), '[]')) FROM (
    SELECT b.id, jsonb_build_object('key', 'booking:' || b.id || ':write-off:' || pass, 'kind', 'write_off', 'effective_at', coalesce(b.cancelled_at, b.updated_at),
      'booking_id', b.id, 'user_id', b.user_id, 'description', coalesce(b.cancellation_reason, 'Tempo per pagare scaduto'),
      'legs', (SELECT jsonb_agg(leg) FROM ledger_accounts a,
                 LATERAL (VALUES (ledger_leg(a.key, a.kind::text, -(a.debits_posted - a.credits_posted))), (ledger_leg('billed', 'billed', a.debits_posted - a.credits_posted))) l(leg)
               WHERE a.booking_id = b.id AND a.kind IN ('booking_receivable', 'share_receivable') AND a.debits_posted - a.credits_posted > 0)) AS e
    FROM bookings b WHERE b.status IN ('cancelled', 'expired')
      AND EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.booking_id = b.id AND a.kind IN ('booking_receivable', 'share_receivable') AND a.debits_posted - a.credits_posted > 0)
    UNION ALL
    SELECT m.id, jsonb_build_object('key', 'membership:' || m.id || ':write-off:' || pass, 'kind', 'write_off', 'effective_at', m.updated_at,
      'membership_id', m.id, 'user_id', m.user_id, 'description', 'Richiesta di tessera non pagata: ritirata',
      'legs', ledger_legs(ledger_leg(a.key, 'membership_receivable', -(a.debits_posted - a.credits_posted)), ledger_leg('billed', 'billed', a.debits_posted - a.credits_posted)))
    FROM memberships m JOIN ledger_accounts a ON a.key = 'membership:' || m.id
    WHERE m.status = 'expired' AND a.debits_posted - a.credits_posted > 0
      AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.membership_id = m.id AND t.type = 'payment' AND t.status IN ('completed', 'refunded', 'partially_refunded'))
  ) owed;
END $$;

-- The history so far: cards, bookings, payments, refunds, extra income and expenses (what is left owed is
-- written off at the end, after the rest of the history).
SELECT ledger_post_history(false);

-- Then what only the tables replaced here remember, in the order it happened: the players' shares of split
-- bookings and their payments, every credit movement, and the carnets' sales, uses, returns and expiries.
CREATE FUNCTION pg_temp.credit_legs(member integer, cents bigint, preferred text) RETURNS jsonb LANGUAGE plpgsql AS $$
-- Takes `cents` from the member's credit accounts: the preferred one first (a refund's own top-up), then
-- money paid in (oldest top-up first), promotional credit last; the debit legs.
DECLARE
  legs jsonb := '[]';
  left_cents integer := cents;
  row record;
  part integer;
BEGIN
  FOR row IN
    SELECT key, kind::text AS kind, credits_posted - debits_posted - debits_pending AS available FROM ledger_accounts
    WHERE user_id = member AND kind IN ('credit_funded', 'credit_promo') AND credits_posted - debits_posted - debits_pending > 0
    ORDER BY key = preferred DESC, kind = 'credit_promo', id
  LOOP
    EXIT WHEN left_cents = 0;
    part := least(left_cents, row.available);
    legs := legs || ledger_legs(ledger_leg(row.key, row.kind, part, jsonb_build_object('user_id', member)));
    left_cents := left_cents - part;
  END LOOP;
  IF left_cents > 0 THEN RAISE EXCEPTION 'credit of member % does not cover % cents', member, cents; END IF;
  RETURN legs;
END $$;

-- Up to `cents` of what a receivable owes now, for an entry that settles it (and earns it).
CREATE FUNCTION pg_temp.owed(receivable text, cents bigint) RETURNS integer LANGUAGE sql AS $$
  SELECT greatest(0, least(cents, coalesce((SELECT debits_posted - credits_posted - credits_pending FROM ledger_accounts WHERE key = receivable), 0))) $$;

DO $$
DECLARE
  ev record;
  settled integer;
  legs jsonb;
  source text;
  receivable text;
  receivable_kind text;
  refs jsonb;
  worth integer;
  spent integer;
  price integer;
  total integer;
  use_entry text;
BEGIN
  -- The players' shares: moved off the organiser's receivable (as far as it still owed them) when they joined.
  FOR ev IN SELECT p.*, b.user_id AS organiser FROM booking_players p JOIN bookings b ON b.id = p.booking_id WHERE p.status <> 'dropped' AND p.share_cents > 0 ORDER BY p.created_at, p.id LOOP
    settled := pg_temp.owed('booking:' || ev.booking_id, ev.share_cents);
    PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'player:' || ev.id || ':joined', 'kind', 'split', 'effective_at', ev.created_at,
      'booking_id', ev.booking_id, 'description', 'Quote dei giocatori',
      'legs', ledger_legs(ledger_leg('booking:' || ev.booking_id, 'booking_receivable', -settled, jsonb_build_object('booking_id', ev.booking_id)),
                                ledger_leg('share:' || ev.id, 'share_receivable', settled, jsonb_build_object('booking_player_id', ev.id, 'booking_id', ev.booking_id))))));
  END LOOP;

  -- Everything else in the order it happened.
  FOR ev IN
    SELECT 'movement' AS what, m.created_at AS at, m.id, m.user_id, m.amount_cents, m.kind::text AS kind, m.reason, m.created_by_id,
           m.transaction_id, m.booking_id, m.membership_id, NULL::integer AS carnet_id, NULL::integer AS player_id, NULL::integer AS step
    FROM credit_movements m
    UNION ALL
    SELECT 'share_payment', t.paid_at, t.id, t.user_id, t.amount_cents, t.type::text, t.description, NULL, t.refund_of_id, NULL, NULL, NULL, t.booking_player_id, NULL
    FROM transactions t WHERE t.kind = 'booking_share' AND t.amount_cents > 0
      AND ((t.type = 'payment' AND t.status IN ('completed', 'refunded', 'partially_refunded')) OR (t.type = 'refund' AND t.status = 'completed'))
    UNION ALL
    SELECT 'carnet_payment', t.paid_at, t.id, t.user_id, t.amount_cents, t.type::text, t.description, NULL, t.refund_of_id, NULL, NULL, NULL, NULL, NULL
    FROM transactions t WHERE t.kind = 'carnet' AND t.amount_cents > 0
      AND ((t.type = 'payment' AND t.status IN ('completed', 'refunded', 'partially_refunded')) OR (t.type = 'refund' AND t.status = 'completed'))
    UNION ALL
    SELECT 'carnet_use', u.created_at, u.id, c.user_id, 0, 'use', NULL, NULL, NULL, u.booking_id, NULL, u.carnet_id, NULL, 1
    FROM carnet_uses u JOIN carnets c ON c.id = u.carnet_id
    UNION ALL
    SELECT 'carnet_return', u.returned_at, u.id, c.user_id, 0, 'return', NULL, NULL, NULL, u.booking_id, NULL, u.carnet_id, NULL, -1
    FROM carnet_uses u JOIN carnets c ON c.id = u.carnet_id WHERE u.returned_at IS NOT NULL
    UNION ALL
    SELECT 'carnet_expiry', ((c.valid_until + 1)::timestamp AT TIME ZONE 'Europe/Rome'), c.id, c.user_id, 0, 'expiry', NULL, NULL, NULL, NULL, NULL, c.id, NULL, 0
    FROM carnets c WHERE ((c.valid_until + 1)::timestamp AT TIME ZONE 'Europe/Rome') <= now()
    ORDER BY at, step DESC NULLS FIRST, id
  LOOP
    IF ev.what = 'movement' THEN
      IF ev.kind = 'top_up' THEN
        PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'payment:' || ev.transaction_id, 'kind', 'top_up', 'effective_at', ev.at,
          'user_id', ev.user_id, 'transaction_id', ev.transaction_id, 'created_by_id', ev.created_by_id, 'description', ev.reason,
          'legs', ledger_legs(ledger_money_leg(t.method, ev.amount_cents),
                                    ledger_leg('credit:' || ev.user_id || ':tx:' || ev.transaction_id, 'credit_funded', -ev.amount_cents, jsonb_build_object('user_id', ev.user_id, 'transaction_id', ev.transaction_id))))))
        FROM transactions t WHERE t.id = ev.transaction_id;
      ELSIF ev.kind = 'payment' AND ev.amount_cents < 0 THEN
        -- Credit spent on a card, on the organiser's part of a booking, or on the players' shares it settled at the deadline.
        source := CASE WHEN ev.membership_id IS NOT NULL THEN 'membership' ELSE 'booking' END;
        legs := pg_temp.credit_legs(ev.user_id, -ev.amount_cents, '');
        settled := 0;
        IF ev.membership_id IS NOT NULL THEN
          settled := pg_temp.owed('membership:' || ev.membership_id, -ev.amount_cents);
          legs := legs || ledger_legs(ledger_leg('membership:' || ev.membership_id, 'membership_receivable', -settled, jsonb_build_object('membership_id', ev.membership_id)));
        ELSIF EXISTS (SELECT 1 FROM booking_players p WHERE p.credit_movement_id = ev.id) THEN
          FOR receivable, refs, worth IN
            SELECT 'share:' || p.id, jsonb_build_object('booking_player_id', p.id, 'booking_id', p.booking_id), pg_temp.owed('share:' || p.id, p.share_cents)
            FROM booking_players p WHERE p.credit_movement_id = ev.id ORDER BY p.id
          LOOP
            worth := least(worth, -ev.amount_cents - settled);
            legs := legs || ledger_legs(ledger_leg(receivable, 'share_receivable', -worth, refs));
            settled := settled + worth;
          END LOOP;
        ELSIF ev.booking_id IS NOT NULL THEN
          settled := pg_temp.owed('booking:' || ev.booking_id, -ev.amount_cents);
          legs := legs || ledger_legs(ledger_leg('booking:' || ev.booking_id, 'booking_receivable', -settled, jsonb_build_object('booking_id', ev.booking_id)));
        END IF;
        PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'credit-movement:' || ev.id, 'kind', 'credit_payment', 'effective_at', ev.at,
          'user_id', ev.user_id, 'booking_id', ev.booking_id, 'membership_id', ev.membership_id, 'created_by_id', ev.created_by_id, 'description', ev.reason,
          'legs', legs || ledger_legs(ledger_leg('billed', 'billed', settled), ledger_leg('revenue:' || source, 'revenue_' || source, ev.amount_cents)))));
      ELSIF ev.kind = 'payment' THEN
        -- Credit given back (a cancellation, a hold released): owed again up to what credit had paid on it, no longer earned.
        source := CASE WHEN ev.membership_id IS NOT NULL THEN 'membership' ELSE 'booking' END;
        receivable := CASE WHEN ev.membership_id IS NOT NULL THEN 'membership:' || ev.membership_id ELSE 'booking:' || ev.booking_id END;
        SELECT greatest(0, least(ev.amount_cents, coalesce(-sum(p.amount_cents), 0))) INTO settled
        FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.key = receivable AND e.kind IN ('credit_payment', 'credit_return') AND e.user_id = ev.user_id;
        -- Back to the accounts the credit of this booking came from (the last spent first), the promotional one for the rest.
        legs := '[]';
        total := ev.amount_cents;
        FOR receivable_kind, refs, worth IN
          SELECT a.key, jsonb_build_object('kind', a.kind::text), sum(p.amount_cents)::int FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id
          WHERE e.user_id = ev.user_id AND e.kind IN ('credit_payment', 'credit_return') AND a.kind IN ('credit_funded', 'credit_promo')
            AND coalesce(e.booking_id, -1) = coalesce(ev.booking_id, -1) AND coalesce(e.membership_id, -1) = coalesce(ev.membership_id, -1)
          GROUP BY a.id HAVING sum(p.amount_cents) > 0 ORDER BY a.kind = 'credit_promo' DESC, a.id DESC
        LOOP
          EXIT WHEN total = 0;
          legs := legs || ledger_legs(ledger_leg(receivable_kind, refs->>'kind', -least(worth, total), jsonb_build_object('user_id', ev.user_id)));
          total := total - least(worth, total);
        END LOOP;
        legs := legs || ledger_legs(ledger_leg('credit:' || ev.user_id || ':promo', 'credit_promo', -total, jsonb_build_object('user_id', ev.user_id)));
        receivable := CASE WHEN ev.membership_id IS NOT NULL THEN 'membership:' || ev.membership_id ELSE 'booking:' || ev.booking_id END;
        receivable_kind := CASE WHEN ev.membership_id IS NOT NULL THEN 'membership_receivable' ELSE 'booking_receivable' END;
        refs := CASE WHEN ev.membership_id IS NOT NULL THEN jsonb_build_object('membership_id', ev.membership_id) ELSE jsonb_build_object('booking_id', ev.booking_id) END;
        PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'credit-movement:' || ev.id, 'kind', 'credit_return', 'effective_at', ev.at,
          'user_id', ev.user_id, 'booking_id', ev.booking_id, 'membership_id', ev.membership_id, 'created_by_id', ev.created_by_id, 'description', ev.reason,
          'legs', legs || ledger_legs(ledger_leg(receivable, receivable_kind, settled, refs), ledger_leg('billed', 'billed', -settled),
                                            ledger_leg('revenue:' || source, 'revenue_' || source, ev.amount_cents)))));
      ELSIF ev.kind IN ('refund_to_card', 'cash_refund') THEN
        PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'refund:' || r.id, 'kind', 'credit_refund', 'effective_at', ev.at,
          'user_id', ev.user_id, 'transaction_id', r.id, 'created_by_id', ev.created_by_id, 'description', ev.reason,
          'legs', pg_temp.credit_legs(ev.user_id, -ev.amount_cents, 'credit:' || ev.user_id || ':tx:' || r.refund_of_id) || ledger_legs(ledger_money_leg(r.method, ev.amount_cents)))))
        FROM transactions r WHERE r.id = ev.transaction_id;
      ELSIF ev.kind = 'desk_adjustment' AND ev.amount_cents > 0 THEN
        PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'credit-movement:' || ev.id, 'kind', 'correction', 'effective_at', ev.at,
          'user_id', ev.user_id, 'created_by_id', ev.created_by_id, 'description', ev.reason,
          'legs', ledger_legs(ledger_leg('adjustments', 'adjustments', ev.amount_cents), ledger_leg('credit:' || ev.user_id || ':promo', 'credit_promo', -ev.amount_cents, jsonb_build_object('user_id', ev.user_id))))));
      ELSIF ev.kind = 'desk_adjustment' THEN
        PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'credit-movement:' || ev.id, 'kind', 'correction', 'effective_at', ev.at,
          'user_id', ev.user_id, 'created_by_id', ev.created_by_id, 'description', ev.reason,
          'legs', pg_temp.credit_legs(ev.user_id, -ev.amount_cents, 'credit:' || ev.user_id || ':promo') || ledger_legs(ledger_leg('adjustments', 'adjustments', ev.amount_cents)))));
      ELSIF ev.kind = 'rain_credit' THEN
        -- A booking's payment turned into credit for the weather: owed again (then written off), no longer earned.
        settled := least(ev.amount_cents, greatest(0, coalesce((SELECT -sum(p.amount_cents) FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id
          JOIN ledger_accounts a ON a.id = p.account_id WHERE a.key = 'booking:' || ev.booking_id AND e.transaction_id = ev.transaction_id), 0)));
        PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'credit-movement:' || ev.id, 'kind', 'rain_credit', 'effective_at', ev.at,
          'user_id', ev.user_id, 'booking_id', ev.booking_id, 'transaction_id', ev.transaction_id, 'created_by_id', ev.created_by_id, 'description', ev.reason,
          'legs', ledger_legs(ledger_leg('booking:' || ev.booking_id, 'booking_receivable', settled, jsonb_build_object('booking_id', ev.booking_id)),
                                    ledger_leg('billed', 'billed', -settled), ledger_leg('revenue:booking', 'revenue_booking', ev.amount_cents),
                                    ledger_leg('credit:' || ev.user_id || ':promo', 'credit_promo', -ev.amount_cents, jsonb_build_object('user_id', ev.user_id))))));
      END IF;
    ELSIF ev.what = 'share_payment' AND ev.kind = 'payment' THEN
      receivable := 'share:' || ev.player_id;
      settled := CASE WHEN ev.player_id IS NULL THEN 0 ELSE pg_temp.owed(receivable, ev.amount_cents) END;
      PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'payment:' || ev.id, 'kind', 'payment', 'effective_at', ev.at,
        'user_id', ev.user_id, 'booking_id', p.booking_id, 'booking_player_id', ev.player_id, 'transaction_id', ev.id, 'description', ev.reason,
        'legs', ledger_legs(ledger_money_leg(t.method, ev.amount_cents), ledger_leg(receivable, 'share_receivable', -settled, jsonb_build_object('booking_player_id', ev.player_id, 'booking_id', p.booking_id)),
                                  ledger_leg('billed', 'billed', settled), ledger_leg('revenue:booking', 'revenue_booking', -ev.amount_cents)))))
      FROM transactions t LEFT JOIN booking_players p ON p.id = ev.player_id WHERE t.id = ev.id;
    ELSIF ev.what = 'share_payment' THEN
      PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'refund:' || ev.id, 'kind', 'refund', 'effective_at', ev.at,
        'user_id', ev.user_id, 'transaction_id', ev.id, 'description', ev.reason,
        'legs', ledger_legs(ledger_leg('revenue:booking', 'revenue_booking', ev.amount_cents), ledger_money_leg(t.method, -ev.amount_cents)))))
      FROM transactions t WHERE t.id = ev.id;
    ELSIF ev.what = 'carnet_payment' AND ev.kind = 'payment' THEN
      -- A carnet's sale is owed back as its uses; money for a carnet never made is owed back as it came.
      PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'payment:' || ev.id, 'kind', 'carnet_sale', 'effective_at', ev.at,
        'user_id', ev.user_id, 'carnet_id', c.id, 'transaction_id', ev.id, 'description', ev.reason,
        'legs', ledger_legs(ledger_money_leg(t.method, ev.amount_cents),
          CASE WHEN c.id IS NULL THEN ledger_leg('refund:' || ev.id, 'refund_payable', -ev.amount_cents, jsonb_build_object('transaction_id', ev.id))
               ELSE ledger_leg('carnet:' || c.id, 'carnet', -ev.amount_cents, jsonb_build_object('carnet_id', c.id, 'user_id', c.user_id)) END))))
      FROM transactions t LEFT JOIN carnets c ON c.transaction_id = t.id WHERE t.id = ev.id;
    ELSIF ev.what = 'carnet_payment' THEN
      PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'refund:' || ev.id, 'kind', 'stripe_refund', 'effective_at', ev.at,
        'user_id', ev.user_id, 'transaction_id', ev.id, 'description', ev.reason,
        'legs', ledger_legs(ledger_leg('debt:' || ev.user_id, 'member_debt', ev.amount_cents, jsonb_build_object('user_id', ev.user_id)), ledger_money_leg(t.method, -ev.amount_cents)))))
      FROM transactions t WHERE t.id = ev.id;
    ELSE
      -- A carnet's steps: a use earns the worth of the uses counted after it less those before (the remainder
      -- on the last), a use given back before the expiry un-earns it, the expiry earns what is left.
      SELECT c.uses_total, coalesce((SELECT t.amount_cents FROM transactions t WHERE t.id = c.transaction_id AND t.status IN ('completed', 'refunded', 'partially_refunded')), 0)
      INTO total, price FROM carnets c WHERE c.id = ev.carnet_id;
      SELECT coalesce(sum(CASE WHEN e.kind = 'carnet_use' THEN 1 ELSE -1 END), 0) INTO spent
      FROM ledger_entries e WHERE e.carnet_id = ev.carnet_id AND e.kind IN ('carnet_use', 'carnet_use_return') AND e.key NOT LIKE '%:expired';
      IF ev.what = 'carnet_use' THEN
        worth := CASE WHEN EXISTS (SELECT 1 FROM ledger_entries e WHERE e.key = 'carnet:' || ev.carnet_id || ':breakage') THEN 0
                      ELSE (spent + 1) * (price / total) + CASE WHEN spent + 1 = total THEN price % total ELSE 0 END
                         - spent * (price / total) - CASE WHEN spent = total THEN price % total ELSE 0 END END;
        -- The organiser's part of the booking: its price less the players' shares.
        settled := pg_temp.owed('booking:' || ev.booking_id,
          (SELECT b.price_cents - coalesce((SELECT sum(p.share_cents) FROM booking_players p WHERE p.booking_id = b.id AND p.status <> 'dropped'), 0) FROM bookings b WHERE b.id = ev.booking_id));
        PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'carnet-use:' || ev.id, 'kind', 'carnet_use', 'effective_at', ev.at,
          'user_id', ev.user_id, 'booking_id', ev.booking_id, 'carnet_id', ev.carnet_id, 'description', 'Prenotazione pagata con un ingresso del carnet',
          'legs', ledger_legs(ledger_leg('carnet:' || ev.carnet_id, 'carnet', worth, jsonb_build_object('carnet_id', ev.carnet_id, 'user_id', ev.user_id)),
                                    ledger_leg('revenue:booking', 'revenue_booking', -worth),
                                    ledger_leg('booking:' || ev.booking_id, 'booking_receivable', -settled, jsonb_build_object('booking_id', ev.booking_id)),
                                    ledger_leg('billed', 'billed', settled)))));
      ELSIF ev.what = 'carnet_return' THEN
        use_entry := 'carnet-use:' || ev.id;
        -- Before the expiry the carnet holds again the worth of its last step, and that is no longer earned;
        -- after it, only what the booking owed comes back.
        worth := CASE WHEN EXISTS (SELECT 1 FROM ledger_entries e WHERE e.key = 'carnet:' || ev.carnet_id || ':breakage') THEN 0
                      ELSE spent * (price / total) + CASE WHEN spent = total THEN price % total ELSE 0 END
                         - (spent - 1) * (price / total) - CASE WHEN spent - 1 = total THEN price % total ELSE 0 END END;
        PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'carnet-use-return:' || ev.id, 'kind', 'carnet_use_return', 'effective_at', ev.at,
          'user_id', ev.user_id, 'booking_id', ev.booking_id, 'carnet_id', ev.carnet_id, 'description', 'Ingresso restituito al carnet',
          'reverses_id', (SELECT id FROM ledger_entries WHERE key = use_entry),
          'legs', ledger_legs(ledger_leg('carnet:' || ev.carnet_id, 'carnet', -worth, jsonb_build_object('carnet_id', ev.carnet_id, 'user_id', ev.user_id)),
                              ledger_leg('revenue:booking', 'revenue_booking', worth))
                  || coalesce((SELECT jsonb_agg(ledger_leg(a.key, a.kind::text, -p.amount_cents)) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                               JOIN ledger_entries e ON e.id = p.entry_id WHERE e.key = use_entry AND a.kind IN ('booking_receivable', 'billed')), '[]'))));
      ELSE
        worth := coalesce((SELECT credits_posted - debits_posted FROM ledger_accounts WHERE key = 'carnet:' || ev.carnet_id), 0);
        PERFORM ledger_post(jsonb_build_array(jsonb_build_object('key', 'carnet:' || ev.carnet_id || ':breakage', 'kind', 'carnet_breakage', 'effective_at', ev.at,
          'user_id', ev.user_id, 'carnet_id', ev.carnet_id, 'description', 'Carnet scaduto: il valore non usato è un ricavo',
          'legs', ledger_legs(ledger_leg('carnet:' || ev.carnet_id, 'carnet', worth, jsonb_build_object('carnet_id', ev.carnet_id, 'user_id', ev.user_id)),
                                    ledger_leg('revenue:booking', 'revenue_booking', -worth)))));
      END IF;
    END IF;
  END LOOP;
END $$;

-- What cancelled bookings still owe after their shares, returns and rain credits: written off.
SELECT ledger_write_off_history('ledger');

-- The ledger is now the one record of credit, shares and money returned.
ALTER TABLE booking_players DROP COLUMN share_cents, DROP COLUMN credit_movement_id;
ALTER TABLE rain_check_bookings DROP COLUMN amount_cents;
DROP TABLE credit_movements;
DROP TABLE credit_balances;
DROP FUNCTION credit_movements_apply();
DROP FUNCTION credit_movements_frozen();
DROP TYPE credit_movement_kind;

-- migrate:down
-- Irreversible: up moved credit, shares and returns into the ledger and dropped the tables they were
-- kept in, so down could only destroy the books. Go back by restoring a backup taken before it.
DO $$ BEGIN
  RAISE EXCEPTION 'The ledger migration cannot be undone: restore a backup taken before it.';
END $$;
