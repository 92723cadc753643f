-- migrate:up
-- A walk-in without an account takes a place in an open match by name (docs/open-matches.md#the-desk).
ALTER TABLE booking_players ADD COLUMN guest_name varchar(120);
ALTER TABLE booking_players DROP CONSTRAINT booking_players_someone;
ALTER TABLE booking_players ADD CONSTRAINT booking_players_someone CHECK (user_id IS NOT NULL OR guest_email IS NOT NULL OR guest_name IS NOT NULL);

-- migrate:down
ALTER TABLE booking_players DROP CONSTRAINT booking_players_someone;
ALTER TABLE booking_players ADD CONSTRAINT booking_players_someone CHECK (user_id IS NOT NULL OR guest_email IS NOT NULL);
ALTER TABLE booking_players DROP COLUMN guest_name;
