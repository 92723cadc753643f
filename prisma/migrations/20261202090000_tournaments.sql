-- migrate:up

-- Tournaments (docs/tournaments.md): pairs (or, for King of the Beach, single players) register, each player
-- paying their part of the entry fee; the draw (pools, brackets) is the engine's state kept in `draw`;
-- its matches get a court and a time here; results feed the club ranking.
CREATE TYPE tournament_format AS ENUM ('pools_knockout', 'single_elimination', 'double_elimination', 'round_robin', 'king_of_the_beach');
CREATE TYPE tournament_category AS ENUM ('men', 'women', 'mixed', 'open', 'under');
CREATE TYPE tournament_match_format AS ENUM ('best_of_three_21', 'one_set_21', 'beach_tennis_set_6');
CREATE TYPE tournament_status AS ENUM ('draft', 'published', 'drawn', 'finished', 'cancelled');
CREATE TYPE tournament_entry_status AS ENUM ('pending', 'confirmed', 'waiting', 'withdrawn');

CREATE TABLE tournaments (
  id                      serial PRIMARY KEY,
  name                    varchar(120) NOT NULL,
  sport                   sport NOT NULL,
  category                tournament_category NOT NULL,
  -- For category 'under': the players' age limit (under 14, 16, 18).
  under_age               integer CONSTRAINT tournaments_under_age CHECK (under_age BETWEEN 8 AND 21),
  format                  tournament_format NOT NULL,
  match_format            tournament_match_format NOT NULL,
  -- A match's expected length (the scheduler's unit) and a one-set match's time cap, if any.
  match_minutes           integer NOT NULL CONSTRAINT tournaments_match_minutes CHECK (match_minutes BETWEEN 10 AND 180),
  time_cap_minutes        integer CONSTRAINT tournaments_time_cap CHECK (time_cap_minutes BETWEEN 10 AND 90),
  rest_minutes            integer NOT NULL DEFAULT 20 CONSTRAINT tournaments_rest CHECK (rest_minutes BETWEEN 0 AND 120),
  pool_size               integer NOT NULL DEFAULT 4 CONSTRAINT tournaments_pool_size CHECK (pool_size IN (3, 4)),
  -- Per player: a pair pays twice this, each player their own part.
  entry_fee_cents         integer NOT NULL CONSTRAINT tournaments_fee CHECK (entry_fee_cents BETWEEN 0 AND 100000),
  -- Pairs (players for King of the Beach); `entries_taken` counts the pending and confirmed ones under the
  -- CHECK, so simultaneous registrations for the last place give exactly one.
  max_entries             integer NOT NULL CONSTRAINT tournaments_max_entries CHECK (max_entries BETWEEN 2 AND 128),
  entries_taken           integer NOT NULL DEFAULT 0,
  registration_opens_at   timestamptz(3) NOT NULL,
  registration_closes_at  timestamptz(3) NOT NULL,
  starts_on               date NOT NULL,
  ends_on                 date NOT NULL,
  rules_text              text NOT NULL DEFAULT '',
  status                  tournament_status NOT NULL DEFAULT 'draft',
  -- The draw engine's state (pools, brackets, results): null until drawn.
  draw                    jsonb,
  -- Bumped by every change a live page shows (a result, a move, a call): pages poll it.
  live_version            integer NOT NULL DEFAULT 0,
  created_at              timestamptz(3) NOT NULL DEFAULT now(),
  updated_at              timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT tournaments_places CHECK (entries_taken BETWEEN 0 AND max_entries),
  CONSTRAINT tournaments_registration_window CHECK (registration_closes_at > registration_opens_at),
  CONSTRAINT tournaments_days CHECK (ends_on >= starts_on),
  CONSTRAINT tournaments_under_needs_age CHECK ((category = 'under') = (under_age IS NOT NULL))
);
CREATE INDEX tournaments_starts_on_idx ON tournaments (starts_on);

-- The courts a tournament may use, by day and hours; each holds its court through a closure, so bookings
-- and the planner see the court taken.
CREATE TABLE tournament_courts (
  id             serial PRIMARY KEY,
  tournament_id  integer NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  court_id       integer NOT NULL REFERENCES courts(id) ON DELETE RESTRICT,
  starts_at      timestamptz(3) NOT NULL,
  ends_at        timestamptz(3) NOT NULL,
  closure_id     integer REFERENCES court_closures(id) ON DELETE SET NULL,
  CONSTRAINT tournament_courts_span CHECK (ends_at > starts_at),
  -- Only the hours still held (a cancelled tournament's closures are gone, its hours stay on record unheld).
  CONSTRAINT tournament_courts_no_overlap EXCLUDE USING gist (court_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&) WHERE (closure_id IS NOT NULL)
);
CREATE INDEX tournament_courts_tournament_idx ON tournament_courts (tournament_id);

-- A pair (or a King of the Beach player); its players below.
CREATE TABLE tournament_entries (
  id              serial PRIMARY KEY,
  tournament_id   integer NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  status          tournament_entry_status NOT NULL DEFAULT 'pending',
  -- 1 the strongest; set from the ranking at the draw, changed by the organiser.
  seed            integer,
  ranking_points  integer NOT NULL DEFAULT 0,
  -- A waiting entry offered a freed place, held until then (the school's fair offer).
  offered_until   timestamptz(3),
  created_by_id   integer REFERENCES users(id) ON DELETE SET NULL,
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  withdrawn_at    timestamptz(3)
);
CREATE INDEX tournament_entries_tournament_idx ON tournament_entries (tournament_id, status);

-- A player of an entry: a member, or a guest invited by e-mail until they register.
CREATE TABLE tournament_players (
  id              serial PRIMARY KEY,
  entry_id        integer NOT NULL REFERENCES tournament_entries(id) ON DELETE CASCADE,
  tournament_id   integer NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  user_id         integer REFERENCES users(id) ON DELETE RESTRICT,
  invited_email   varchar(255),
  -- Their part of the entry fee, fixed at registration (what their receivable owes).
  fee_cents       integer NOT NULL CONSTRAINT tournament_players_fee CHECK (fee_cents >= 0),
  accepted_at     timestamptz(3),
  withdrawn_at    timestamptz(3),
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT tournament_players_who CHECK (user_id IS NOT NULL OR invited_email IS NOT NULL)
);
CREATE INDEX tournament_players_entry_idx ON tournament_players (entry_id);
-- A player is in a tournament once.
CREATE UNIQUE INDEX tournament_players_once ON tournament_players (tournament_id, user_id) WHERE withdrawn_at IS NULL AND user_id IS NOT NULL;
CREATE INDEX tournament_players_user_idx ON tournament_players (user_id);

-- A match of the draw (by the engine's stable key): its court and time, its call, a player's proposed score.
CREATE TABLE tournament_matches (
  id                    serial PRIMARY KEY,
  tournament_id         integer NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  key                   varchar(24) NOT NULL,
  court_id              integer REFERENCES courts(id) ON DELETE RESTRICT,
  starts_at             timestamptz(3),
  ends_at               timestamptz(3),
  -- Placed by the organiser: re-planning keeps it there.
  pinned                boolean NOT NULL DEFAULT false,
  called_at             timestamptz(3),
  -- A score entered by a player, waiting for the other pair's confirmation.
  proposed_sets         jsonb,
  proposed_by_entry_id  integer REFERENCES tournament_entries(id) ON DELETE SET NULL,
  played_at             timestamptz(3),
  CONSTRAINT tournament_matches_key UNIQUE (tournament_id, key),
  CONSTRAINT tournament_matches_span CHECK (ends_at IS NULL OR ends_at > starts_at)
);

-- The partner finder: "cerco compagno/a" with a level; answers by other members; an accepted answer forms a pair.
CREATE TABLE tournament_partner_posts (
  id              serial PRIMARY KEY,
  tournament_id   integer NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  user_id         integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  level           varchar(20) NOT NULL,
  note            varchar(300) NOT NULL DEFAULT '',
  closed_at       timestamptz(3),
  created_at      timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tournament_partner_posts_open_once ON tournament_partner_posts (tournament_id, user_id) WHERE closed_at IS NULL;
CREATE TABLE tournament_partner_answers (
  id          serial PRIMARY KEY,
  post_id     integer NOT NULL REFERENCES tournament_partner_posts(id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  message     varchar(300) NOT NULL DEFAULT '',
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT tournament_partner_answers_once UNIQUE (post_id, user_id)
);

-- A player's result in a finished tournament: the club ranking sums a player's best ones of the last 365 days.
CREATE TABLE ranking_results (
  id              serial PRIMARY KEY,
  tournament_id   integer NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  user_id         integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sport           sport NOT NULL,
  category        tournament_category NOT NULL,
  place           integer NOT NULL CONSTRAINT ranking_results_place CHECK (place >= 1),
  points          integer NOT NULL CONSTRAINT ranking_results_points CHECK (points >= 0),
  earned_on       date NOT NULL,
  CONSTRAINT ranking_results_once UNIQUE (tournament_id, user_id)
);
CREATE INDEX ranking_results_board_idx ON ranking_results (sport, category, earned_on);

-- migrate:down

DROP TABLE ranking_results;
DROP TABLE tournament_partner_answers;
DROP TABLE tournament_partner_posts;
DROP TABLE tournament_matches;
DROP TABLE tournament_players;
DROP TABLE tournament_entries;
DROP TABLE tournament_courts;
DROP TABLE tournaments;
DROP TYPE tournament_entry_status;
DROP TYPE tournament_status;
DROP TYPE tournament_match_format;
DROP TYPE tournament_category;
DROP TYPE tournament_format;
