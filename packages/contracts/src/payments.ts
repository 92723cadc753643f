// Online payments (docs/domain.md#payments): Stripe Checkout, the return page's reconciliation, the
// test mode.
// The webhook (POST /api/payments/stripe/webhook) takes Stripe's raw signed body and is not listed here.
import { defineRoute } from './http.js';
import { defineMessages } from './messages.js';
import * as z from './zod-i18n.js';

const paymentMessages = defineMessages({
  checkoutSession: /* i18n */ { id: 'payments.checkout_session', message: 'Sessione di pagamento non valida.' },
});

export const PAYMENT_METHODS = ['stripe', 'cash', 'card', 'bank_transfer'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

/**
 * failed: Stripe declined the card (shown as soon as it does, while the checkout is still open), or the checkout
 * could not be opened; abandoned: the checkout ended unpaid otherwise (expired, left, or closed to pay another way).
 */
export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'abandoned', 'refunded', 'partially_refunded'] as const;
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

export const PAYMENT_KINDS = ['membership', 'booking', 'credit', 'carnet', 'booking_share', 'enrolment', 'tournament_fee', 'debt'] as const;
export const ZPaymentKind = z.enum(PAYMENT_KINDS);
export type TPaymentKind = z.infer<typeof ZPaymentKind>;

export const ZCheckoutOutcome = z.object({
  /** paid: confirmed; pending: Stripe has not confirmed yet (ask again); failed: not paid (declined, abandoned or expired). */
  status: z.enum(['paid', 'pending', 'failed']),
  kind: ZPaymentKind,
  /** The membership or booking paid for (for a credit top-up: the member). */
  target_id: z.number().int().nullable(),
});
export type TCheckoutOutcome = z.infer<typeof ZCheckoutOutcome>;

export const paymentsRoutes = {
  config: defineRoute({
    method: 'get',
    path: '/api/payments/config',
    summary: 'Se i pagamenti online sono attivi e se sono in modalità di prova',
    tag: 'payments',
    access: 'public',
    response: z.object({ enabled: z.boolean(), test_mode: z.boolean() }),
  }),
  reconcile: defineRoute({
    method: 'post',
    path: '/api/payments/reconcile',
    summary: 'Al ritorno dal pagamento: chiede a Stripe l’esito della sessione e lo registra se il webhook non è ancora arrivato',
    tag: 'payments',
    access: 'user',
    body: z.object({ session_id: z.string().trim().regex(/^cs_[A-Za-z0-9_]+$/, z.because(paymentMessages.checkoutSession)) }),
    response: ZCheckoutOutcome,
  }),
};
