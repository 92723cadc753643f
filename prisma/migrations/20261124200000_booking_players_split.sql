-- migrate:up

-- Split payment: the organiser of a booking adds up to three other players (members, or guests by
-- e-mail until they register), each owing a share of the price in integer cents. A share is paid once:
-- by its player (card or credit) before the deadline, or charged to the organiser after it.
ALTER TYPE transaction_kind ADD VALUE IF NOT EXISTS 'booking_share';

-- Shares unpaid this many hours before play are charged to the organiser.
ALTER TABLE settings
  ADD COLUMN split_deadline_hours integer NOT NULL DEFAULT 2,
  ADD CONSTRAINT settings_split_deadline_hours_range CHECK (split_deadline_hours BETWEEN 0 AND 72);

CREATE TYPE booking_player_status AS ENUM ('invited', 'paid', 'dropped', 'charged_to_organiser');
CREATE TYPE booking_share_method AS ENUM ('card', 'credit');

CREATE TABLE booking_players (
  id                 serial PRIMARY KEY,
  booking_id         integer NOT NULL,
  -- A member, or a guest invited by e-mail (linked to their account once they register with it).
  user_id            integer,
  guest_email        varchar(255),
  share_cents        integer NOT NULL CHECK (share_cents >= 0),
  status             booking_player_status NOT NULL DEFAULT 'invited',
  -- How the share was settled (null while owed), and the payment or credit movement that settled it.
  paid_with          booking_share_method,
  transaction_id     integer,
  credit_movement_id integer,
  paid_at            timestamptz(3),
  charged_at         timestamptz(3),
  -- The invitation goes out once the organiser has confirmed the booking.
  invitation_sent_at timestamptz(3),
  created_at         timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT booking_players_someone CHECK (user_id IS NOT NULL OR guest_email IS NOT NULL),
  CONSTRAINT booking_players_paid_how CHECK ((paid_at IS NULL) = (paid_with IS NULL)),
  CONSTRAINT booking_players_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES bookings (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT booking_players_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT booking_players_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES transactions (id) ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT booking_players_credit_movement_id_fkey FOREIGN KEY (credit_movement_id) REFERENCES credit_movements (id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX booking_players_booking_id_idx ON booking_players (booking_id);
CREATE INDEX booking_players_user_id_idx ON booking_players (user_id);
-- Stored lower-case, so a registration with that address finds it.
CREATE INDEX booking_players_guest_email_idx ON booking_players (guest_email);

-- A share paid by card: the payment row names the share it pays (not the booking, whose own payment
-- is the organiser's).
ALTER TABLE transactions ADD COLUMN booking_player_id integer,
  ADD CONSTRAINT transactions_booking_player_id_fkey FOREIGN KEY (booking_player_id) REFERENCES booking_players (id) ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX transactions_booking_player_id_idx ON transactions (booking_player_id);
ALTER TABLE transactions DROP CONSTRAINT transactions_target_matches_kind, ADD CONSTRAINT transactions_target_matches_kind CHECK (
  (kind = 'membership' AND booking_id IS NULL) OR (kind = 'booking' AND membership_id IS NULL)
  OR (kind::text IN ('credit', 'carnet') AND membership_id IS NULL AND booking_id IS NULL)
  OR (kind::text = 'booking_share' AND membership_id IS NULL AND booking_id IS NULL)
);

-- migrate:down
ALTER TABLE transactions DROP CONSTRAINT transactions_target_matches_kind, ADD CONSTRAINT transactions_target_matches_kind CHECK (
  (kind = 'membership' AND booking_id IS NULL) OR (kind = 'booking' AND membership_id IS NULL)
  OR (kind::text IN ('credit', 'carnet') AND membership_id IS NULL AND booking_id IS NULL)
);
ALTER TABLE transactions DROP COLUMN booking_player_id;
DROP TABLE booking_players;
DROP TYPE booking_share_method;
DROP TYPE booking_player_status;
ALTER TABLE settings DROP CONSTRAINT settings_split_deadline_hours_range, DROP COLUMN split_deadline_hours;
