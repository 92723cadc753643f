-- migrate:up

-- A receipt is dated by the payment or refund it records (its paid_at), not by the moment the commit that
-- completed it took its number: a payment recorded later (a payment linked by hand, a refund Stripe made
-- earlier, rows written in bulk) keeps its own day, and its year's series. Numbers still follow the order
-- of the commits. Receipts already issued stay as they are (docs/domain.md#receipts).
CREATE OR REPLACE FUNCTION issue_receipt(for_transaction integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  payment transactions%ROWTYPE;
  existing integer;
  refers integer;
  issued_on timestamptz;
  issue_year integer;
  issued integer;
BEGIN
  SELECT id INTO existing FROM receipts WHERE transaction_id = for_transaction;
  IF existing IS NOT NULL THEN RETURN existing; END IF;
  SELECT * INTO payment FROM transactions WHERE id = for_transaction;
  IF payment.type = 'refund' THEN refers := issue_receipt(payment.refund_of_id); END IF;
  -- The clock, not the transaction's start, for a payment without its time.
  issued_on := coalesce(payment.paid_at, clock_timestamp());
  issue_year := extract(year FROM issued_on AT TIME ZONE 'Europe/Rome')::integer;
  INSERT INTO receipt_counters AS c (year, last_number) VALUES (issue_year, 1)
  ON CONFLICT (year) DO UPDATE SET last_number = c.last_number + 1
  RETURNING last_number INTO issued;
  INSERT INTO receipts (transaction_id, kind, year, number, refers_to_id, issued_at)
  VALUES (for_transaction, CASE WHEN payment.type = 'refund' THEN 'refund' ELSE 'receipt' END::receipt_kind, issue_year, issued, refers, issued_on)
  RETURNING id INTO existing;
  RETURN existing;
END $$;

-- migrate:down

CREATE OR REPLACE FUNCTION issue_receipt(for_transaction integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  payment transactions%ROWTYPE;
  existing integer;
  refers integer;
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
