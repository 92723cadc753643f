-- migrate:up

-- A hold (a pending entry) names the payment row that set it aside: the minute job voids a lapsed one
-- under the lock of what that payment is for, the lock the payment's webhook takes too
-- (docs/domain.md#holds), so the two never cross.
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_hold_names_its_payment CHECK (phase <> 'pending' OR transaction_id IS NOT NULL);

-- migrate:down

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_hold_names_its_payment;
