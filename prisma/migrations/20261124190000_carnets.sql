-- migrate:up

-- Carnets (pacchetti): a pack of uses bought in advance. The admin defines the products; a member's
-- carnet counts its uses left, and the CHECK keeps them at zero or more: a use is taken by an atomic
-- decrement that needs one left, so concurrent bookings queue on the carnet's row and 10 uses pay
-- 10 bookings, never 11. The sale is a completed payment of its own kind, tied to no booking or
-- membership (its receipt follows); a booking paid with a use is not money received again.
ALTER TYPE transaction_kind ADD VALUE IF NOT EXISTS 'carnet';
ALTER TABLE transactions DROP CONSTRAINT transactions_target_matches_kind, ADD CONSTRAINT transactions_target_matches_kind CHECK (
  (kind = 'membership' AND booking_id IS NULL) OR (kind = 'booking' AND membership_id IS NULL)
  OR (kind::text IN ('credit', 'carnet') AND membership_id IS NULL AND booking_id IS NULL)
);

CREATE TABLE carnet_products (
  id           serial PRIMARY KEY,
  name         varchar(100) NOT NULL,
  uses         integer NOT NULL CHECK (uses > 0),
  -- The bookings it covers: day band, evening band, full day, or any.
  band         booking_coupon_band NOT NULL DEFAULT 'any',
  -- The courts it covers; empty means every bookable court.
  court_ids    integer[] NOT NULL DEFAULT '{}',
  price_cents  integer NOT NULL CHECK (price_cents >= 0),
  valid_from   date NOT NULL,
  valid_until  date NOT NULL,
  is_active    boolean NOT NULL DEFAULT true,
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  updated_at   timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT carnet_products_validity CHECK (valid_until >= valid_from)
);

CREATE TABLE carnets (
  id             serial PRIMARY KEY,
  user_id        integer NOT NULL,
  product_id     integer NOT NULL,
  uses_total     integer NOT NULL CHECK (uses_total > 0),
  uses_left      integer NOT NULL,
  -- The product's validity at the sale: the carnet keeps it if the product is edited later.
  valid_from     date NOT NULL,
  valid_until    date NOT NULL,
  -- The payment that bought it (one carnet per payment: a replayed webhook finds it there).
  transaction_id integer UNIQUE,
  created_by_id  integer,
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT carnets_uses_left_range CHECK (uses_left >= 0 AND uses_left <= uses_total),
  CONSTRAINT carnets_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT carnets_product_id_fkey FOREIGN KEY (product_id) REFERENCES carnet_products (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT carnets_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES transactions (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT carnets_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX carnets_user_id_idx ON carnets (user_id);

-- One use paid one booking; a cancelled booking gives it back (returned_at), once.
-- The product a carnet payment buys (online it is bought before the carnet exists; the webhook makes it).
ALTER TABLE transactions ADD COLUMN carnet_product_id integer,
  ADD CONSTRAINT transactions_carnet_product_id_fkey FOREIGN KEY (carnet_product_id) REFERENCES carnet_products (id) ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE carnet_uses (
  id          serial PRIMARY KEY,
  carnet_id   integer NOT NULL,
  booking_id  integer NOT NULL,
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  returned_at timestamptz(3),
  CONSTRAINT carnet_uses_carnet_id_fkey FOREIGN KEY (carnet_id) REFERENCES carnets (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT carnet_uses_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES bookings (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX carnet_uses_carnet_id_idx ON carnet_uses (carnet_id);
-- A booking is paid by at most one use at a time.
CREATE UNIQUE INDEX carnet_uses_live_booking_key ON carnet_uses (booking_id) WHERE returned_at IS NULL;

-- migrate:down
DROP TABLE carnet_uses;
DROP TABLE carnets;
ALTER TABLE transactions DROP COLUMN carnet_product_id;
DROP TABLE carnet_products;
ALTER TABLE transactions DROP CONSTRAINT transactions_target_matches_kind, ADD CONSTRAINT transactions_target_matches_kind CHECK (
  (kind = 'membership' AND booking_id IS NULL) OR (kind = 'booking' AND membership_id IS NULL)
  OR (kind::text = 'credit' AND membership_id IS NULL AND booking_id IS NULL)
);
