-- migrate:up
-- The desk's till count at closing (docs/annual-accounts.md#the-cash-book): the cash counted against the
-- ledger's cash till at that moment; the difference is a ledger entry whose key names the count
-- (`till-count:{id}`), against `adjustments`. A count is never changed: a recount is another row.
CREATE TABLE till_counts (
  id serial PRIMARY KEY,
  -- The Rome day the till was closed.
  day date NOT NULL,
  counted_cents integer NOT NULL CHECK (counted_cents >= 0),
  -- The till's balance in the ledger when counted; the difference posted is counted - ledger.
  ledger_cents integer NOT NULL,
  note varchar(300),
  counted_by_id integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  counted_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX till_counts_day_idx ON till_counts (day, id);
REVOKE UPDATE, DELETE, TRUNCATE ON till_counts FROM beach_app;

-- migrate:down
DROP TABLE till_counts;
