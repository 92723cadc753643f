// Stripe against the books, one balance transaction at a time (docs/domain.md#reconciliation). Each run
// lists only what Stripe recorded after the stored cursor (oldest first) and matches every movement of
// members' money to the ledger's Stripe clearing postings for the same Stripe object and sign: a charge by its
// payment intent's payment document, a refund or a dispute by its id in the entry's key. The cursor moves to
// the last of an unbroken run of matches, so the first mismatch is read again, and named, until it matches.
import { STRIPE_CLEARING_CATEGORIES, STRIPE_CLEARING_CATEGORY_LABELS, type TReconciliationStripeMismatch } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { formatEuros } from '../../lib/format.js';
import type { Stripe } from '../../lib/stripe.js';
import { check } from './check.js';

type TStripeClearingCategory = TReconciliationStripeMismatch['category'];
type Moved = Omit<TReconciliationStripeMismatch, 'ledger_cents'> & { payment_intent: string | null };

/** Members' money coming and going; not Stripe's payouts to the bank nor its fees, which the books do not keep. */
const isClearing = (category: string): category is TStripeClearingCategory => (STRIPE_CLEARING_CATEGORIES as readonly string[]).includes(category);

const idOf = (source: Stripe.BalanceTransaction['source']) => (typeof source === 'string' ? source : (source?.id ?? ''));
const intentOf = (source: Stripe.BalanceTransaction['source']) => {
  const intent = source && typeof source === 'object' && 'payment_intent' in source ? source.payment_intent : null;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
};
/** Stripe does not know the cursor: a local test double that restarted empty (Stripe itself forgets nothing). */
const unknownCursor = (error: unknown) => (error as { code?: string; param?: string }).code === 'resource_missing' && (error as { param?: string }).param === 'ending_before';

export function createStripeBalanceCheck({ db, stripe }: Pick<AppDeps, 'db'> & { stripe: Stripe }) {
  /** Every balance transaction after the cursor, oldest first, with what it moved money for. */
  async function newSinceCursor(): Promise<Stripe.BalanceTransaction[]> {
    const cursor = await db.reconciliationStripeCursor.findUnique({ where: { id: 1 } });
    const read = async (after: string | null) => {
      const listed: Stripe.BalanceTransaction[] = [];
      // With ending_before the SDK pages towards the newest and yields oldest first; without, newest first.
      for await (const one of stripe.balanceTransactions.list({ limit: 100, expand: ['data.source'], ...(after ? { ending_before: after } : {}) })) listed.push(one);
      return after ? listed : listed.reverse();
    };
    if (!cursor) return read(null);
    return read(cursor.balanceTransactionId).catch((error: unknown) => {
      if (unknownCursor(error)) return read(null);
      throw error;
    });
  }

  /** What the ledger's Stripe clearing says of each movement, in the same order. */
  async function ledgerCents(moved: Moved[]): Promise<number[]> {
    if (moved.length === 0) return [];
    const rows = await db.$queryRaw<{ ord: number; cents: number }[]>`
      SELECT m.ord, coalesce((
        SELECT sum(p.amount_cents) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
        WHERE a.kind = 'stripe_clearing' AND p.phase IN ('posted', 'post_pending') AND sign(p.amount_cents) = sign(m.stripe_cents)
          AND CASE WHEN m.category = 'charge'
            -- a charge: what its payment's own entries took in (not those naming a refund or dispute of it)
            THEN e.key NOT LIKE 'stripe-%' AND e.transaction_id = (SELECT t.id FROM transactions t WHERE t.stripe_payment_intent_id = m.payment_intent AND t.type = 'payment')
            ELSE position(m.source IN e.key) > 0 AND e.key ~ ('(^|:)' || m.source || '(:|$)') END
      ), 0)::int AS cents
      FROM jsonb_to_recordset(${JSON.stringify(moved.map((one, ord) => ({ ord, ...one })))}::jsonb) AS m(ord int, source text, category text, payment_intent text, stripe_cents int)
      ORDER BY m.ord`;
    return rows.map((row) => row.cents);
  }

  /** Only forward: two runs at once may both move it, never back past what the later one matched. */
  async function moveCursor(to: Stripe.BalanceTransaction) {
    const created = new Date(to.created * 1000);
    await db.$executeRaw`
      INSERT INTO reconciliation_stripe_cursor (id, balance_transaction_id, created) VALUES (1, ${to.id}, ${created})
      ON CONFLICT (id) DO UPDATE SET balance_transaction_id = EXCLUDED.balance_transaction_id, created = EXCLUDED.created, updated_at = now()
      WHERE reconciliation_stripe_cursor.created <= EXCLUDED.created`;
  }

  return async function stripeClearing() {
    const listed = await newSinceCursor();
    const moved: (Moved & { at: number })[] = listed.flatMap(({ reporting_category: category, ...one }, at) =>
      isClearing(category) ? [{ at, balance_transaction: one.id, source: idOf(one.source), category, payment_intent: intentOf(one.source), stripe_cents: one.amount }] : [],
    );
    const cents = await ledgerCents(moved.map(({ at: _, ...one }) => one));
    const mismatches = moved.flatMap(({ at, payment_intent: _, ...one }, index) => (cents[index] === one.stripe_cents ? [] : [{ at, ...one, ledger_cents: cents[index]! }]));
    const first = mismatches[0];
    const matchedUpTo = listed[(first ? first.at : listed.length) - 1];
    if (matchedUpTo) await moveCursor(matchedUpTo);
    return check(
      'stripe_clearing',
      mismatches.map((one) => `Movimento Stripe ${one.balance_transaction} (${STRIPE_CLEARING_CATEGORY_LABELS[one.category]} ${one.source}): Stripe ${formatEuros(one.stripe_cents)}, registrati ${formatEuros(one.ledger_cents)}`),
      mismatches.length,
      first && { balance_transaction: first.balance_transaction, source: first.source, category: first.category, stripe_cents: first.stripe_cents, ledger_cents: first.ledger_cents },
    );
  };
}
