-- migrate:up
-- Open matches (docs/open-matches.md): a member's booking offered to others, place by place. The
-- players who joined are the booking's players (booking_players), each paying their part; a member
-- outside a competitive match's level range asks first, and every player in answers.
CREATE TYPE open_match_format AS ENUM ('volley_2x2', 'volley_4x4', 'tennis_doubles', 'footvolley_2x2');
CREATE TYPE open_match_gender AS ENUM ('women', 'men', 'mixed', 'open');
-- filled: every place paid at the cut-off, so the match is played; kept: its organiser paid the missing parts.
CREATE TYPE open_match_state AS ENUM ('open', 'filled', 'kept', 'cancelled');
CREATE TYPE open_match_request_state AS ENUM ('asking', 'joined', 'withdrawn');

ALTER TABLE settings ADD COLUMN open_match_cutoff_hours integer NOT NULL DEFAULT 6 CHECK (open_match_cutoff_hours BETWEEN 1 AND 72);

CREATE TABLE open_matches (
  id serial PRIMARY KEY,
  booking_id integer NOT NULL UNIQUE REFERENCES bookings (id) ON DELETE CASCADE,
  organiser_id integer NOT NULL REFERENCES users (id),
  sport sport NOT NULL,
  format open_match_format NOT NULL,
  players_count smallint NOT NULL CHECK (players_count IN (4, 8)),
  competitive boolean NOT NULL,
  -- Tenths of a level on the 0–7 scale (3.5 is 35); only a competitive match has a range.
  level_min_tenths smallint CHECK (level_min_tenths BETWEEN 0 AND 70),
  level_max_tenths smallint CHECK (level_max_tenths BETWEEN 0 AND 70),
  gender open_match_gender NOT NULL DEFAULT 'open',
  note varchar(500),
  -- What each player pays: the court's price over the players (the organiser takes the remainder).
  part_cents integer NOT NULL CHECK (part_cents >= 0),
  cutoff_at timestamptz(3) NOT NULL,
  state open_match_state NOT NULL DEFAULT 'open',
  cancelled_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT open_matches_range CHECK (
    (competitive AND level_min_tenths IS NOT NULL AND level_max_tenths IS NOT NULL AND level_min_tenths <= level_max_tenths)
    OR (NOT competitive AND level_min_tenths IS NULL AND level_max_tenths IS NULL))
);
CREATE INDEX open_matches_state_cutoff ON open_matches (state, cutoff_at);

CREATE TABLE open_match_requests (
  id serial PRIMARY KEY,
  match_id integer NOT NULL REFERENCES open_matches (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state open_match_request_state NOT NULL DEFAULT 'asking',
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (match_id, user_id)
);

-- Each player's answer to a request: accepted or refused (a refusal the organiser withdraws is deleted).
CREATE TABLE open_match_answers (
  request_id integer NOT NULL REFERENCES open_match_requests (id) ON DELETE CASCADE,
  player_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  accepted boolean NOT NULL,
  answered_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, player_id)
);

-- migrate:down
DROP TABLE open_match_answers;
DROP TABLE open_match_requests;
DROP TABLE open_matches;
ALTER TABLE settings DROP COLUMN open_match_cutoff_hours;
DROP TYPE open_match_request_state;
DROP TYPE open_match_state;
DROP TYPE open_match_gender;
DROP TYPE open_match_format;
