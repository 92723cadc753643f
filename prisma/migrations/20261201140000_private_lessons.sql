-- migrate:up

-- Private and small-group lessons (docs/school.md#private-lessons): a coach publishes a slot on a D court
-- at their price; a member books it as a booking of that court (bookings.lesson_slot_id), paid and split
-- as any booking. The slot is taken while a live booking names it: nothing else is stored.
CREATE TABLE lesson_slots (
  id           serial PRIMARY KEY,
  coach_id     integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  court_id     integer NOT NULL REFERENCES courts(id) ON DELETE RESTRICT,
  starts_at    timestamptz(3) NOT NULL,
  ends_at      timestamptz(3) NOT NULL,
  -- The lesson's price for 1 to 4 people, split among the players like a court's.
  price_cents  integer NOT NULL CONSTRAINT lesson_slots_price_range CHECK (price_cents BETWEEN 100 AND 100000),
  withdrawn_at timestamptz(3),
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT lesson_slots_span CHECK (ends_at > starts_at),
  -- A coach teaches one lesson at a time; a court holds one published lesson at a time.
  CONSTRAINT lesson_slots_coach_no_overlap EXCLUDE USING gist (coach_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&) WHERE (withdrawn_at IS NULL),
  CONSTRAINT lesson_slots_court_no_overlap EXCLUDE USING gist (court_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&) WHERE (withdrawn_at IS NULL)
);
CREATE INDEX lesson_slots_starts_at_idx ON lesson_slots (starts_at);

ALTER TABLE bookings ADD COLUMN lesson_slot_id integer REFERENCES lesson_slots(id) ON DELETE RESTRICT;
CREATE INDEX bookings_lesson_slot_id_idx ON bookings (lesson_slot_id);

-- migrate:down

ALTER TABLE bookings DROP COLUMN lesson_slot_id;
DROP TABLE lesson_slots;
