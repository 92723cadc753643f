-- migrate:up

-- The association's own details and the accountant's choices: one row, edited by an admin, printed on
-- receipts and on the members' register.
CREATE TABLE association (
  id                     smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  name                   varchar(200) NOT NULL,
  address                varchar(300),
  -- An association's fiscal code is 11 digits (a person's, 16 characters); the VAT number 11 digits.
  fiscal_code            varchar(16) CHECK (fiscal_code ~ '^([0-9]{11}|[A-Z0-9]{16})$'),
  vat_number             varchar(11) CHECK (vat_number ~ '^[0-9]{11}$'),
  -- Registration number in the national register of amateur sports activities (RASD).
  rasd_number            varchar(50),
  email                  varchar(255),
  -- Who signs the receipts (the president or the treasurer).
  receipt_signatory      varchar(200),
  -- The €2 stamp duty on activity-fee receipts above €77.47 (membership fees are exempt): the
  -- accountant decides whether the association applies it.
  stamp_duty_on_receipts boolean NOT NULL DEFAULT true,
  updated_at             timestamptz(3) NOT NULL DEFAULT now()
);
INSERT INTO association (id, name) VALUES (1, 'ASD Adriatica Beach Arena');

-- Receipts (ricevute) and refund notes: one document per completed payment or refund, numbered in one
-- series per year with no gaps. The number is taken at commit time of the transaction that completes
-- the payment (a deferred trigger), from a counter row that the commit holds locked: a rolled-back
-- payment takes no number, concurrent payments queue on the counter for the instant of their commit.
CREATE TYPE receipt_kind AS ENUM ('receipt', 'refund');

CREATE TABLE receipt_counters (
  year        integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 2100),
  last_number integer NOT NULL CHECK (last_number >= 0)
);

CREATE TABLE receipts (
  id             serial PRIMARY KEY,
  -- Never two documents for one payment or refund.
  transaction_id integer NOT NULL,
  kind           receipt_kind NOT NULL,
  year           integer NOT NULL,
  number         integer NOT NULL CHECK (number > 0),
  -- A refund note refers to the receipt of the payment it returns.
  refers_to_id   integer,
  issued_at      timestamptz(3) NOT NULL DEFAULT now(),
  -- The PDF under STORAGE_DIR, written once: downloading it again gives the same bytes.
  pdf_path       varchar(255),
  CONSTRAINT receipts_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES transactions (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT receipts_refers_to_id_fkey FOREIGN KEY (refers_to_id) REFERENCES receipts (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT receipts_refund_refers_to_receipt CHECK ((kind = 'refund') = (refers_to_id IS NOT NULL))
);
CREATE UNIQUE INDEX receipts_transaction_id_key ON receipts (transaction_id);
CREATE UNIQUE INDEX receipts_year_number_key ON receipts (year, number);
CREATE INDEX receipts_refers_to_id_idx ON receipts (refers_to_id);

-- The document of a completed payment or refund, issued once (a refund's payment gets its receipt first).
CREATE FUNCTION issue_receipt(for_transaction integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  payment transactions%ROWTYPE;
  existing integer;
  refers integer;
  -- The clock, not the transaction's start: numbers follow the order of the commits that take them.
  issue_year integer := extract(year FROM clock_timestamp() AT TIME ZONE 'Europe/Rome')::integer;
  issued integer;
BEGIN
  SELECT id INTO existing FROM receipts WHERE transaction_id = for_transaction;
  IF existing IS NOT NULL THEN RETURN existing; END IF;
  SELECT * INTO payment FROM transactions WHERE id = for_transaction;
  IF payment.type = 'refund' THEN refers := issue_receipt(payment.refund_of_id); END IF;
  INSERT INTO receipt_counters AS c (year, last_number) VALUES (issue_year, 1)
  ON CONFLICT (year) DO UPDATE SET last_number = c.last_number + 1
  RETURNING last_number INTO issued;
  INSERT INTO receipts (transaction_id, kind, year, number, refers_to_id, issued_at)
  VALUES (for_transaction, CASE WHEN payment.type = 'refund' THEN 'refund' ELSE 'receipt' END::receipt_kind, issue_year, issued, refers, clock_timestamp())
  RETURNING id INTO existing;
  RETURN existing;
END $$;

CREATE FUNCTION transactions_issue_receipt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Deferred: the row may have changed since the event; the committed state decides.
  IF EXISTS (SELECT 1 FROM transactions WHERE id = NEW.id AND amount_cents > 0 AND status IN ('completed', 'refunded', 'partially_refunded')) THEN
    PERFORM issue_receipt(NEW.id);
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER transactions_issue_receipt AFTER INSERT OR UPDATE OF status ON transactions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status IN ('completed', 'refunded', 'partially_refunded') AND NEW.amount_cents > 0)
  EXECUTE FUNCTION transactions_issue_receipt();

-- Payments made before receipts existed get theirs, in the order they were paid.
INSERT INTO receipt_counters (year, last_number)
SELECT DISTINCT extract(year FROM paid_at AT TIME ZONE 'Europe/Rome')::integer, 0 FROM transactions
WHERE amount_cents > 0 AND status IN ('completed', 'refunded', 'partially_refunded') AND paid_at IS NOT NULL;
WITH numbered AS (
  SELECT id, type, extract(year FROM paid_at AT TIME ZONE 'Europe/Rome')::integer AS year,
         row_number() OVER (PARTITION BY extract(year FROM paid_at AT TIME ZONE 'Europe/Rome') ORDER BY paid_at, id)::integer AS number, paid_at
  FROM transactions
  WHERE amount_cents > 0 AND status IN ('completed', 'refunded', 'partially_refunded') AND paid_at IS NOT NULL
)
INSERT INTO receipts (transaction_id, kind, year, number, refers_to_id, issued_at)
SELECT id, 'receipt', year, number, NULL, paid_at FROM numbered WHERE type = 'payment';
-- (refunds of that time are numbered after the payments of their year)
WITH refunds AS (
  SELECT t.id, extract(year FROM t.paid_at AT TIME ZONE 'Europe/Rome')::integer AS year, r.id AS refers, t.paid_at,
         row_number() OVER (PARTITION BY extract(year FROM t.paid_at AT TIME ZONE 'Europe/Rome') ORDER BY t.paid_at, t.id)::integer AS position
  FROM transactions t JOIN receipts r ON r.transaction_id = t.refund_of_id
  WHERE t.type = 'refund' AND t.amount_cents > 0 AND t.status = 'completed' AND t.paid_at IS NOT NULL
)
INSERT INTO receipts (transaction_id, kind, year, number, refers_to_id, issued_at)
SELECT f.id, 'refund', f.year, coalesce((SELECT max(number) FROM receipts r WHERE r.year = f.year), 0) + f.position, f.refers, f.paid_at FROM refunds f;
INSERT INTO receipt_counters AS c (year, last_number)
SELECT year, max(number) FROM receipts GROUP BY year
ON CONFLICT (year) DO UPDATE SET last_number = EXCLUDED.last_number;

-- migrate:down
DROP TRIGGER transactions_issue_receipt ON transactions;
DROP FUNCTION transactions_issue_receipt();
DROP FUNCTION issue_receipt(integer);
DROP TABLE receipts;
DROP TABLE receipt_counters;
DROP TYPE receipt_kind;
DROP TABLE association;
