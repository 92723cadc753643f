-- migrate:up
-- What the transactions list reads (docs/domain.md#finance):
-- declined_at: when Stripe last declined a card in the payment's checkout (payment_intent.payment_failed). The
--   checkout stays open to try again, so the row stays 'pending'; it shows as failed, and ends 'failed' rather
--   than 'abandoned'. Rows from before are left as they were: a decline was not recorded then.
-- moved_at: when the money moved, or when the row was made if it never did; the list's order and its days.
ALTER TABLE transactions
  ADD COLUMN declined_at timestamptz(3),
  ADD COLUMN moved_at timestamptz(3) GENERATED ALWAYS AS (COALESCE(paid_at, created_at)) STORED;
CREATE INDEX transactions_moved_at_id_idx ON transactions (moved_at, id);

-- migrate:down
DROP INDEX transactions_moved_at_id_idx;
ALTER TABLE transactions DROP COLUMN moved_at, DROP COLUMN declined_at;
UPDATE transactions SET status = 'failed' WHERE status = 'abandoned';
