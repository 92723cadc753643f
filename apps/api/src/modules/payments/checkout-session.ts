// The Checkout Session a payment asks Stripe for (docs/domain.md#payments), and a second tap on a pay
// button: the same payment asked again while its checkout is still open gets that checkout back. A new one
// would close the first, and the member, already on their way to the first page, would land on a closed session.
import type { TPaymentKind } from '@beach/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import { i18nFor, type Message, render } from '../../lib/i18n.js';
import type { Stripe } from '../../lib/stripe.js';
import { targetColumn } from './payment-targets.js';

/** A session closing within this is not handed out again: the member needs the time to pay on it. */
const REUSE_MARGIN_SECONDS = 5 * 60;

/** Who pays what, and where they come back to (the web app's address they are using). */
export interface SessionOf {
  kind: TPaymentKind;
  targetId: number;
  customer: { email: string; locale: string };
  cancelPath: string;
  webOrigin: string;
}

/** The session's parameters for payment row `paymentId`: one line, in the payer's language, open until `expiresAt` (Unix seconds). */
export function checkoutSessionParams(of: SessionOf, paymentId: number, paid: { amountCents: number; itemName: Message }, expiresAt: number): Stripe.Checkout.SessionCreateParams {
  const i18n = i18nFor(of.customer.locale);
  const metadata = { kind: of.kind, id: String(of.targetId), transaction_id: String(paymentId) };
  return {
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: paid.amountCents, product_data: { name: render(i18n, paid.itemName) } } }],
    client_reference_id: `${of.kind}-${of.targetId}`,
    customer_email: of.customer.email,
    metadata,
    payment_intent_data: { metadata: { ...metadata } },
    success_url: `${of.webOrigin}/pagamento-completato?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${of.webOrigin}${of.cancelPath}`,
    expires_at: expiresAt,
    locale: i18n.locale as Stripe.Checkout.SessionCreateParams.Locale,
  };
}

/** What a checkout pays: for whom, what, how much, named as its row is (in Italian). */
export interface SamePayment {
  kind: TPaymentKind;
  targetId: number;
  userId: number;
  amountCents: number;
  description: string;
}

/**
 * The open checkout of exactly this payment whose session has time left, if there is one: its request (whose
 * idempotency key, asked again with the same parameters, gets the same session) and when it closes. Called
 * under the target's checkout lock.
 */
export async function openCheckoutToReuse(tx: Prisma.TransactionClient, same: SamePayment, now = new Date()) {
  const row = await tx.transaction.findFirst({
    where: { kind: same.kind, [targetColumn(same.kind)]: same.targetId, type: 'payment', status: 'pending', method: 'stripe', userId: same.userId, amountCents: same.amountCents, description: same.description },
    orderBy: { id: 'desc' },
    select: { id: true },
  });
  if (!row) return null;
  const request = await tx.stripeRequest.findFirst({ where: { paymentId: row.id, kind: 'checkout', status: { not: 'failed' } } });
  const expiresAt = (request?.params as { expires_at?: number } | null)?.expires_at;
  if (!request || !expiresAt || expiresAt * 1000 < now.getTime() + REUSE_MARGIN_SECONDS * 1000) return null;
  return { ...request, expiresAt };
}
