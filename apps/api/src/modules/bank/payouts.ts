// Stripe payouts on the bank statement (docs/annual-accounts.md#matching): a credit line is one payout when
// Stripe has exactly one payout of that amount arriving within a few days of the line's booking date, not
// matched yet. Stripe is read through its SDK before any transaction — once for all the lines of an import,
// not once a line; its fees in the payout are what its balance transactions took (their fee, and Stripe's own
// fee transactions).
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

/** Stripe's paid payouts that may be the credit lines booked from `first` to `last` (ISO days). */
export async function payoutsAround(stripe: Stripe, first: string, last: string): Promise<Stripe.Payout[]> {
  const found: Stripe.Payout[] = [];
  for await (const payout of stripe.payouts.list({ arrival_date: { gte: secondsOf(first) - EARLIER_DAYS * DAY, lte: secondsOf(last) + LATER_DAYS * DAY }, limit: 100 })) {
    if (payout.status === 'paid') found.push(payout);
  }
  return found;
}

/** The one payout of `cents` arriving around `bookedOn` among `payouts`, not in `taken`; else null. */
export function payoutOf(payouts: Stripe.Payout[], bookedOn: string, cents: number, taken: ReadonlySet<string>): Stripe.Payout | null {
  const around = secondsOf(bookedOn);
  const candidates = payouts.filter((payout) => payout.amount === cents && !taken.has(payout.id) && payout.arrival_date >= around - EARLIER_DAYS * DAY && payout.arrival_date <= around + LATER_DAYS * DAY);
  return candidates.length === 1 ? candidates[0]! : null;
}

/** The payout with the fees Stripe took from it. */
export async function withFees(stripe: Stripe, payout: Stripe.Payout): Promise<StripePayout> {
  let feeCents = 0;
  for await (const transaction of stripe.balanceTransactions.list({ payout: payout.id, limit: 100 })) {
    if (transaction.type === 'payout') continue;
    feeCents += transaction.type === 'stripe_fee' ? -transaction.amount : transaction.fee;
  }
  return { id: payout.id, netCents: payout.amount, feeCents };
}
