-- migrate:up

-- Entrances recorded at the desk after reading a member's card. The same card within a few minutes is
-- one entrance: the API checks for it under the card's row lock, so simultaneous scans count once.
-- The court row is where the member plays: their booking's court, or a row of free courts for a walk-in.
CREATE TABLE check_ins (
  id            serial PRIMARY KEY,
  membership_id integer,
  user_id       integer NOT NULL,
  staff_id      integer NOT NULL,
  booking_id    integer,
  court_row     char(1) NOT NULL CHECK (court_row IN ('A', 'B', 'C', 'D')),
  checked_in_at timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT check_ins_membership_id_fkey FOREIGN KEY (membership_id) REFERENCES memberships (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT check_ins_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT check_ins_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES users (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT check_ins_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES bookings (id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX check_ins_checked_in_at_idx ON check_ins (checked_in_at);
CREATE INDEX check_ins_membership_id_checked_in_at_idx ON check_ins (membership_id, checked_in_at);
CREATE INDEX check_ins_booking_id_idx ON check_ins (booking_id);

-- migrate:down
DROP TABLE check_ins;
