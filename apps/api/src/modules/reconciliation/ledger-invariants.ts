// The ledger's two sums that must always agree (docs/domain.md#reconciliation), proved by the daily run and
// after every step of the randomized money test alike: what is billed and not yet paid equals what the
// receivables owe, and the money that came in less what went out equals revenue plus what the centre owes
// (credit, carnets, refunds on their way) less what it gave away or is owed (corrections, expenses, debts).
import type { Sql } from '../ledger/index.js';
import { formatEuros } from '../../lib/format.js';
import { check } from './check.js';

const RECEIVABLE_KINDS = ['booking_receivable', 'share_receivable', 'membership_receivable', 'enrolment_receivable', 'tournament_receivable'];
/** Where the centre's money is: Stripe, the tills, the bank, a bank's dispute. */
const MONEY_KINDS = ['stripe_clearing', 'till', 'bank', 'disputes'];
/** What the money came in for (credit side): revenue, and what is still the members' or on its way back. */
const EARNED_OR_OWED_KINDS = ['revenue_membership', 'revenue_booking', 'revenue_extra', 'revenue_school', 'credit_funded', 'credit_promo', 'carnet', 'refund_payable'];
/** What was given away or is owed to the centre otherwise (debit side). */
const GIVEN_OR_DUE_KINDS = ['adjustments', 'expenses', 'member_debt'];

interface Sums {
  billed: number;
  owed: number;
  money: number;
  earnedOrOwed: number;
}

async function sumsOf(sql: Sql): Promise<Sums> {
  const [row] = await sql.$queryRaw<[Sums]>`
    WITH sums AS (
      SELECT a.kind::text AS kind, coalesce(sum(p.amount_cents), 0)::bigint AS cents
      FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id AND p.phase IN ('posted', 'post_pending') GROUP BY a.kind
    )
    SELECT coalesce(-sum(cents) FILTER (WHERE kind = 'billed'), 0)::int AS billed,
           coalesce(sum(cents) FILTER (WHERE kind = ANY(${RECEIVABLE_KINDS}::text[])), 0)::int AS owed,
           coalesce(sum(cents) FILTER (WHERE kind = ANY(${MONEY_KINDS}::text[])), 0)::int AS money,
           -- credit balances read positive; what was given away or is due reduces them
           coalesce(-sum(cents) FILTER (WHERE kind = ANY(${EARNED_OR_OWED_KINDS}::text[]) OR kind = ANY(${GIVEN_OR_DUE_KINDS}::text[])), 0)::int AS "earnedOrOwed"
    FROM sums`;
  return row;
}

/** Both invariants, from one read of the accounts' sums. */
export async function ledgerInvariants(sql: Sql) {
  const { billed, owed, money, earnedOrOwed } = await sumsOf(sql);
  return [
    check('billed_owed', billed === owed ? [] : [`Da incassare ${formatEuros(billed)}, dovuti dai conti dei soci ${formatEuros(owed)}`]),
    check('accounting_identity', money === earnedOrOwed ? [] : [`Entrati meno usciti ${formatEuros(money)}, ricavi e debiti verso i soci ${formatEuros(earnedOrOwed)}`]),
  ];
}
