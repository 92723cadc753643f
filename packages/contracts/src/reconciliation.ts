// Reconciliation (docs/domain.md#reconciliation): the ledger proved against itself and against the money
// outside it — every entry sums to zero, every kept balance equals its postings, every payment and refund
// has its one entry and its receipt, each day's till equals the desk's payments, Stripe's balance
// transactions equal Stripe clearing, no card refund waits for Stripe more than a day. A mismatch shows on the
// admin dashboard and in a metric.
import { defineRoute } from './http.js';
import * as z from './zod-i18n.js';

export const RECONCILIATION_CHECKS = ['entries_balanced', 'balances_match', 'documents_posted', 'receipts_issued', 'till_by_day', 'stripe_clearing', 'refunds_outstanding'] as const;
export const RECONCILIATION_CHECK_LABELS: Record<(typeof RECONCILIATION_CHECKS)[number], string> = {
  entries_balanced: 'Ogni registrazione è in pareggio',
  balances_match: 'Ogni saldo corrisponde ai suoi movimenti',
  documents_posted: 'Ogni pagamento e rimborso è registrato una volta',
  receipts_issued: 'Ogni pagamento e rimborso ha la sua ricevuta',
  till_by_day: 'La cassa di ogni giorno corrisponde agli incassi in segreteria',
  stripe_clearing: 'Il saldo Stripe corrisponde ai movimenti di Stripe',
  refunds_outstanding: 'Nessun rimborso sulla carta in attesa da più di un giorno',
};

export const ZReconciliationCheck = z.object({
  name: z.enum(RECONCILIATION_CHECKS),
  ok: z.boolean(),
  /** How many things do not match. */
  mismatches: z.number().int(),
  /** The mismatches in words, the first 20 of them (`mismatches` says how many there are). */
  details: z.array(z.string()),
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
