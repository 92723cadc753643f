-- migrate:up
-- Automatic matches (docs/open-matches.md#automatic-matches): the admin's rules of which courts, weekdays and
-- hours offer their empty slots as open matches. A slot needs no row until its first player joins: then it
-- becomes an ordinary match on that player's booking.
CREATE TABLE automatic_match_rules (
  id serial PRIMARY KEY,
  name varchar(100) NOT NULL,
  active boolean NOT NULL DEFAULT true,
  court_ids integer[] NOT NULL CHECK (cardinality(court_ids) > 0),
  -- ISO weekdays: 1 Monday … 7 Sunday.
  weekdays smallint[] NOT NULL CHECK (cardinality(weekdays) > 0 AND weekdays <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[]),
  -- Rome time "HH:MM": the slots that start at or after from_time and end by to_time.
  from_time char(5) NOT NULL,
  to_time char(5) NOT NULL CHECK (from_time < to_time),
  format open_match_format NOT NULL,
  competitive boolean NOT NULL,
  level_min_tenths smallint CHECK (level_min_tenths BETWEEN 0 AND 70),
  level_max_tenths smallint CHECK (level_max_tenths BETWEEN 0 AND 70),
  gender open_match_gender NOT NULL DEFAULT 'open',
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT automatic_match_rules_range CHECK (
    (competitive AND level_min_tenths IS NOT NULL AND level_max_tenths IS NOT NULL AND level_min_tenths <= level_max_tenths)
    OR (NOT competitive AND level_min_tenths IS NULL AND level_max_tenths IS NULL))
);
GRANT SELECT, INSERT, UPDATE, DELETE ON automatic_match_rules TO beach_app;
GRANT USAGE, SELECT ON automatic_match_rules_id_seq TO beach_app;

-- migrate:down
DROP TABLE automatic_match_rules;
