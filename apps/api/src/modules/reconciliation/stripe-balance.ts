// Stripe against the books, one balance transaction at a time (docs/domain.md#reconciliation). Each run
// lists only what Stripe recorded after the stored cursor (oldest first) and matches every movement of
// members' money to the entries of the same Stripe object in Stripe clearing (stripe-ledger.ts); and every
// entry moving Stripe clearing since the last run to a movement. The cursor moves to the last of an unbroken
// run of matches, so the first mismatch is read again, and named, until it matches (a webhook on its way).
import { STRIPE_CLEARING_CATEGORIES, STRIPE_CLEARING_CATEGORY_LABELS, type TReconciliationStripeMismatch } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { ReconciliationStripeCursor } from '../../generated/prisma/client.js';
import { formatEuros } from '../../lib/format.js';
import type { Stripe } from '../../lib/stripe.js';
import { check } from './check.js';
import { entriesOnStripe, type EntryOnStripe, lastEntryBefore, type Moved } from './stripe-ledger.js';

/** Members' money coming and going; not Stripe's payouts to the bank nor its fees, which the books do not keep. */
const isClearing = (category: string): category is TReconciliationStripeMismatch['category'] => (STRIPE_CLEARING_CATEGORIES as readonly string[]).includes(category);
const idOf = (source: Stripe.BalanceTransaction['source']) => (typeof source === 'string' ? source : (source?.id ?? ''));
const intentOf = (source: Stripe.BalanceTransaction['source']) => {
  const intent = source && typeof source === 'object' && 'payment_intent' in source ? source.payment_intent : null;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
};
/** Stripe does not know the cursor: a local test double that restarted empty (Stripe itself forgets nothing). */
const unknownCursor = (error: unknown) => (error as { code?: string; param?: string }).code === 'resource_missing' && (error as { param?: string }).param === 'ending_before';

const describeMovement = (one: TReconciliationStripeMismatch) =>
  `Movimento Stripe ${one.balance_transaction} (${STRIPE_CLEARING_CATEGORY_LABELS[one.category]} ${one.source}): Stripe ${formatEuros(one.stripe_cents)}, registrati ${formatEuros(one.ledger_cents)}`;
const describeEntry = (entry: EntryOnStripe) => `Registrazione ${entry.id} (${entry.key}): ${formatEuros(entry.cents)} su Stripe, nessun movimento di Stripe`;

/**
 * A card refund that failed before it went through: Stripe took the money and gave it back (the refund and
 * its refund_failure, one object) and the books, rightly, recorded neither — nothing moved.
 */
const cameBackUnrecorded = (movements: TReconciliationStripeMismatch[], source: string) => {
  const ofRefund = movements.filter((one) => one.source === source && (one.category === 'refund' || one.category === 'refund_failure'));
  return ofRefund.length > 1 && ofRefund.every((one) => one.ledger_cents === 0) && ofRefund.reduce((sum, one) => sum + one.stripe_cents, 0) === 0;
};

export function createStripeBalanceCheck({ db, stripe }: Pick<AppDeps, 'db'> & { stripe: Stripe }) {
  /** Every balance transaction after the cursor, oldest first; `fromStart` when read from Stripe's first. */
  async function newSince(cursor: ReconciliationStripeCursor | null): Promise<{ listed: Stripe.BalanceTransaction[]; fromStart: boolean }> {
    const read = async (after: string | null) => {
      const listed: Stripe.BalanceTransaction[] = [];
      // With ending_before the SDK pages towards the newest and yields oldest first; without, newest first.
      for await (const one of stripe.balanceTransactions.list({ limit: 100, expand: ['data.source'], ...(after ? { ending_before: after } : {}) })) listed.push(one);
      return { listed: after ? listed : listed.reverse(), fromStart: !after };
    };
    if (!cursor) return read(null);
    return read(cursor.balanceTransactionId).catch((error: unknown) => {
      if (unknownCursor(error)) return read(null);
      throw error;
    });
  }

  /** Both cursors from one run (they hold together: the entries up to one are accounted for by movements up to the other). */
  async function moveCursor(to: Stripe.BalanceTransaction, ledgerEntryId: number) {
    const fields = { balanceTransactionId: to.id, created: new Date(to.created * 1000), ledgerEntryId };
    await db.reconciliationStripeCursor.upsert({ where: { id: 1 }, create: { id: 1, ...fields }, update: fields });
  }

  return async function stripeClearing() {
    const cursor = await db.reconciliationStripeCursor.findUnique({ where: { id: 1 } });
    const { listed, fromStart } = await newSince(cursor);
    // Stripe remembers nothing: nothing to compare (a test double just started).
    if (fromStart && listed.length === 0) return check('stripe_clearing', []);
    const moved: Moved[] = listed.flatMap(({ reporting_category: category, ...one }, at) =>
      isClearing(category) ? [{ at, balance_transaction: one.id, source: idOf(one.source), category, payment_intent: intentOf(one.source), stripe_cents: one.amount }] : [],
    );
    // From Stripe's first movement (a whole second: an entry recording it comes after), the entries made before
    // it are not compared: a local test double that started empty never saw them.
    const afterEntry = fromStart ? await lastEntryBefore(db, new Date(listed[0]!.created * 1000)) : cursor!.ledgerEntryId;
    const rows = await entriesOnStripe(db, moved, afterEntry);

    const movements = moved.map(({ at, payment_intent: _, ...one }) => ({ at, ...one, ledger_cents: rows.reduce((sum, row) => (row.at === at ? sum + row.cents : sum), 0) }));
    const unmatched = movements.filter((one) => one.ledger_cents !== one.stripe_cents && !cameBackUnrecorded(movements, one.source));
    const matchedUpTo = (unmatched[0]?.at ?? listed.length) - 1;
    // Each fresh entry with the first movement it belongs to (rows come by entry, then movement).
    const fresh = [...new Map(rows.filter((row) => row.fresh).toReversed().map((row) => [row.id, row])).values()].sort((a, b) => a.id - b.id);
    const unaccounted = fresh.filter((entry) => entry.at === null);
    // The entry cursor stops before the first entry not accounted for up to the movements' cursor; the
    // movements of the entries after it are read again with it, so that none is left unaccounted for.
    const waiting = fresh.findIndex((entry) => entry.at === null || entry.at > matchedUpTo);
    const after = waiting < 0 ? [] : fresh.slice(waiting + 1).flatMap((entry) => (entry.at === null ? [] : [entry.at]));
    const upTo = Math.min(matchedUpTo, ...after.map((at) => at - 1));
    if (upTo >= 0) await moveCursor(listed[upTo]!, waiting < 0 ? (fresh.at(-1)?.id ?? afterEntry) : fresh[waiting]!.id - 1);

    const first = unmatched[0];
    return check(
      'stripe_clearing',
      [...unmatched.map(({ at: _, ...one }) => describeMovement(one)), ...unaccounted.map(describeEntry)],
      unmatched.length + unaccounted.length,
      first && { balance_transaction: first.balance_transaction, source: first.source, category: first.category, stripe_cents: first.stripe_cents, ledger_cents: first.ledger_cents },
    );
  };
}
