-- migrate:up
-- Payments (Stripe Checkout, refunds, webhook events applied once), the centre's settings, and what
-- the member's card needs: numbers per year, no overlapping live cards, a verification token.
-- ALTER TYPE ... ADD VALUE: the new values are not used in this migration (PostgreSQL forbids using
-- them in the transaction that adds them).

-- Settings (design §1): one row, edited by an admin --------------------------------------------------

CREATE TABLE settings (
  id                       smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- Season as month-day, the same every year (Europe/Rome calendar days, both included).
  season_start             char(5) NOT NULL DEFAULT '05-01' CHECK (season_start ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
  season_end               char(5) NOT NULL DEFAULT '09-30' CHECK (season_end ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
  booking_horizon_days     integer NOT NULL DEFAULT 14 CHECK (booking_horizon_days BETWEEN 1 AND 365),
  payment_hold_minutes     integer NOT NULL DEFAULT 15 CHECK (payment_hold_minutes BETWEEN 5 AND 1440),
  free_cancellation_hours  integer NOT NULL DEFAULT 24 CHECK (free_cancellation_hours BETWEEN 0 AND 720),
  max_future_bookings      integer NOT NULL DEFAULT 4 CHECK (max_future_bookings BETWEEN 1 AND 100),
  reminder_hours           integer NOT NULL DEFAULT 24 CHECK (reminder_hours BETWEEN 1 AND 168),
  updated_at               timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT settings_season_order CHECK (season_start < season_end)
);
INSERT INTO settings DEFAULT VALUES;

-- Memberships ---------------------------------------------------------------------------------------

ALTER TABLE memberships ADD COLUMN expiry_reminder_sent_at timestamptz(3);
CREATE UNIQUE INDEX memberships_qr_code_key ON memberships (qr_code);
-- A member never holds two live (pending or active) cards for the same day.
ALTER TABLE memberships ADD CONSTRAINT memberships_no_overlap EXCLUDE USING gist (
  user_id WITH =,
  daterange(start_date, end_date, '[]') WITH &&
) WHERE (status IN ('pending', 'active'));

-- Membership numbers T{year}-{00000}: one counter per year, incremented under the row lock, so two
-- purchases at the same moment never get the same number.
CREATE TABLE membership_number_counters (
  year        integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 2100),
  last_number integer NOT NULL CHECK (last_number BETWEEN 0 AND 99999)
);

CREATE FUNCTION next_membership_number(for_year integer) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  issued integer;
BEGIN
  INSERT INTO membership_number_counters AS c (year, last_number) VALUES (for_year, 1)
  ON CONFLICT (year) DO UPDATE SET last_number = c.last_number + 1
  RETURNING last_number INTO issued;
  RETURN 'T' || for_year || '-' || lpad(issued::text, 5, '0');
END $$;

-- Moves every counter past the numbers already stored (cards created before the counters existed,
-- or written in bulk by the demo seed).
CREATE FUNCTION sync_membership_number_counters() RETURNS void LANGUAGE sql AS $$
  INSERT INTO membership_number_counters AS c (year, last_number)
  SELECT substring(membership_number FROM 2 FOR 4)::integer, max(substring(membership_number FROM 7)::integer)
  FROM memberships WHERE membership_number ~ '^T[0-9]{4}-[0-9]{5}$'
  GROUP BY 1
  ON CONFLICT (year) DO UPDATE SET last_number = GREATEST(c.last_number, EXCLUDED.last_number);
$$;
SELECT sync_membership_number_counters();

-- Payments and refunds -------------------------------------------------------------------------------

ALTER TYPE payment_status ADD VALUE 'refunded';
ALTER TYPE payment_status ADD VALUE 'partially_refunded';
CREATE TYPE transaction_type AS ENUM ('payment', 'refund');

ALTER TABLE transactions
  ADD COLUMN type transaction_type NOT NULL DEFAULT 'payment',
  ADD COLUMN refund_of_id integer,
  ADD COLUMN stripe_checkout_session_id varchar(255),
  ADD COLUMN stripe_refund_id varchar(255),
  ADD CONSTRAINT transactions_refund_of_id_fkey FOREIGN KEY (refund_of_id) REFERENCES transactions (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  ADD CONSTRAINT transactions_refund_links_payment CHECK ((type = 'refund') = (refund_of_id IS NOT NULL));
CREATE UNIQUE INDEX transactions_stripe_checkout_session_id_key ON transactions (stripe_checkout_session_id);
CREATE UNIQUE INDEX transactions_stripe_refund_id_key ON transactions (stripe_refund_id);
CREATE INDEX transactions_refund_of_id_idx ON transactions (refund_of_id);

-- Refunds never add up to more than the payment they return, whatever runs at the same time: each new
-- refund locks its payment row first, so concurrent refunds of one payment are checked one by one.
CREATE FUNCTION transactions_refund_within_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid integer;
  refunded integer;
BEGIN
  SELECT amount_cents INTO paid FROM transactions WHERE id = NEW.refund_of_id AND type = 'payment' FOR UPDATE;
  IF paid IS NULL THEN
    RAISE EXCEPTION 'refund % does not refer to a payment', NEW.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT coalesce(sum(amount_cents), 0) INTO refunded FROM transactions WHERE refund_of_id = NEW.refund_of_id;
  IF refunded > paid THEN
    RAISE EXCEPTION 'refunds of payment % (% cents) exceed its amount (% cents)', NEW.refund_of_id, refunded, paid
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_refund_within_payment';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER transactions_refund_within_payment AFTER INSERT OR UPDATE OF amount_cents, refund_of_id ON transactions
  FOR EACH ROW WHEN (NEW.refund_of_id IS NOT NULL) EXECUTE FUNCTION transactions_refund_within_payment();

-- Stripe webhook events already applied: a replayed event finds its id here and changes nothing.
CREATE TABLE stripe_events (
  id           varchar(255) PRIMARY KEY,
  type         varchar(100) NOT NULL,
  processed_at timestamptz(3) NOT NULL DEFAULT now()
);

-- migrate:down
DROP TABLE stripe_events;
DROP TRIGGER transactions_refund_within_payment ON transactions;
DROP FUNCTION transactions_refund_within_payment();
DROP INDEX transactions_refund_of_id_idx, transactions_stripe_refund_id_key, transactions_stripe_checkout_session_id_key;
ALTER TABLE transactions DROP COLUMN stripe_refund_id, DROP COLUMN stripe_checkout_session_id, DROP COLUMN refund_of_id, DROP COLUMN type;
DROP TYPE transaction_type;
-- payment_status keeps 'refunded' and 'partially_refunded': PostgreSQL cannot drop enum values.
DROP FUNCTION sync_membership_number_counters(), next_membership_number(integer);
DROP TABLE membership_number_counters;
ALTER TABLE memberships DROP CONSTRAINT memberships_no_overlap;
DROP INDEX memberships_qr_code_key;
ALTER TABLE memberships DROP COLUMN expiry_reminder_sent_at;
DROP TABLE settings;
