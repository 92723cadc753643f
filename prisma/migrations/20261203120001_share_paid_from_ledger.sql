-- migrate:up

-- A share is paid when its receivable says so (docs/domain.md#split-payment): `booking_players.paid_at`
-- and `paid_with` are kept by a trigger on the ledger's postings, in the statement that posts them — set
-- when a payment (by card, or at the desk), a credit payment or a carnet use leaves the share's receivable
-- owing nothing, cleared when it owes again (a payment taken back or refunded) — and the database refuses
-- any other write of them, so who still owes can never disagree with the books. A share whose owed amount
-- moves to others (a player leaving) owes nothing without being paid: it stays unpaid.
CREATE FUNCTION booking_players_paid_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_players bp SET
    paid_at = CASE WHEN s.owed > 0 THEN NULL ELSE now() END,
    paid_with = CASE WHEN s.owed > 0 THEN NULL ELSE s.paid_with END
  FROM (
    SELECT a.booking_player_id, a.debits_posted - a.credits_posted AS owed,
           (array_agg(CASE e.kind WHEN 'credit_payment' THEN 'credit' WHEN 'carnet_use' THEN 'carnet'
                        ELSE CASE WHEN EXISTS (SELECT 1 FROM ledger_postings m JOIN ledger_accounts ma ON ma.id = m.account_id
                                               WHERE m.entry_id = e.id AND ma.kind = 'stripe_clearing') THEN 'card' ELSE 'desk' END
                      END ORDER BY n.entry_id DESC) FILTER (WHERE e.kind IN ('payment', 'credit_payment', 'carnet_use')))[1]::booking_share_method AS paid_with
    FROM new_postings n JOIN ledger_accounts a ON a.id = n.account_id JOIN ledger_entries e ON e.id = n.entry_id
    WHERE a.kind = 'share_receivable' AND a.booking_player_id IS NOT NULL AND n.phase IN ('posted', 'post_pending')
    GROUP BY a.id
  ) s
  WHERE bp.id = s.booking_player_id
    AND ((s.owed > 0 AND bp.paid_at IS NOT NULL) OR (s.owed = 0 AND s.paid_with IS NOT NULL AND bp.paid_at IS NULL));
  RETURN NULL;
END $$;
-- Named to run after ledger_postings_apply (same event: by name), which has moved the balances it reads.
CREATE TRIGGER ledger_postings_share_paid AFTER INSERT ON ledger_postings REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION booking_players_paid_from_ledger();

-- A share starts unpaid; afterwards only the trigger above (one level down) marks it paid or unpaid.
CREATE FUNCTION booking_players_paid_kept_by_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND (NEW.paid_at, NEW.paid_with) IS DISTINCT FROM (NULL, NULL)
     OR TG_OP = 'UPDATE' AND pg_trigger_depth() < 2 AND (NEW.paid_at, NEW.paid_with) IS DISTINCT FROM (OLD.paid_at, OLD.paid_with) THEN
    RAISE EXCEPTION 'share %: paid_at and paid_with are kept by its receivable in the ledger, not written', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'booking_players_paid_from_ledger';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER booking_players_paid_kept_by_ledger BEFORE INSERT OR UPDATE OF paid_at, paid_with ON booking_players
  FOR EACH ROW EXECUTE FUNCTION booking_players_paid_kept_by_ledger();

-- migrate:down

DROP TRIGGER booking_players_paid_kept_by_ledger ON booking_players;
DROP FUNCTION booking_players_paid_kept_by_ledger();
DROP TRIGGER ledger_postings_share_paid ON ledger_postings;
DROP FUNCTION booking_players_paid_from_ledger();
