-- migrate:up

-- Where the daily reconciliation stopped reading Stripe (docs/domain.md#reconciliation): the newest balance
-- transaction that it and every one before it matched the ledger, and the last ledger entry moving Stripe
-- clearing that a balance transaction up to it accounts for. Each run lists only the newer ones on both
-- sides; the first that does not match stops the cursor, so it is read (and named) again until it matches.
-- One row.
CREATE TABLE reconciliation_stripe_cursor (
  id                     smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  balance_transaction_id varchar(255) NOT NULL,
  created                timestamptz(3) NOT NULL,
  ledger_entry_id        integer NOT NULL DEFAULT 0,
  updated_at             timestamptz(3) NOT NULL DEFAULT now()
);

-- migrate:down

DROP TABLE reconciliation_stripe_cursor;
