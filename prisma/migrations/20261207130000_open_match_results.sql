-- migrate:up
-- A competitive open match's result (docs/levels.md#open-match-results): proposed by a player, confirmed by
-- one of the other side, then it moves the players' levels; one per match. A proposal not confirmed within
-- 48 hours is dropped by a job and the match moves no level.
CREATE TYPE open_match_result_state AS ENUM ('proposed', 'confirmed', 'dropped');

CREATE TABLE open_match_results (
  match_id integer PRIMARY KEY REFERENCES open_matches (id) ON DELETE CASCADE,
  proposed_by integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The proposer's side and the other: the members of each (users.id).
  side_a integer[] NOT NULL CHECK (cardinality(side_a) > 0),
  side_b integer[] NOT NULL CHECK (cardinality(side_b) > 0),
  winner smallint NOT NULL CHECK (winner IN (0, 1)),
  state open_match_result_state NOT NULL DEFAULT 'proposed',
  proposed_at timestamptz(3) NOT NULL DEFAULT now(),
  confirmed_by integer REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz(3)
);
CREATE INDEX open_match_results_waiting ON open_match_results (state, proposed_at);

GRANT SELECT, INSERT, UPDATE, DELETE ON open_match_results TO beach_app;

-- migrate:down
DROP TABLE open_match_results;
DROP TYPE open_match_result_state;
