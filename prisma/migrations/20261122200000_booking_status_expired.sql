-- migrate:up transaction:false
-- A hold that lapsed unpaid (design §2). A new enum value cannot be used in the transaction that adds
-- it, so it has a migration of its own, outside a transaction.
ALTER TYPE booking_status ADD VALUE IF NOT EXISTS 'expired';

-- migrate:down
-- PostgreSQL cannot drop an enum value; the next migration's down step leaves it unused.
