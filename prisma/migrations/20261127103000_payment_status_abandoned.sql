-- migrate:up transaction:false
-- A checkout that ended unpaid with no card declined in it (it expired, the member left it, or we closed it
-- for another way to pay): "Abbandonato", told apart from a declined payment's 'failed' (docs/domain.md#payments).
-- A new enum value cannot be used in the transaction that adds it, so it has a migration of its own.
ALTER TYPE payment_status ADD VALUE IF NOT EXISTS 'abandoned';

-- migrate:down
-- PostgreSQL cannot drop an enum value; the next migration's down step leaves it unused.
