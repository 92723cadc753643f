// What the ledger's Stripe clearing says of Stripe's balance transactions (docs/domain.md#reconciliation):
// the entries of a charge are its payment document's own (not those naming a refund or dispute of it); those
// of a refund, a failed refund or a dispute name its id in their key. An entry is matched with the sign of the
// movement, so a dispute and its reversal (one object) are told apart.
import type { TReconciliationStripeMismatch } from '@beach/contracts';
import type { Sql } from '../ledger/index.js';

/** A balance transaction of members' money, by its place in the run's list. */
export type Moved = Omit<TReconciliationStripeMismatch, 'ledger_cents'> & { at: number; payment_intent: string | null };

/** An entry moving Stripe clearing, and the movement of the run it belongs to (null: none). */
export interface EntryOnStripe {
  id: number;
  key: string;
  cents: number;
  at: number | null;
  /** Made after the entry cursor: to be accounted for by this run. */
  fresh: boolean;
}

/**
 * The last entry made, or dated, before `at`: where the entries are read from when Stripe is read from its
 * first movement (history written by a migration or the demo seed is dated in the past).
 */
export async function lastEntryBefore(sql: Sql, at: Date): Promise<number> {
  const [{ id }] = await sql.$queryRaw<[{ id: number }]>`SELECT coalesce(max(id), 0)::int AS id FROM ledger_entries WHERE least(created_at, effective_at) < ${at}`;
  return id;
}

/**
 * Every entry moving Stripe clearing that belongs to a movement of the run, and every one after the entry
 * cursor (fresh), with its movement or none: one row per pair.
 */
export async function entriesOnStripe(sql: Sql, moved: Moved[], afterEntry: number): Promise<EntryOnStripe[]> {
  const table = JSON.stringify(moved.map(({ at, category, source, payment_intent, stripe_cents }) => ({ at, category, source, payment_intent, stripe_cents })));
  return sql.$queryRaw<EntryOnStripe[]>`
    WITH entries AS (
      SELECT e.id, e.key, e.transaction_id, sum(p.amount_cents)::int AS cents,
             e.id > ${afterEntry} AS fresh
      FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
      WHERE a.kind = 'stripe_clearing' AND p.phase IN ('posted', 'post_pending')
        -- an entry and its reversal moved nothing between them
        AND e.reverses_id IS NULL AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_id = e.id)
        -- a payout to the bank is matched to Stripe's payout object when the statement shows it (docs/annual-accounts.md#matching)
        AND e.key NOT LIKE 'stripe-payout:%'
      GROUP BY e.id HAVING sum(p.amount_cents) <> 0
    ), pairs AS (
      SELECT e.id, e.key, e.cents, m.at, e.fresh
      FROM entries e JOIN jsonb_to_recordset(${table}::jsonb) AS m(at int, category text, source text, payment_intent text, stripe_cents int)
        ON sign(m.stripe_cents) = sign(e.cents) AND CASE WHEN m.category = 'charge'
          THEN e.key NOT LIKE 'stripe-%' AND e.transaction_id = (SELECT t.id FROM transactions t WHERE t.stripe_payment_intent_id = m.payment_intent AND t.type = 'payment')
          ELSE position(m.source IN e.key) > 0 AND e.key ~ ('(^|:)' || m.source || '(:|$)') END
    )
    SELECT id, key, cents, at, fresh FROM pairs
    UNION ALL
    SELECT id, key, cents, NULL, fresh FROM entries e WHERE fresh AND NOT EXISTS (SELECT 1 FROM pairs WHERE pairs.id = e.id)
    ORDER BY id, at`;
}
