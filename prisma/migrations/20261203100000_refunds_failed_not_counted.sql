-- migrate:up

-- A card refund that failed after it had gone through (docs/domain.md#refund-payable) returned nothing: its
-- row stays, failed, and no longer counts towards what was given back of its payment, so the money it
-- brought back into the member's refund payable can still be handed over at the desk.
CREATE OR REPLACE FUNCTION transactions_refund_within_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid integer;
  refunded integer;
BEGIN
  SELECT amount_cents INTO paid FROM transactions WHERE id = NEW.refund_of_id AND type = 'payment' FOR UPDATE;
  IF paid IS NULL THEN
    RAISE EXCEPTION 'refund % does not refer to a payment', NEW.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT coalesce(sum(amount_cents), 0) INTO refunded FROM transactions
  WHERE refund_of_id = NEW.refund_of_id AND status <> 'failed' AND (NEW.method <> 'stripe' OR method = 'stripe');
  IF refunded > paid THEN
    RAISE EXCEPTION 'refunds of payment % (% cents) exceed its amount (% cents)', NEW.refund_of_id, refunded, paid
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_refund_within_payment';
  END IF;
  RETURN NULL;
END $$;

-- migrate:down

CREATE OR REPLACE FUNCTION transactions_refund_within_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid integer;
  refunded integer;
BEGIN
  SELECT amount_cents INTO paid FROM transactions WHERE id = NEW.refund_of_id AND type = 'payment' FOR UPDATE;
  IF paid IS NULL THEN
    RAISE EXCEPTION 'refund % does not refer to a payment', NEW.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT coalesce(sum(amount_cents), 0) INTO refunded FROM transactions
  WHERE refund_of_id = NEW.refund_of_id AND (NEW.method <> 'stripe' OR method = 'stripe');
  IF refunded > paid THEN
    RAISE EXCEPTION 'refunds of payment % (% cents) exceed its amount (% cents)', NEW.refund_of_id, refunded, paid
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_refund_within_payment';
  END IF;
  RETURN NULL;
END $$;
