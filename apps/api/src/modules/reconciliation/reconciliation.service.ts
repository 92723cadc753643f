// Reconciliation (docs/domain.md#reconciliation): the books proved, daily by a job and on an admin's
// request. Each check reads the ledger and what it must agree with; the run is stored, so the dashboard and
// the metrics show the last verdict without proving everything again.
import type { AppDeps } from '../../deps.js';
import { PAYMENT_METHOD_LABELS, type TReconciliation } from '@beach/contracts';
import type { PaymentMethod } from '../../generated/prisma/enums.js';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { statementMismatches } from '../bank/index.js';
import { disputeHolds } from '../payments/index.js';
import { check } from './check.js';
import { ledgerInvariants } from './ledger-invariants.js';
import { createStripeBalanceCheck } from './stripe-balance.js';

/** A card refund still waiting for Stripe after this long is worth someone's look. */
const REFUND_PATIENCE_HOURS = 24;

/** Where money sits outside the ledger's promises: what a document's amount is compared with. */
const MONEY_ACCOUNT_KINDS = ['stripe_clearing', 'till', 'disputes', 'bank'];

export function createReconciliationService({ db, stripe }: Pick<AppDeps, 'db' | 'stripe'>) {
  const stripeClearing = stripe ? createStripeBalanceCheck({ db, stripe }) : async () => check('stripe_clearing', []);

  async function entriesBalanced() {
    const rows = await db.$queryRaw<{ id: number; sum: number }[]>`
      SELECT entry_id AS id, sum(amount_cents)::int AS sum FROM ledger_postings GROUP BY entry_id HAVING sum(amount_cents) <> 0 ORDER BY entry_id`;
    return check('entries_balanced', rows.map((row) => `Registrazione ${row.id}: sbilanciata di ${formatEuros(row.sum)}`));
  }

  async function balancesMatch() {
    const rows = await db.$queryRaw<{ key: string }[]>`
      SELECT a.key FROM ledger_accounts a LEFT JOIN LATERAL (
        SELECT coalesce(sum(amount_cents) FILTER (WHERE amount_cents > 0 AND phase IN ('posted', 'post_pending')), 0) AS debits_posted,
               coalesce(-sum(amount_cents) FILTER (WHERE amount_cents < 0 AND phase IN ('posted', 'post_pending')), 0) AS credits_posted,
               coalesce(sum(CASE phase WHEN 'pending' THEN amount_cents ELSE -amount_cents END) FILTER (WHERE amount_cents > 0 AND phase <> 'posted'), 0) AS debits_pending,
               coalesce(-sum(CASE phase WHEN 'pending' THEN amount_cents ELSE -amount_cents END) FILTER (WHERE amount_cents < 0 AND phase <> 'posted'), 0) AS credits_pending
        FROM ledger_postings p WHERE p.account_id = a.id
      ) s ON true
      WHERE a.keeps_balance AND (a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending) <> (s.debits_posted, s.credits_posted, s.debits_pending, s.credits_pending)
      ORDER BY a.id`;
    return check('balances_match', rows.map((row) => `Conto ${row.key}: il saldo non corrisponde ai movimenti`));
  }

  /**
   * Every settled payment and refund (its document) has exactly one entry that moved its amount in or
   * out of the centre's money (Stripe, a till, the bank, disputes); entries that only name it (money
   * set aside for its refund, a share of it given back to credit) move none.
   */
  async function documentsPosted() {
    const rows = await db.$queryRaw<{ id: number; type: string; amount: number; entries: number; moved: number }[]>`
      SELECT t.id, t.type::text AS type, t.amount_cents AS amount, count(m.entry_id)::int AS entries, coalesce(abs(sum(m.cents)), 0)::int AS moved
      FROM transactions t
      LEFT JOIN (
        -- Each entry's net movement of money in or out (a dispute moves it between two such accounts: none).
        SELECT e.transaction_id, p.entry_id, sum(p.amount_cents) AS cents FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.kind::text = ANY(${MONEY_ACCOUNT_KINDS}::text[]) GROUP BY e.transaction_id, p.entry_id HAVING sum(p.amount_cents) <> 0
      ) m ON m.transaction_id = t.id
      WHERE t.amount_cents > 0 AND ((t.type = 'payment' AND t.status IN ('completed', 'refunded', 'partially_refunded')) OR (t.type = 'refund' AND t.status = 'completed'))
      GROUP BY t.id HAVING count(m.entry_id) <> 1 OR coalesce(abs(sum(m.cents)), 0) <> t.amount_cents
      ORDER BY t.id`;
    return check(
      'documents_posted',
      rows.map((row) => `${row.type === 'refund' ? 'Rimborso' : 'Pagamento'} ${row.id} di ${formatEuros(row.amount)}: ${row.entries === 0 ? 'nessuna registrazione' : row.entries > 1 ? `${row.entries} registrazioni` : `registrati ${formatEuros(row.moved)}`}`),
    );
  }

  async function receiptsIssued() {
    const rows = await db.$queryRaw<{ id: number; receipts: number }[]>`
      SELECT t.id, count(r.id)::int AS receipts FROM transactions t LEFT JOIN receipts r ON r.transaction_id = t.id
      WHERE t.amount_cents > 0 AND ((t.type = 'payment' AND t.status IN ('completed', 'refunded', 'partially_refunded')) OR (t.type = 'refund' AND t.status = 'completed'))
      GROUP BY t.id HAVING count(r.id) <> 1 ORDER BY t.id`;
    return check('receipts_issued', rows.map((row) => `Movimento ${row.id}: ${row.receipts === 0 ? 'senza ricevuta' : `${row.receipts} ricevute`}`));
  }

  /** Each Rome day's till, by method, against the desk's payments less its refunds that day. */
  async function tillByDay() {
    const rows = await db.$queryRaw<{ day: string; method: Exclude<PaymentMethod, 'stripe'>; till: number; desk: number }[]>`
      WITH till AS (
        SELECT to_char(e.effective_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD') AS day, a.method::text AS method, sum(p.amount_cents)::int AS cents
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
        WHERE a.kind = 'till' AND e.transaction_id IS NOT NULL GROUP BY 1, 2
      ), desk AS (
        SELECT to_char(paid_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD') AS day, method::text AS method,
               sum(CASE WHEN type = 'payment' THEN amount_cents ELSE -amount_cents END)::int AS cents
        FROM transactions WHERE method <> 'stripe' AND paid_at IS NOT NULL
          AND ((type = 'payment' AND status IN ('completed', 'refunded', 'partially_refunded')) OR (type = 'refund' AND status = 'completed'))
        GROUP BY 1, 2
      )
      SELECT coalesce(t.day, d.day) AS day, coalesce(t.method, d.method) AS method, coalesce(t.cents, 0) AS till, coalesce(d.cents, 0) AS desk
      FROM till t FULL JOIN desk d ON d.day = t.day AND d.method = t.method
      WHERE coalesce(t.cents, 0) <> coalesce(d.cents, 0) ORDER BY 1, 2`;
    return check('till_by_day', rows.map((row) => `${formatItalianDate(row.day)} (${PAYMENT_METHOD_LABELS[row.method]}): cassa ${formatEuros(row.till)}, incassi ${formatEuros(row.desk)}`));
  }

  /**
   * Card refunds still waiting for Stripe after a day, or refused with nobody's credit to take the money (a
   * guest's payment): the money is on its way back and nobody knows where it is. (One refused for a member
   * is already back in their credit, shown on their statement.) And a member's refund due — a card refund
   * that failed, even after it had gone through — still not paid out a day after it failed, unless an open
   * dispute holds it (docs/domain.md#refund-payable).
   */
  async function refundsOutstanding() {
    const rows = await db.$queryRaw<{ paymentId: number; amount: number; status: string }[]>`
      SELECT r.payment_id AS "paymentId", r.amount_cents AS amount, r.status::text AS status FROM stripe_requests r JOIN transactions t ON t.id = r.payment_id
      WHERE r.kind = 'refund' AND ((r.status = 'pending' AND r.created_at < now() - make_interval(hours => ${REFUND_PATIENCE_HOURS})) OR (r.status = 'failed' AND t.user_id IS NULL))
      ORDER BY r.id`;
    const dues = await db.$queryRaw<{ paymentId: number; userId: number; amount: number }[]>`
      SELECT a.transaction_id AS "paymentId", a.user_id AS "userId", (a.credits_posted - a.debits_posted - a.debits_pending)::int AS amount
      FROM ledger_accounts a
      WHERE a.kind = 'refund_payable' AND a.user_id IS NOT NULL AND a.credits_posted - a.debits_posted - a.debits_pending > 0
        AND (SELECT max(r.updated_at) FROM stripe_requests r WHERE r.payment_id = a.transaction_id AND r.kind = 'refund' AND r.status = 'failed')
            < now() - make_interval(hours => ${REFUND_PATIENCE_HOURS})
      ORDER BY a.id`;
    const waiting = [];
    for (const due of dues) if ((await disputeHolds(db, due.paymentId)) <= 0) waiting.push(due);
    const names = new Map((await db.user.findMany({ where: { id: { in: waiting.map((due) => due.userId) } }, select: { id: true, firstName: true, lastName: true } })).map((user) => [user.id, `${user.firstName} ${user.lastName}`]));
    return check('refunds_outstanding', [
      ...rows.map((row) => `Rimborso di ${formatEuros(row.amount)} del pagamento ${row.paymentId}: ${row.status === 'failed' ? 'rifiutato da Stripe, da restituire a mano' : 'in attesa da più di un giorno'}`),
      ...waiting.map((due) => `Rimborso di ${formatEuros(due.amount)} del pagamento ${due.paymentId}: non riuscito sulla carta, da restituire in segreteria a ${names.get(due.userId) ?? 'un socio'}`),
    ]);
  }

  /** Every check now; Stripe's balance transactions since the last match are asked for unless told not to. */
  async function checksAll({ stripe: withStripe = true } = {}) {
    return [
      await entriesBalanced(),
      await balancesMatch(),
      ...(await ledgerInvariants(db)),
      await documentsPosted(),
      await receiptsIssued(),
      await tillByDay(),
      ...(withStripe ? [await stripeClearing()] : []),
      await refundsOutstanding(),
      check('bank_statement', await statementMismatches(db)),
    ];
  }

  return {
    checks: checksAll,

    /** Proves the books now and keeps the verdict. */
    async run(): Promise<TReconciliation> {
      const checks = await checksAll();
      const ok = checks.every((one) => one.ok);
      const stored = await db.reconciliationRun.create({ data: { ok, result: checks } });
      return { checked_at: stored.checkedAt.toISOString(), ok, checks };
    },

    async last(): Promise<TReconciliation | null> {
      const row = await db.reconciliationRun.findFirst({ orderBy: { id: 'desc' } });
      return row ? { checked_at: row.checkedAt.toISOString(), ok: row.ok, checks: row.result as TReconciliation['checks'] } : null;
    },

  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
