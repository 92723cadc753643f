-- migrate:up

-- The rain check: staff cancel every live booking of a day's range on some courts for the weather, in
-- one action. The rain check and its closures are written together; a background job then works the
-- bookings one at a time, each in its own transaction with its row here, so a restarted job skips what
-- is done. A booking belongs to one rain check at most (UNIQUE booking_id): its money is returned once.
CREATE TYPE rain_check_return AS ENUM ('credit', 'card', 'cash');
CREATE TYPE rain_check_status AS ENUM ('queued', 'running', 'completed');
CREATE TYPE rain_check_booking_status AS ENUM ('pending', 'done', 'skipped', 'failed');
-- credit: to the member's credit; card: refunded through Stripe; desk: given back at the desk;
-- carnet: the use given back; none: nothing was paid.
CREATE TYPE rain_check_outcome AS ENUM ('credit', 'card', 'desk', 'carnet', 'none');

CREATE TABLE rain_checks (
  id            serial PRIMARY KEY,
  starts_at     timestamptz(3) NOT NULL,
  ends_at       timestamptz(3) NOT NULL,
  court_ids     integer[] NOT NULL,
  return_to     rain_check_return NOT NULL DEFAULT 'credit',
  reason        varchar(500) NOT NULL,
  status        rain_check_status NOT NULL DEFAULT 'queued',
  created_by_id integer,
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  finished_at   timestamptz(3),
  CONSTRAINT rain_checks_range CHECK (ends_at > starts_at),
  CONSTRAINT rain_checks_created_by_id_fkey FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE
);

CREATE TABLE rain_check_bookings (
  id            serial PRIMARY KEY,
  rain_check_id integer NOT NULL,
  booking_id    integer NOT NULL,
  status        rain_check_booking_status NOT NULL DEFAULT 'pending',
  outcome       rain_check_outcome,
  -- Money given back (to credit, card or at the desk), in cents.
  amount_cents  integer NOT NULL DEFAULT 0,
  error         varchar(500),
  processed_at  timestamptz(3),
  CONSTRAINT rain_check_bookings_rain_check_id_fkey FOREIGN KEY (rain_check_id) REFERENCES rain_checks (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT rain_check_bookings_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES bookings (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX rain_check_bookings_booking_id_key ON rain_check_bookings (booking_id);
CREATE INDEX rain_check_bookings_rain_check_id_status_idx ON rain_check_bookings (rain_check_id, status);

-- One summary e-mail per member and rain check, sent at the configured mail rate: claimed (sending)
-- before it goes out and marked after, so a stopped job never sends it twice. sent: handed to the mail
-- server; queued: the server refused it, the mail queue retries it; failed: interrupted while sending
-- (it may have gone out), not repeated.
CREATE TYPE rain_check_email_status AS ENUM ('pending', 'sending', 'sent', 'queued', 'failed');
CREATE TABLE rain_check_emails (
  rain_check_id integer NOT NULL,
  user_id       integer NOT NULL,
  status        rain_check_email_status NOT NULL DEFAULT 'pending',
  error         varchar(500),
  sent_at       timestamptz(3),
  CONSTRAINT rain_check_emails_pkey PRIMARY KEY (rain_check_id, user_id),
  CONSTRAINT rain_check_emails_rain_check_id_fkey FOREIGN KEY (rain_check_id) REFERENCES rain_checks (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT rain_check_emails_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE
);

-- migrate:down
DROP TABLE rain_check_emails;
DROP TYPE rain_check_email_status;
DROP TABLE rain_check_bookings;
DROP TABLE rain_checks;
DROP TYPE rain_check_outcome;
DROP TYPE rain_check_booking_status;
DROP TYPE rain_check_status;
DROP TYPE rain_check_return;
