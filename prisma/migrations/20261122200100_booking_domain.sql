-- migrate:up

-- Holds (design §2): a booking awaiting online payment occupies its slot until hold_expires_at.
ALTER TABLE bookings ADD COLUMN hold_expires_at timestamptz(3);
-- Expired holds free the slot, as cancelled bookings do.
ALTER TABLE bookings DROP CONSTRAINT bookings_no_overlap;
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (
  court_id WITH =,
  tstzrange(starts_at, ends_at, '[)') WITH &&
) WHERE (status NOT IN ('cancelled', 'expired'));

-- Court closures (design §7): a closed court cannot be booked in that time.
CREATE TABLE court_closures (
  id            serial PRIMARY KEY,
  court_id      integer NOT NULL,
  starts_at     timestamptz(3) NOT NULL,
  ends_at       timestamptz(3) NOT NULL,
  reason        varchar(255) NOT NULL,
  created_by_id integer,
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  updated_at    timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT court_closures_court_id_fkey FOREIGN KEY (court_id) REFERENCES courts (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT court_closures_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT court_closures_time_range CHECK (ends_at > starts_at)
);
CREATE INDEX court_closures_court_id_starts_at_idx ON court_closures (court_id, starts_at);

-- Court setups (design §7): which sport a court is set up for over a range of days.
CREATE TYPE sport AS ENUM ('beach_volley', 'beach_tennis', 'foot_volley');

CREATE TABLE setups (
  id            serial PRIMARY KEY,
  name          varchar(100) NOT NULL,
  sport         sport NOT NULL,
  net_height_cm integer NOT NULL CHECK (net_height_cm BETWEEN 50 AND 400),
  length_m      numeric(4, 1) NOT NULL CHECK (length_m > 0),
  width_m       numeric(4, 1) NOT NULL CHECK (width_m > 0),
  equipment     varchar(255),
  notes         varchar(1000),
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  updated_at    timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX setups_name_key ON setups (name);

CREATE TABLE court_setups (
  id         serial PRIMARY KEY,
  court_id   integer NOT NULL,
  setup_id   integer NOT NULL,
  valid_from date NOT NULL,
  valid_to   date NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT court_setups_court_id_fkey FOREIGN KEY (court_id) REFERENCES courts (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT court_setups_setup_id_fkey FOREIGN KEY (setup_id) REFERENCES setups (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT court_setups_validity CHECK (valid_to >= valid_from),
  -- One setup per court on any day.
  CONSTRAINT court_setups_no_overlap EXCLUDE USING gist (
    court_id WITH =,
    daterange(valid_from, valid_to, '[]') WITH &&
  )
);
CREATE INDEX court_setups_setup_id_idx ON court_setups (setup_id);

-- Booking coupons (design §7): redeemed on the member's payment page; uses counted under the row lock.
CREATE TYPE booking_coupon_band AS ENUM ('day', 'evening', 'full_day', 'any');

CREATE TABLE booking_coupons (
  id               serial PRIMARY KEY,
  code             varchar(50) NOT NULL CHECK (code = upper(code)),
  description      varchar(255),
  discount_type    discount_type NOT NULL,
  discount_value   numeric(10, 2) NOT NULL CHECK (discount_value >= 0),
  band             booking_coupon_band NOT NULL DEFAULT 'any',
  usage_limit      integer CHECK (usage_limit >= 0),
  usage_count      integer NOT NULL DEFAULT 0 CHECK (usage_count >= 0),
  per_member_limit integer CHECK (per_member_limit >= 0),
  start_date       date,
  end_date         date,
  is_active        boolean NOT NULL DEFAULT true,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  updated_at       timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT booking_coupons_percentage CHECK (discount_type <> 'percentage' OR discount_value <= 100),
  CONSTRAINT booking_coupons_dates CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date),
  CONSTRAINT booking_coupons_usage CHECK (usage_limit IS NULL OR usage_count <= usage_limit)
);
CREATE UNIQUE INDEX booking_coupons_code_key ON booking_coupons (code);

-- The discount a booking got, and from which coupon (a booking coupon, or a membership coupon
-- applicable to both).
ALTER TABLE bookings
  ADD COLUMN discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  ADD COLUMN booking_coupon_id integer,
  ADD COLUMN membership_coupon_id integer,
  ADD CONSTRAINT bookings_booking_coupon_id_fkey FOREIGN KEY (booking_coupon_id) REFERENCES booking_coupons (id) ON DELETE SET NULL ON UPDATE CASCADE,
  ADD CONSTRAINT bookings_membership_coupon_id_fkey FOREIGN KEY (membership_coupon_id) REFERENCES membership_coupons (id) ON DELETE SET NULL ON UPDATE CASCADE,
  ADD CONSTRAINT bookings_one_coupon CHECK (booking_coupon_id IS NULL OR membership_coupon_id IS NULL);
CREATE INDEX bookings_booking_coupon_id_user_id_idx ON bookings (booking_coupon_id, user_id);
CREATE INDEX bookings_membership_coupon_id_idx ON bookings (membership_coupon_id);

-- migrate:down
DROP INDEX bookings_membership_coupon_id_idx;
DROP INDEX bookings_booking_coupon_id_user_id_idx;
ALTER TABLE bookings
  DROP CONSTRAINT bookings_one_coupon,
  DROP COLUMN membership_coupon_id,
  DROP COLUMN booking_coupon_id,
  DROP COLUMN discount_cents;
DROP TABLE booking_coupons;
DROP TYPE booking_coupon_band;
DROP TABLE court_setups;
DROP TABLE setups;
DROP TYPE sport;
DROP TABLE court_closures;
ALTER TABLE bookings DROP CONSTRAINT bookings_no_overlap;
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (
  court_id WITH =,
  tstzrange(starts_at, ends_at, '[)') WITH &&
) WHERE (status <> 'cancelled');
ALTER TABLE bookings DROP COLUMN hold_expires_at;
