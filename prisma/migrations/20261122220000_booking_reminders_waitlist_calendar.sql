-- migrate:up

-- The reminder before play is sent once (design §4).
ALTER TABLE bookings ADD COLUMN reminder_sent_at timestamptz(3);

-- A member's calendar feed is read by a secret token in its address; regenerating it revokes the old one.
ALTER TABLE users ADD COLUMN calendar_token varchar(64);
CREATE UNIQUE INDEX users_calendar_token_key ON users (calendar_token);

-- "Avvisami se si libera": members waiting for a taken slot, told in order of sign-up when it frees.
CREATE TABLE booking_waitlist (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL,
  court_id    integer NOT NULL,
  starts_at   timestamptz(3) NOT NULL,
  ends_at     timestamptz(3) NOT NULL,
  notified_at timestamptz(3),
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT booking_waitlist_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT booking_waitlist_court_id_fkey FOREIGN KEY (court_id) REFERENCES courts (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT booking_waitlist_time_range CHECK (ends_at > starts_at)
);
CREATE UNIQUE INDEX booking_waitlist_user_id_court_id_starts_at_key ON booking_waitlist (user_id, court_id, starts_at);
CREATE INDEX booking_waitlist_court_id_starts_at_idx ON booking_waitlist (court_id, starts_at);

-- migrate:down
DROP TABLE booking_waitlist;
DROP INDEX users_calendar_token_key;
ALTER TABLE users DROP COLUMN calendar_token;
ALTER TABLE bookings DROP COLUMN reminder_sent_at;
