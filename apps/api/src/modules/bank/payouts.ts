// Stripe payouts on the bank statement (docs/annual-accounts.md#matching): a credit line is one payout when
// Stripe has exactly one payout of that amount arriving within a few days of the line's booking date, not
// matched yet. Stripe is read through its SDK before any transaction; its fees in the payout are what its
// balance transactions took (their fee, and Stripe's own fee transactions).
import type { Stripe } from '../../lib/stripe.js';

export interface StripePayout {
  id: string;
  netCents: number;
  feeCents: number;
}

const DAY = 86_400;
/** Stripe's arrival date may fall a banking day or two before the bank books it. */
const EARLIER_DAYS = 3;
const LATER_DAYS = 1;

const secondsOf = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T12:00:00Z`) / 1000);

/** The one payout of `cents` arriving around `bookedOn` that `taken` does not hold yet, with its fees; else null. */
export async function payoutFor(stripe: Stripe, bookedOn: string, cents: number, taken: (id: string) => Promise<boolean>): Promise<StripePayout | null> {
  const around = secondsOf(bookedOn);
  const candidates: Stripe.Payout[] = [];
  for await (const payout of stripe.payouts.list({ arrival_date: { gte: around - EARLIER_DAYS * DAY, lte: around + LATER_DAYS * DAY }, limit: 100 })) {
    if (payout.amount === cents && payout.status === 'paid' && !(await taken(payout.id))) candidates.push(payout);
  }
  if (candidates.length !== 1) return null;
  const payout = candidates[0]!;
  let feeCents = 0;
  for await (const transaction of stripe.balanceTransactions.list({ payout: payout.id, limit: 100 })) {
    if (transaction.type === 'payout') continue;
    feeCents += transaction.type === 'stripe_fee' ? -transaction.amount : transaction.fee;
  }
  return { id: payout.id, netCents: payout.amount, feeCents };
}
