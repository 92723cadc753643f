-- migrate:up

-- Each backup made (the nightly job's or `pnpm db:backup`), whether it succeeded or not
-- (docs/domain.md#backups): the admin dashboard and the metrics read the last ones, so a backup that
-- fails or stops being made is seen.
CREATE TABLE backup_runs (
  id          serial PRIMARY KEY,
  started_at  timestamptz(3) NOT NULL,
  finished_at timestamptz(3) NOT NULL DEFAULT now(),
  ok          boolean NOT NULL,
  -- The backup's folder (where it was being written, for a failed run).
  location    varchar(1000) NOT NULL,
  -- Its size on disk, for a backup made.
  bytes       bigint,
  duration_ms integer NOT NULL,
  -- Why it failed.
  error       text,
  CONSTRAINT backup_runs_outcome CHECK ((ok AND bytes IS NOT NULL AND error IS NULL) OR (NOT ok AND bytes IS NULL AND error IS NOT NULL))
);
CREATE INDEX backup_runs_finished_at_idx ON backup_runs (finished_at);

-- migrate:down

DROP TABLE backup_runs;
