-- migrate:up

-- A carnet's uses left follow its ledger entries (docs/domain.md#carnets): each posted `carnet_use` takes
-- one, each `carnet_use_return` gives one back, and a Stripe refund of the carnet leaves only the uses its
-- remaining value still pays in full. The column is kept by the postings' trigger alone: any other write
-- of it is refused, so the count shown can never disagree with the books.
CREATE FUNCTION carnets_uses_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE carnets c SET uses_left = c.uses_left + m.moved
  FROM (
    SELECT e.carnet_id, sum(CASE e.kind WHEN 'carnet_use' THEN -1 ELSE 1 END)::int AS moved
    FROM ledger_entries e WHERE e.id IN (SELECT DISTINCT entry_id FROM new_postings)
      AND e.kind IN ('carnet_use', 'carnet_use_return') AND e.phase = 'posted' AND e.carnet_id IS NOT NULL
    GROUP BY e.carnet_id
  ) m
  WHERE c.id = m.carnet_id;

  -- The price over the uses is what one use is worth (the last takes the remainder).
  UPDATE carnets c SET uses_left = least(c.uses_left, CASE WHEN v.per_use = 0 THEN 0 ELSE v.held / v.per_use END)
  FROM (
    SELECT c2.id, a.credits_posted - a.debits_posted - a.debits_pending AS held,
           (SELECT coalesce(-sum(p.amount_cents), 0) FROM ledger_postings p JOIN ledger_entries s ON s.id = p.entry_id
            WHERE p.account_id = a.id AND s.kind = 'carnet_sale')::int / c2.uses_total AS per_use
    FROM carnets c2 JOIN ledger_accounts a ON a.key = 'carnet:' || c2.id
    WHERE c2.id IN (SELECT e.carnet_id FROM ledger_entries e
                    WHERE e.id IN (SELECT DISTINCT entry_id FROM new_postings) AND e.kind = 'stripe_refund' AND e.carnet_id IS NOT NULL)
  ) v
  WHERE c.id = v.id;
  RETURN NULL;
END $$;
-- Named to run after ledger_postings_apply (same event: by name), which has moved the balances it reads.
CREATE TRIGGER ledger_postings_carnet_uses AFTER INSERT ON ledger_postings REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION carnets_uses_from_ledger();

-- A carnet starts with all its uses; afterwards only the trigger above (one level down) moves them.
CREATE FUNCTION carnets_uses_kept_by_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.uses_left <> NEW.uses_total
     OR TG_OP = 'UPDATE' AND pg_trigger_depth() < 2 AND (NEW.uses_left, NEW.uses_total) IS DISTINCT FROM (OLD.uses_left, OLD.uses_total) THEN
    RAISE EXCEPTION 'carnet %: uses_left is kept by its ledger entries (carnet_use, carnet_use_return), not written', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'carnets_uses_from_ledger';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER carnets_uses_kept_by_ledger BEFORE INSERT OR UPDATE OF uses_left, uses_total ON carnets
  FOR EACH ROW EXECUTE FUNCTION carnets_uses_kept_by_ledger();

-- migrate:down

DROP TRIGGER carnets_uses_kept_by_ledger ON carnets;
DROP FUNCTION carnets_uses_kept_by_ledger();
DROP TRIGGER ledger_postings_carnet_uses ON ledger_postings;
DROP FUNCTION carnets_uses_from_ledger();
