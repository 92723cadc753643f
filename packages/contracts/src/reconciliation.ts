// Reconciliation (docs/domain.md#reconciliation): the ledger proved against itself and against the money
// outside it — every entry sums to zero, every kept balance equals its postings, billed equals what is owed,
// money in less money out equals revenue and liabilities, every payment and refund has its one entry and its
// receipt, each day's till equals the desk's payments, each of Stripe's balance transactions has its entry in
// Stripe clearing, no card refund waits for Stripe more than a day. A mismatch shows on the admin dashboard
// and in a metric.
import { defineRoute } from './http.js';
import * as z from './zod-i18n.js';

export const RECONCILIATION_CHECKS = ['entries_balanced', 'balances_match', 'billed_owed', 'accounting_identity', 'documents_posted', 'receipts_issued', 'till_by_day', 'stripe_clearing', 'refunds_outstanding', 'bank_statement'] as const;
export const RECONCILIATION_CHECK_LABELS: Record<(typeof RECONCILIATION_CHECKS)[number], string> = {
  entries_balanced: 'Ogni registrazione è in pareggio',
  balances_match: 'Ogni saldo corrisponde ai suoi movimenti',
  billed_owed: 'Il fatturato da incassare corrisponde a quanto è dovuto',
  accounting_identity: 'I soldi entrati meno quelli usciti corrispondono a ricavi e debiti verso i soci',
  documents_posted: 'Ogni pagamento e rimborso è registrato una volta',
  receipts_issued: 'Ogni pagamento e rimborso ha la sua ricevuta',
  till_by_day: 'La cassa di ogni giorno corrisponde agli incassi in segreteria',
  stripe_clearing: 'Ogni movimento di Stripe è registrato con il suo importo',
  refunds_outstanding: 'Nessun rimborso sulla carta in attesa da più di un giorno',
  bank_statement: 'Il conto in banca nel registro corrisponde al saldo dell’ultimo estratto conto',
};

/** Stripe's reporting categories of members' money coming and going (a refund that fails comes back); not payouts nor fees. */
export const STRIPE_CLEARING_CATEGORIES = ['charge', 'refund', 'refund_failure', 'dispute', 'dispute_reversal'] as const;
export const STRIPE_CLEARING_CATEGORY_LABELS: Record<(typeof STRIPE_CLEARING_CATEGORIES)[number], string> = {
  charge: 'pagamento',
  refund: 'rimborso',
  refund_failure: 'rimborso non riuscito',
  dispute: 'contestazione',
  dispute_reversal: 'contestazione restituita',
};

/** A balance transaction of Stripe's that the ledger does not match: what Stripe says and what the ledger says, in cents. */
export const ZReconciliationStripeMismatch = z.object({
  balance_transaction: z.string(),
  /** The charge, refund or dispute it moved money for (`ch_…`, `re_…`, `dp_…`). */
  source: z.string(),
  category: z.enum(STRIPE_CLEARING_CATEGORIES),
  stripe_cents: z.number().int(),
  ledger_cents: z.number().int(),
});
export type TReconciliationStripeMismatch = z.infer<typeof ZReconciliationStripeMismatch>;

export const ZReconciliationCheck = z.object({
  name: z.enum(RECONCILIATION_CHECKS),
  ok: z.boolean(),
  /** How many things do not match. */
  mismatches: z.number().int(),
  /** The mismatches in words, the first 20 of them (`mismatches` says how many there are). */
  details: z.array(z.string()),
  /** Stripe's check only: the oldest balance transaction not matched (verdicts stored before it have none). */
  first_mismatch: ZReconciliationStripeMismatch.optional(),
});
export const ZReconciliation = z.object({
  checked_at: z.iso.datetime(),
  ok: z.boolean(),
  checks: z.array(ZReconciliationCheck),
});
export type TReconciliation = z.infer<typeof ZReconciliation>;

export const reconciliationRoutes = {
  run: defineRoute({
    method: 'post', path: '/api/admin/reconciliation', tag: 'finance', access: 'admin', audit: 'skip',
    summary: 'Verifica ora i conti: registrazioni in pareggio, saldi, documenti, ricevute, cassa del giorno, Stripe',
    response: ZReconciliation,
  }),
  last: defineRoute({
    method: 'get', path: '/api/admin/reconciliation', tag: 'finance', access: 'admin',
    summary: 'L’ultima verifica dei conti (quella del job quotidiano o l’ultima chiesta); null se non è mai stata fatta',
    response: ZReconciliation.nullable(),
  }),
};
