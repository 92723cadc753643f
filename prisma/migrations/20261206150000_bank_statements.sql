-- migrate:up
-- The bank (docs/annual-accounts.md#the-bank): statements imported from CAMT.053 or CSV, each line once per
-- account (its bank reference, else a hash of its fields and place in the statement), matched to the ledger
-- or assigned to a category by the treasurer. The association's IBAN is a setting, printed on every amount due.
ALTER TABLE settings ADD COLUMN bank_iban varchar(34), ADD COLUMN bank_holder varchar(70);

ALTER TYPE ledger_entry_kind ADD VALUE IF NOT EXISTS 'bank_opening';
ALTER TYPE ledger_entry_kind ADD VALUE IF NOT EXISTS 'payout';
ALTER TYPE ledger_entry_kind ADD VALUE IF NOT EXISTS 'bank_movement';

CREATE TABLE bank_statements (
  id serial PRIMARY KEY,
  iban varchar(34) NOT NULL,
  format varchar(10) NOT NULL CHECK (format IN ('camt053', 'csv')),
  bank_statement_id varchar(140),
  file_sha256 char(64) NOT NULL,
  from_date date,
  to_date date,
  opening_cents integer,
  closing_cents integer,
  lines_added integer NOT NULL DEFAULT 0,
  imported_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  imported_at timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (iban, file_sha256)
);

CREATE TABLE bank_lines (
  id serial PRIMARY KEY,
  statement_id integer NOT NULL REFERENCES bank_statements(id) ON DELETE RESTRICT,
  iban varchar(34) NOT NULL,
  line_key varchar(140) NOT NULL,
  booked_on date NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents <> 0),
  counterparty varchar(140) NOT NULL DEFAULT '',
  remittance varchar(500) NOT NULL DEFAULT '',
  creditor_reference varchar(35),
  state varchar(10) NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'proposed', 'matched', 'assigned')),
  match_kind varchar(20),
  match_target varchar(100),
  category varchar(30),
  note varchar(200),
  matched_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  matched_at timestamptz(3),
  UNIQUE (iban, line_key)
);
CREATE INDEX bank_lines_state ON bank_lines (state, booked_on);
-- A Stripe payout arrives once: one line matches it.
CREATE UNIQUE INDEX bank_lines_one_payout ON bank_lines (match_target) WHERE match_kind = 'payout';

-- The CSV columns of one bank's export, saved once per account.
CREATE TABLE bank_csv_mappings (
  iban varchar(34) PRIMARY KEY,
  mapping jsonb NOT NULL,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);

-- Same counterparty, same category: proposed on the next statement.
CREATE TABLE bank_counterparty_categories (
  counterparty varchar(140) PRIMARY KEY,
  category varchar(30) NOT NULL,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);

-- migrate:down
DROP TABLE bank_counterparty_categories;
DROP TABLE bank_csv_mappings;
DROP TABLE bank_lines;
DROP TABLE bank_statements;
ALTER TABLE settings DROP COLUMN bank_iban, DROP COLUMN bank_holder;
