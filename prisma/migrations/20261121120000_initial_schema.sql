-- migrate:up
-- Data model v1. prisma/schema.prisma describes the same tables for the typed client; the drift
-- test (apps/api/src/db/schema-drift.test.ts) compares the two. Names follow Prisma's conventions.

CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TYPE user_role AS ENUM ('user', 'staff', 'admin');
CREATE TYPE token_purpose AS ENUM ('email_verification', 'password_reset');
CREATE TYPE membership_type AS ENUM ('seasonal', 'under_23', 'under_18', 'monthly', 'weekly', 'daily');
CREATE TYPE membership_status AS ENUM ('pending', 'active', 'expired');
CREATE TYPE gender AS ENUM ('M', 'F');
CREATE TYPE discount_type AS ENUM ('percentage', 'fixed');
CREATE TYPE coupon_applicability AS ENUM ('membership', 'both');
CREATE TYPE court_purpose AS ENUM ('central', 'members', 'bookable', 'school', 'free_use');
CREATE TYPE price_code AS ENUM (
  'membership_seasonal', 'membership_seasonal_bvu', 'membership_under_23', 'membership_under_18',
  'membership_monthly', 'membership_weekly', 'membership_daily', 'insurance_addon',
  'court_full_day', 'court_full_day_equipment', 'court_day_slot', 'court_evening_slot'
);
CREATE TYPE booking_status AS ENUM ('pending_payment', 'confirmed', 'cancelled');
CREATE TYPE payment_method AS ENUM ('stripe', 'cash', 'card', 'bank_transfer');
CREATE TYPE payment_status AS ENUM ('completed', 'pending', 'failed');
CREATE TYPE transaction_kind AS ENUM ('membership', 'booking');

-- Accounts ---------------------------------------------------------------------------------------

CREATE TABLE users (
  id                  serial PRIMARY KEY,
  first_name          varchar(100) NOT NULL CHECK (btrim(first_name) <> ''),
  last_name           varchar(100) NOT NULL CHECK (btrim(last_name) <> ''),
  email               varchar(255) NOT NULL CHECK (email = lower(email) AND email LIKE '%_@_%'),
  phone               varchar(30),
  birth_date          date,
  password_hash       varchar(100) NOT NULL,
  role                user_role NOT NULL DEFAULT 'user',
  email_verified_at   timestamptz(3),
  privacy_accepted_at timestamptz(3),
  created_at          timestamptz(3) NOT NULL DEFAULT now(),
  updated_at          timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE auth_sessions (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id            integer NOT NULL,
  remember           boolean NOT NULL DEFAULT false,
  current_token_id   uuid NOT NULL,
  expires_at         timestamptz(3) NOT NULL,
  revoked_at         timestamptz(3),
  user_agent         varchar(500),
  ip_address         varchar(64),
  created_at         timestamptz(3) NOT NULL DEFAULT now(),
  last_used_at       timestamptz(3),
  CONSTRAINT auth_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX auth_sessions_user_id_idx ON auth_sessions (user_id);

CREATE TABLE user_tokens (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL,
  purpose    token_purpose NOT NULL,
  token_hash char(64) NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  used_at    timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT user_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX user_tokens_token_hash_key ON user_tokens (token_hash);
CREATE INDEX user_tokens_user_id_purpose_idx ON user_tokens (user_id, purpose);

CREATE TABLE login_failures (
  id         bigserial PRIMARY KEY,
  email      varchar(255) NOT NULL,
  ip_address varchar(64) NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_email_created_at_idx ON login_failures (email, created_at);
CREATE INDEX login_failures_ip_address_created_at_idx ON login_failures (ip_address, created_at);

-- Memberships, BVU members, membership coupons ----------------------------------------------------

CREATE TABLE bvu_members (
  id          serial PRIMARY KEY,
  card_code   varchar(50) NOT NULL CHECK (btrim(card_code) <> ''),
  season      varchar(9) NOT NULL,
  last_name   varchar(100) NOT NULL,
  first_name  varchar(100) NOT NULL,
  fiscal_code varchar(16) NOT NULL CHECK (fiscal_code = upper(fiscal_code) AND btrim(fiscal_code) <> ''),
  gender      gender,
  birth_date  date,
  email       varchar(255),
  issue_date  date,
  expiry_date date,
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  updated_at  timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT bvu_members_validity CHECK (expiry_date IS NULL OR issue_date IS NULL OR expiry_date >= issue_date)
);
CREATE UNIQUE INDEX bvu_members_fiscal_code_season_key ON bvu_members (fiscal_code, season);
CREATE UNIQUE INDEX bvu_members_card_code_season_key ON bvu_members (card_code, season);
CREATE INDEX bvu_members_last_name_first_name_idx ON bvu_members (last_name, first_name);

CREATE TABLE membership_coupons (
  id             serial PRIMARY KEY,
  code           varchar(50) NOT NULL CHECK (code = upper(code) AND btrim(code) <> ''),
  description    varchar(255),
  discount_type  discount_type NOT NULL,
  discount_value numeric(10, 2) NOT NULL CHECK (discount_value >= 0),
  applicable_to  coupon_applicability NOT NULL DEFAULT 'membership',
  usage_limit    integer CHECK (usage_limit >= 0),
  usage_count    integer NOT NULL DEFAULT 0 CHECK (usage_count >= 0),
  start_date     date,
  end_date       date,
  is_active      boolean NOT NULL DEFAULT true,
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  updated_at     timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT membership_coupons_percentage_range CHECK (discount_type <> 'percentage' OR discount_value <= 100),
  CONSTRAINT membership_coupons_validity CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date)
);
CREATE UNIQUE INDEX membership_coupons_code_key ON membership_coupons (code);

CREATE TABLE memberships (
  id                   serial PRIMARY KEY,
  membership_number    varchar(20) NOT NULL,
  user_id              integer NOT NULL,
  type                 membership_type NOT NULL,
  status               membership_status NOT NULL DEFAULT 'pending',
  is_bvu_member        boolean NOT NULL DEFAULT false,
  bvu_member_id        integer,
  bvu_card_code        varchar(50),
  fiscal_code          varchar(16),
  start_date           date NOT NULL,
  end_date             date NOT NULL,
  has_insurance        boolean,
  original_price_cents integer NOT NULL CHECK (original_price_cents >= 0),
  discount_cents       integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  price_cents          integer NOT NULL,
  coupon_id            integer,
  coupon_code          varchar(50),
  pdf_path             varchar(255),
  qr_code              text,
  activated_at         timestamptz(3),
  created_at           timestamptz(3) NOT NULL DEFAULT now(),
  updated_at           timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT memberships_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT memberships_bvu_member_id_fkey FOREIGN KEY (bvu_member_id) REFERENCES bvu_members (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT memberships_coupon_id_fkey FOREIGN KEY (coupon_id) REFERENCES membership_coupons (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT memberships_validity CHECK (end_date >= start_date),
  CONSTRAINT memberships_price_is_original_minus_discount CHECK (price_cents = original_price_cents - discount_cents AND price_cents >= 0),
  CONSTRAINT memberships_active_was_activated CHECK (status <> 'active' OR activated_at IS NOT NULL)
);
CREATE UNIQUE INDEX memberships_membership_number_key ON memberships (membership_number);
CREATE INDEX memberships_user_id_idx ON memberships (user_id);
CREATE INDEX memberships_status_type_idx ON memberships (status, type);
CREATE INDEX memberships_created_at_idx ON memberships (created_at);

-- Courts, prices, bookings -------------------------------------------------------------------------

CREATE TABLE courts (
  id          serial PRIMARY KEY,
  code        varchar(10) NOT NULL,
  name        varchar(100) NOT NULL,
  "row"       char(1) CHECK ("row" IN ('A', 'B', 'C', 'D')),
  position    integer NOT NULL CHECK (position > 0),
  purpose     court_purpose NOT NULL,
  has_lights  boolean NOT NULL DEFAULT false,
  is_bookable boolean NOT NULL DEFAULT false,
  description varchar(255),
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  updated_at  timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT courts_free_use_outside_rows CHECK ((purpose = 'free_use') = ("row" IS NULL))
);
CREATE UNIQUE INDEX courts_code_key ON courts (code);

CREATE TABLE price_list_entries (
  id           serial PRIMARY KEY,
  year         integer NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  code         price_code NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  note         varchar(255),
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  updated_at   timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX price_list_entries_year_code_key ON price_list_entries (year, code);

CREATE TABLE recurring_bookings (
  id            serial PRIMARY KEY,
  court_id      integer NOT NULL,
  user_id       integer,
  customer_name varchar(200),
  weekday       smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  start_time    time(0) NOT NULL,
  end_time      time(0) NOT NULL,
  valid_from    date NOT NULL,
  valid_to      date NOT NULL,
  price_cents   integer NOT NULL CHECK (price_cents >= 0),
  notes         varchar(1000),
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  updated_at    timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT recurring_bookings_court_id_fkey FOREIGN KEY (court_id) REFERENCES courts (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT recurring_bookings_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT recurring_bookings_validity CHECK (valid_to >= valid_from)
);

CREATE TABLE bookings (
  id                   serial PRIMARY KEY,
  court_id             integer NOT NULL,
  user_id              integer,
  starts_at            timestamptz(3) NOT NULL,
  ends_at              timestamptz(3) NOT NULL,
  status               booking_status NOT NULL DEFAULT 'pending_payment',
  price_cents          integer NOT NULL CHECK (price_cents >= 0),
  customer_name        varchar(200),
  notes                varchar(1000),
  recurring_booking_id integer,
  created_by_id        integer,
  cancelled_at         timestamptz(3),
  cancellation_reason  varchar(500),
  created_at           timestamptz(3) NOT NULL DEFAULT now(),
  updated_at           timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT bookings_court_id_fkey FOREIGN KEY (court_id) REFERENCES courts (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT bookings_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT bookings_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT bookings_recurring_booking_id_fkey FOREIGN KEY (recurring_booking_id) REFERENCES recurring_bookings (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT bookings_time_range CHECK (ends_at > starts_at),
  CONSTRAINT bookings_cancelled_consistent CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  -- Two bookings of one court that are still live never share a moment ('[)': back-to-back is fine).
  CONSTRAINT bookings_no_overlap EXCLUDE USING gist (
    court_id WITH =,
    tstzrange(starts_at, ends_at, '[)') WITH &&
  ) WHERE (status <> 'cancelled')
);
CREATE INDEX bookings_court_id_starts_at_idx ON bookings (court_id, starts_at);
CREATE INDEX bookings_user_id_idx ON bookings (user_id);
CREATE INDEX bookings_starts_at_idx ON bookings (starts_at);

-- Money --------------------------------------------------------------------------------------------

CREATE TABLE transactions (
  id                       serial PRIMARY KEY,
  kind                     transaction_kind NOT NULL,
  user_id                  integer,
  membership_id            integer,
  booking_id               integer,
  amount_cents             integer NOT NULL CHECK (amount_cents >= 0),
  method                   payment_method NOT NULL,
  status                   payment_status NOT NULL DEFAULT 'pending',
  stripe_payment_intent_id varchar(255),
  description              varchar(255),
  paid_at                  timestamptz(3),
  created_at               timestamptz(3) NOT NULL DEFAULT now(),
  updated_at               timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT transactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT transactions_membership_id_fkey FOREIGN KEY (membership_id) REFERENCES memberships (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT transactions_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES bookings (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT transactions_target_matches_kind CHECK (
    (kind = 'membership' AND booking_id IS NULL) OR (kind = 'booking' AND membership_id IS NULL)
  ),
  CONSTRAINT transactions_completed_has_paid_at CHECK (status <> 'completed' OR paid_at IS NOT NULL)
);
CREATE UNIQUE INDEX transactions_stripe_payment_intent_id_key ON transactions (stripe_payment_intent_id);
CREATE INDEX transactions_membership_id_idx ON transactions (membership_id);
CREATE INDEX transactions_booking_id_idx ON transactions (booking_id);
CREATE INDEX transactions_status_paid_at_idx ON transactions (status, paid_at);

CREATE TABLE expenses (
  id             serial PRIMARY KEY,
  date           date NOT NULL,
  category       varchar(100) NOT NULL,
  description    varchar(500) NOT NULL,
  amount_cents   integer NOT NULL CHECK (amount_cents > 0),
  payment_method payment_method,
  supplier       varchar(200),
  created_by_id  integer,
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  updated_at     timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT expenses_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX expenses_date_idx ON expenses (date);

CREATE TABLE incomes (
  id             serial PRIMARY KEY,
  date           date NOT NULL,
  category       varchar(100) NOT NULL,
  description    varchar(500) NOT NULL,
  amount_cents   integer NOT NULL CHECK (amount_cents > 0),
  payment_method payment_method,
  created_by_id  integer,
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  updated_at     timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT incomes_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX incomes_date_idx ON incomes (date);

-- migrate:down
DROP TABLE incomes, expenses, transactions, bookings, recurring_bookings, price_list_entries, courts,
  memberships, membership_coupons, bvu_members, login_failures, user_tokens, auth_sessions, users;
DROP TYPE transaction_kind, payment_status, payment_method, booking_status, price_code, court_purpose,
  coupon_applicability, discount_type, gender, membership_status, membership_type, token_purpose, user_role;
