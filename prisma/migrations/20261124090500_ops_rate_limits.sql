-- migrate:up

-- Hits per client of a rate limit, shared by every API process (a limit kept in one process's memory
-- would be multiplied by the number of processes). A client's window starts at its first hit; the
-- hit is counted (or a new window started) in one atomic upsert, and ended windows are deleted by
-- the next hit of any client.
CREATE TABLE rate_limit_hits (
  key      varchar(200) PRIMARY KEY,
  hits     integer NOT NULL CHECK (hits >= 0),
  reset_at timestamptz(3) NOT NULL
);
CREATE INDEX rate_limit_hits_reset_at_idx ON rate_limit_hits (reset_at);

-- migrate:down

DROP TABLE rate_limit_hits;
