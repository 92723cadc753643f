-- migrate:up

-- The courts' waiting list on the fair engine (docs/domain.md#waitlist): a freed slot is offered to the
-- first waiting alone, held for them as a booking awaiting payment, then passed to the next.
CREATE TYPE booking_waitlist_status AS ENUM ('waiting', 'offered', 'booked', 'lapsed', 'withdrawn');
-- Why an entry's turn ended without a booking.
CREATE TYPE booking_waitlist_lapse AS ENUM ('unpaid', 'cancelled', 'certificate', 'limit', 'last_call', 'closed');
ALTER TABLE booking_waitlist
  ADD COLUMN status        booking_waitlist_status NOT NULL DEFAULT 'waiting',
  ADD COLUMN lapsed_reason booking_waitlist_lapse,
  -- The booking that holds the slot for the offer (its hold_expires_at is the offer's deadline).
  ADD COLUMN booking_id    integer,
  ADD COLUMN offered_at    timestamptz(3),
  ADD COLUMN updated_at    timestamptz(3) NOT NULL DEFAULT now(),
  ADD CONSTRAINT booking_waitlist_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES bookings (id) ON DELETE SET NULL ON UPDATE CASCADE,
  ADD CONSTRAINT booking_waitlist_lapse_has_reason CHECK ((status = 'lapsed') = (lapsed_reason IS NOT NULL));
-- Entries the old e-mail to everyone already told had their turn.
UPDATE booking_waitlist SET status = 'lapsed', lapsed_reason = 'last_call' WHERE notified_at IS NOT NULL;
-- One live entry per member and slot; after its turn the member may join again (at the back).
DROP INDEX booking_waitlist_user_id_court_id_starts_at_key;
CREATE UNIQUE INDEX booking_waitlist_one_live ON booking_waitlist (user_id, court_id, starts_at) WHERE status IN ('waiting', 'offered');
CREATE UNIQUE INDEX booking_waitlist_booking_id_key ON booking_waitlist (booking_id);
CREATE INDEX booking_waitlist_user_id_idx ON booking_waitlist (user_id);

-- A court's slot is held for a shorter time than a course's place, and offered until closer to its start.
ALTER TABLE settings
  ADD COLUMN court_waitlist_offer_hours integer NOT NULL DEFAULT 2 CHECK (court_waitlist_offer_hours BETWEEN 1 AND 48),
  ADD COLUMN court_waitlist_cutoff_hours integer NOT NULL DEFAULT 3 CHECK (court_waitlist_cutoff_hours BETWEEN 0 AND 72);

-- migrate:down
ALTER TABLE settings DROP COLUMN court_waitlist_offer_hours, DROP COLUMN court_waitlist_cutoff_hours;
DROP INDEX booking_waitlist_user_id_idx;
DROP INDEX booking_waitlist_booking_id_key;
DROP INDEX booking_waitlist_one_live;
DELETE FROM booking_waitlist a USING booking_waitlist b WHERE a.user_id = b.user_id AND a.court_id = b.court_id AND a.starts_at = b.starts_at AND a.id < b.id;
CREATE UNIQUE INDEX booking_waitlist_user_id_court_id_starts_at_key ON booking_waitlist (user_id, court_id, starts_at);
ALTER TABLE booking_waitlist DROP CONSTRAINT booking_waitlist_lapse_has_reason, DROP CONSTRAINT booking_waitlist_booking_id_fkey,
  DROP COLUMN updated_at, DROP COLUMN offered_at, DROP COLUMN booking_id, DROP COLUMN lapsed_reason, DROP COLUMN status;
DROP TYPE booking_waitlist_lapse;
DROP TYPE booking_waitlist_status;
