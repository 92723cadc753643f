-- migrate:up

-- The school's second part (docs/school.md): summer camps, instalments and the fair waiting list.
-- A camp week is a course whose `offer` is 'camp' (its sessions Monday to Friday hold its courts like a
-- course's): children are placed in its age bands, each with its own capacity, counted on the band's row
-- and capped by a CHECK as the course's places are. It may ask a deposit at enrolment and the balance by a
-- date, give a discount to a second child of the same family, add a fee to late enrolments, and be
-- cancelled with every payment returned when it has fewer than its minimum on its check day.
CREATE TYPE course_offer AS ENUM ('course', 'camp');
ALTER TABLE courses
  ADD COLUMN offer course_offer NOT NULL DEFAULT 'course',
  ADD COLUMN deposit_cents integer CHECK (deposit_cents > 0),
  ADD COLUMN balance_due_on date,
  ADD COLUMN sibling_discount_percent integer NOT NULL DEFAULT 0 CHECK (sibling_discount_percent BETWEEN 0 AND 50),
  ADD COLUMN late_fee_cents integer NOT NULL DEFAULT 0 CHECK (late_fee_cents >= 0),
  ADD COLUMN late_fee_from date,
  ADD COLUMN minimum_check_on date,
  -- Season courses paid in instalments: the due dates of the instalments after the first (due at enrolment).
  ADD COLUMN instalment_dates date[] NOT NULL DEFAULT '{}',
  ADD CONSTRAINT courses_deposit_within_price CHECK (deposit_cents IS NULL OR deposit_cents <= price_cents),
  ADD CONSTRAINT courses_deposit_has_balance_date CHECK ((deposit_cents IS NULL) = (balance_due_on IS NULL));

CREATE TABLE course_bands (
  id           serial PRIMARY KEY,
  course_id    integer NOT NULL,
  min_age      integer NOT NULL CHECK (min_age >= 0),
  max_age      integer NOT NULL,
  capacity     integer NOT NULL CHECK (capacity >= 1),
  places_taken integer NOT NULL DEFAULT 0,
  CONSTRAINT course_bands_ages CHECK (max_age >= min_age),
  CONSTRAINT course_bands_places_taken_range CHECK (places_taken >= 0 AND places_taken <= capacity),
  CONSTRAINT course_bands_course_id_fkey FOREIGN KEY (course_id) REFERENCES courses (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX course_bands_course_id_idx ON course_bands (course_id);

ALTER TABLE course_enrolments ADD COLUMN band_id integer,
  ADD CONSTRAINT course_enrolments_band_id_fkey FOREIGN KEY (band_id) REFERENCES course_bands (id) ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX course_enrolments_band_id_idx ON course_enrolments (band_id);

-- What an enrolment owes and by when. The amounts add up to the enrolment's price; whether one is paid is
-- read from the ledger (the receivable's settlements against the running total of the amounts), never
-- stored here. The reminders are marked once each, by a conditional update.
CREATE TABLE enrolment_instalments (
  id                 serial PRIMARY KEY,
  enrolment_id       integer NOT NULL,
  seq                integer NOT NULL CHECK (seq >= 1),
  amount_cents       integer NOT NULL CHECK (amount_cents > 0),
  due_on             date NOT NULL,
  reminded_before_at timestamptz(3),
  reminded_on_day_at timestamptz(3),
  created_at         timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT enrolment_instalments_enrolment_id_fkey FOREIGN KEY (enrolment_id) REFERENCES course_enrolments (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX enrolment_instalments_enrolment_id_seq_key ON enrolment_instalments (enrolment_id, seq);
CREATE INDEX enrolment_instalments_due_on_idx ON enrolment_instalments (due_on);

-- The fair waiting list of a full course or camp week: a freed place is offered to the first person waiting
-- alone, held for them until the offer expires, then passed to the next. An offer holds its place on the
-- course's (and band's) counter, so nobody else can take it meanwhile.
CREATE TYPE waitlist_status AS ENUM ('waiting', 'offered', 'enrolled', 'lapsed', 'withdrawn');
CREATE TABLE course_waitlist_entries (
  id               serial PRIMARY KEY,
  course_id        integer NOT NULL,
  user_id          integer NOT NULL,
  child_id         integer,
  band_id          integer,
  status           waitlist_status NOT NULL DEFAULT 'waiting',
  offered_at       timestamptz(3),
  offer_expires_at timestamptz(3),
  enrolment_id     integer,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  updated_at       timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT course_waitlist_offer_has_expiry CHECK ((status = 'offered') = (offer_expires_at IS NOT NULL)),
  CONSTRAINT course_waitlist_entries_course_id_fkey FOREIGN KEY (course_id) REFERENCES courses (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT course_waitlist_entries_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT course_waitlist_entries_child_id_fkey FOREIGN KEY (child_id) REFERENCES children (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT course_waitlist_entries_band_id_fkey FOREIGN KEY (band_id) REFERENCES course_bands (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT course_waitlist_entries_enrolment_id_fkey FOREIGN KEY (enrolment_id) REFERENCES course_enrolments (id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX course_waitlist_entries_course_id_status_idx ON course_waitlist_entries (course_id, status, created_at);
CREATE INDEX course_waitlist_entries_user_id_idx ON course_waitlist_entries (user_id);
CREATE UNIQUE INDEX course_waitlist_entries_one_live ON course_waitlist_entries (course_id, user_id, COALESCE(child_id, 0))
  WHERE status IN ('waiting', 'offered');

-- How long an offer is held, how close to the start no offer is made, and the grace days before an unpaid
-- instalment is shown at the desk and at check-in.
ALTER TABLE settings
  ADD COLUMN waitlist_offer_hours integer NOT NULL DEFAULT 12 CHECK (waitlist_offer_hours BETWEEN 1 AND 168),
  ADD COLUMN waitlist_cutoff_hours integer NOT NULL DEFAULT 24 CHECK (waitlist_cutoff_hours BETWEEN 0 AND 336),
  ADD COLUMN instalment_grace_days integer NOT NULL DEFAULT 3 CHECK (instalment_grace_days BETWEEN 0 AND 60);

-- migrate:down

ALTER TABLE settings DROP COLUMN waitlist_offer_hours, DROP COLUMN waitlist_cutoff_hours, DROP COLUMN instalment_grace_days;
DROP TABLE course_waitlist_entries;
DROP TYPE waitlist_status;
DROP TABLE enrolment_instalments;
ALTER TABLE course_enrolments DROP COLUMN band_id;
DROP TABLE course_bands;
ALTER TABLE courses DROP CONSTRAINT courses_deposit_within_price, DROP CONSTRAINT courses_deposit_has_balance_date,
  DROP COLUMN offer, DROP COLUMN deposit_cents, DROP COLUMN balance_due_on, DROP COLUMN sibling_discount_percent,
  DROP COLUMN late_fee_cents, DROP COLUMN late_fee_from, DROP COLUMN minimum_check_on, DROP COLUMN instalment_dates;
DROP TYPE course_offer;
