-- migrate:up
-- A player leaving a match after its cut-off (docs/open-matches.md#filling-rules): their place is offered
-- to other members and they stay in until someone takes it and pays; then their part goes back, once.
CREATE TABLE open_match_offers (
  id serial PRIMARY KEY,
  match_id integer NOT NULL REFERENCES open_matches (id) ON DELETE CASCADE,
  -- The leaving player's row, and the row of the member taking the place (while they pay, and after).
  leaver_id integer NOT NULL UNIQUE REFERENCES booking_players (id) ON DELETE CASCADE,
  replacement_id integer UNIQUE REFERENCES booking_players (id) ON DELETE SET NULL,
  offered_at timestamptz(3) NOT NULL DEFAULT now(),
  -- Set when the replacement has paid and the leaver's part went back.
  settled_at timestamptz(3)
);
CREATE INDEX open_match_offers_match ON open_match_offers (match_id);
GRANT SELECT, INSERT, UPDATE, DELETE ON open_match_offers TO beach_app;
GRANT USAGE, SELECT ON open_match_offers_id_seq TO beach_app;

-- migrate:down
DROP TABLE open_match_offers;
