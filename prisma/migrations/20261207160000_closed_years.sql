-- migrate:up
-- Closing the year (docs/annual-accounts.md#closing-the-year): once the assembly has approved a financial
-- year's accounts the admin closes it, and from then on no ledger entry may be dated inside it — the
-- database refuses it, whoever writes. A late correction is an entry in the open year that names what it
-- corrects. Reopening is an admin's, kept on the closure's row (and in the audit log): a closure is never
-- deleted.
CREATE TABLE closed_years (
  id serial PRIMARY KEY,
  -- The financial year's first and last day (Rome's calendar).
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  closed_by_id integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  closed_at timestamptz(3) NOT NULL DEFAULT now(),
  reopened_by_id integer REFERENCES users(id) ON DELETE RESTRICT,
  reopened_at timestamptz(3),
  reopen_reason varchar(300),
  CONSTRAINT closed_years_days CHECK (ends_on >= starts_on),
  CONSTRAINT closed_years_reopened_by_whom CHECK ((reopened_at IS NULL) = (reopened_by_id IS NULL) AND (reopened_at IS NULL) = (reopen_reason IS NULL))
);
-- A year is closed once at a time.
CREATE UNIQUE INDEX closed_years_one_closure ON closed_years (starts_on) WHERE reopened_at IS NULL;
REVOKE DELETE, TRUNCATE ON closed_years FROM beach_app;

-- Each new entry's effective day (in Rome) outside every closed year. A year may be closed only from the
-- second day after its end (year-close service), so an entry dated yesterday or later — nearly every entry —
-- is never in one and costs no lookup. A back-dated entry holds the closures' lock shared: a closing (which
-- takes it exclusively) waits for it to commit, and it waits for a closing, so none slips in between. A key
-- already written is left to ledger_post's replay rule (a replay writes nothing): a retried posting of a
-- closed year is no error.
CREATE FUNCTION ledger_entries_refuse_closed_year() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed closed_years%ROWTYPE;
  effective_day date := (NEW.effective_at AT TIME ZONE 'Europe/Rome')::date;
BEGIN
  IF effective_day >= (now() AT TIME ZONE 'Europe/Rome')::date - 1 THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('closed_years'));
  SELECT * INTO closed FROM closed_years c
  WHERE c.reopened_at IS NULL AND effective_day BETWEEN c.starts_on AND c.ends_on
  LIMIT 1;
  IF FOUND AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.key = NEW.key) THEN
    RAISE EXCEPTION 'ledger entry % is dated % inside the closed financial year % to % (ledger_entries_year_closed)',
      NEW.key, NEW.effective_at, closed.starts_on, closed.ends_on
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_year_closed';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER ledger_entries_year_closed BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_refuse_closed_year();

-- migrate:down
DROP TRIGGER ledger_entries_year_closed ON ledger_entries;
DROP FUNCTION ledger_entries_refuse_closed_year();
DROP TABLE closed_years;
