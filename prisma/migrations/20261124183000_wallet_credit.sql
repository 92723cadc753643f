-- migrate:up

-- Credit (borsellino): money a member keeps with the centre, in integer cents. The ledger of movements
-- is append-only; each insert moves the member's balance row in the same statement (a trigger), and the
-- balance row's CHECK refuses any movement that would take it below zero. Concurrent debits queue on the
-- balance row's lock, so twenty debits against a balance that covers five: five pass, fifteen are refused.
-- Money in for credit is a payment row of its own kind, tied to neither a card nor a booking (the new
-- value is compared as text: an enum value added in this transaction cannot be used in it yet).
ALTER TYPE transaction_kind ADD VALUE IF NOT EXISTS 'credit';
ALTER TABLE transactions DROP CONSTRAINT transactions_target_matches_kind, ADD CONSTRAINT transactions_target_matches_kind CHECK (
  (kind = 'membership' AND booking_id IS NULL) OR (kind = 'booking' AND membership_id IS NULL)
  OR (kind::text = 'credit' AND membership_id IS NULL AND booking_id IS NULL)
);

-- Online top-ups are between these amounts (the admin's setting).
ALTER TABLE settings
  ADD COLUMN credit_top_up_min_cents integer NOT NULL DEFAULT 1000,
  ADD COLUMN credit_top_up_max_cents integer NOT NULL DEFAULT 20000,
  ADD CONSTRAINT settings_credit_top_up_range CHECK (credit_top_up_min_cents > 0 AND credit_top_up_max_cents >= credit_top_up_min_cents);

CREATE TYPE credit_movement_kind AS ENUM ('top_up', 'payment', 'refund_to_card', 'desk_adjustment', 'rain_credit', 'cash_refund');

CREATE TABLE credit_balances (
  user_id       integer PRIMARY KEY,
  balance_cents integer NOT NULL DEFAULT 0,
  updated_at    timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT credit_balances_not_negative CHECK (balance_cents >= 0),
  CONSTRAINT credit_balances_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE credit_movements (
  id             serial PRIMARY KEY,
  user_id        integer NOT NULL,
  -- Signed: a top-up adds, a payment or a refund takes away.
  amount_cents   integer NOT NULL CHECK (amount_cents <> 0),
  kind           credit_movement_kind NOT NULL,
  reason         varchar(500),
  -- The staff member who made it; null when the member made it themselves (or the system did).
  created_by_id  integer,
  -- The money that came in or went out with it (a top-up's payment), and the booking it paid.
  transaction_id integer,
  booking_id     integer,
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT credit_movements_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT credit_movements_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT credit_movements_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES transactions (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT credit_movements_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES bookings (id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX credit_movements_user_id_created_at_idx ON credit_movements (user_id, created_at DESC, id DESC);
-- A payment is credited at most once (a replayed webhook finds the movement already there).
CREATE UNIQUE INDEX credit_movements_transaction_id_key ON credit_movements (transaction_id);
CREATE INDEX credit_movements_booking_id_idx ON credit_movements (booking_id);

CREATE FUNCTION credit_movements_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The row first at zero (the CHECK applies to an upsert's proposed row too, so a debit could not ride on it).
  INSERT INTO credit_balances (user_id, balance_cents) VALUES (NEW.user_id, 0) ON CONFLICT (user_id) DO NOTHING;
  UPDATE credit_balances SET balance_cents = balance_cents + NEW.amount_cents, updated_at = now() WHERE user_id = NEW.user_id;
  RETURN NEW;
END $$;
CREATE TRIGGER credit_movements_apply AFTER INSERT ON credit_movements FOR EACH ROW EXECUTE FUNCTION credit_movements_apply();

-- The ledger is history: a movement is never changed (a mistake is corrected by a new movement).
CREATE FUNCTION credit_movements_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit movements cannot be changed: add a correcting movement';
END $$;
CREATE TRIGGER credit_movements_frozen BEFORE UPDATE OF user_id, amount_cents, kind ON credit_movements FOR EACH ROW EXECUTE FUNCTION credit_movements_frozen();

-- migrate:down
DROP TABLE credit_movements;
DROP FUNCTION credit_movements_frozen();
DROP FUNCTION credit_movements_apply();
DROP TABLE credit_balances;
DROP TYPE credit_movement_kind;
ALTER TABLE transactions DROP CONSTRAINT transactions_target_matches_kind, ADD CONSTRAINT transactions_target_matches_kind CHECK (
  (kind = 'membership' AND booking_id IS NULL) OR (kind = 'booking' AND membership_id IS NULL)
);
ALTER TABLE settings DROP CONSTRAINT settings_credit_top_up_range, DROP COLUMN credit_top_up_min_cents, DROP COLUMN credit_top_up_max_cents;
