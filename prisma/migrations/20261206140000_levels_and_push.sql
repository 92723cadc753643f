-- migrate:up

-- A member's level per sport (docs/levels.md): the openskill rating (mu, sigma) it is shown from, and how many
-- competitive results moved it. Made by the questionnaire, by an admin, or by a first result.
CREATE TYPE level_source AS ENUM ('questionnaire', 'admin', 'result');

CREATE TABLE member_levels (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sport sport NOT NULL,
  mu double precision NOT NULL,
  sigma double precision NOT NULL CHECK (sigma > 0),
  competitive_matches integer NOT NULL DEFAULT 0 CHECK (competitive_matches >= 0),
  questionnaire_at timestamptz(3),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, sport)
);
CREATE INDEX member_levels_sport ON member_levels (sport, mu);

-- Every change of a level, with what caused it: a result's key, the questionnaire, an admin's correction.
CREATE TABLE member_level_changes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sport sport NOT NULL,
  source level_source NOT NULL,
  source_key varchar(120),
  mu_before double precision,
  sigma_before double precision,
  mu double precision NOT NULL,
  sigma double precision NOT NULL,
  changed_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (user_id, sport, source_key)
);
CREATE INDEX member_level_changes_member ON member_level_changes (user_id, sport, id DESC);

-- A competitive result counted once (its key names what caused it: a tournament match, an open match).
CREATE TABLE level_results (
  source_key varchar(120) PRIMARY KEY,
  sport sport NOT NULL,
  winner smallint NOT NULL CHECK (winner IN (0, 1)),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- Tournament results move levels only when the centre says so (docs/levels.md#tournaments).
ALTER TABLE settings ADD COLUMN tournament_results_feed_levels boolean NOT NULL DEFAULT false;

-- Web Push (docs/push.md): the centre's VAPID keys, made on first start and kept here (one row).
CREATE TABLE push_vapid_keys (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- A member's browser or phone that accepted notifications; removed when the push service says 404/410.
CREATE TABLE push_subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- What a member wants to hear about, per kind, by push and by e-mail (no row: push off, e-mail on).
CREATE TYPE notification_kind AS ENUM ('match_at_level', 'match_players', 'match_place_asked', 'match_full_or_cancelled', 'tournament_call', 'waitlist_offer', 'share_to_pay');
CREATE TABLE notification_preferences (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind notification_kind NOT NULL,
  push boolean NOT NULL,
  email boolean NOT NULL,
  PRIMARY KEY (user_id, kind)
);

GRANT SELECT, INSERT, UPDATE, DELETE ON member_levels, member_level_changes, level_results, push_vapid_keys, push_subscriptions, notification_preferences TO beach_app;
GRANT USAGE, SELECT ON member_level_changes_id_seq, push_subscriptions_id_seq TO beach_app;

-- migrate:down
DROP TABLE notification_preferences;
DROP TYPE notification_kind;
DROP TABLE push_subscriptions;
DROP TABLE push_vapid_keys;
ALTER TABLE settings DROP COLUMN tournament_results_feed_levels;
DROP TABLE level_results;
DROP TABLE member_level_changes;
DROP TABLE member_levels;
DROP TYPE level_source;
