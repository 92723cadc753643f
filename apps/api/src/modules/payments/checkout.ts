// Opening a Stripe Checkout Session for something a member pays online (docs/domain.md#payments). Each
// session is a pending payment row until Stripe says how it ended (payments.service.ts applies that).
import type { TPaymentKind } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import type { Stripe } from '../../lib/stripe.js';
import { webOriginOf } from '../../lib/web-origin.js';

/**
 * Stripe wants expires_at at least 30 minutes after it creates the session: a minute of margin covers
 * network time and the SDK's retries. Shorter holds are expired through the API.
 */
const CHECKOUT_LIFETIME_SECONDS = 31 * 60;
/** Stripe's session is created inside the transaction (with the SDK's retries), so it may run longer. */
const CHECKOUT_TRANSACTION = { ...TRANSACTION_OPTIONS, timeout: 30_000 } as const;

export const PAYMENTS_UNAVAILABLE = 'I pagamenti online non sono disponibili in questo momento: riprova più tardi o passa in segreteria.';

export interface CheckoutRequest {
  kind: TPaymentKind;
  targetId: number;
  customer: { id: number; email: string };
  amountCents: number;
  /** What the member sees on the payment page, e.g. "Tessera stagionale T2027-00012". */
  itemName: string;
  /** Web path the member returns to when they cancel. */
  cancelPath: string;
  /** For a carnet: the product bought (its target is the member). */
  carnetProductId?: number;
  /** Work that commits with the payment row, before Stripe is asked (e.g. credit set aside for the rest). */
  inTransaction?: (tx: Prisma.TransactionClient) => Promise<void>;
}

/** Where a payment row names what it buys; a credit top-up or a carnet is bought for the paying member. */
export const TARGET_COLUMN = { membership: 'membershipId', booking: 'bookingId', credit: 'userId', carnet: 'userId', booking_share: 'bookingPlayerId' } as const satisfies Record<TPaymentKind, string>;
const targetColumn = (kind: TPaymentKind) => TARGET_COLUMN[kind];

export function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) throw new AppError(503, PAYMENTS_UNAVAILABLE);
  return stripe;
}

export function createCheckouts({ db, config, stripe }: Pick<AppDeps, 'db' | 'config' | 'stripe'>) {
  /**
   * Closes the target's sessions still open, so one target is never paid twice through two tabs.
   * A session that was paid in the meantime stops the new one: its payment is being recorded.
   */
  async function closeOpenSessions(kind: TPaymentKind, targetId: number, tx: Prisma.TransactionClient = db) {
    const open = await tx.transaction.findMany({
      where: { kind, [targetColumn(kind)]: targetId, type: 'payment', status: 'pending', stripeCheckoutSessionId: { not: null } },
      select: { id: true, stripeCheckoutSessionId: true },
    });
    const client = open.length > 0 ? requireStripe(stripe) : null;
    for (const payment of open) {
      const sessionId = payment.stripeCheckoutSessionId!;
      const session = await client!.checkout.sessions.retrieve(sessionId).catch((error: { code?: string }) => {
        // Unknown to this Stripe account (keys changed, or the test double restarted): nothing to close.
        if (error.code === 'resource_missing') return null;
        throw error;
      });
      if (session?.status === 'complete') throw new AppError(409, 'Il pagamento risulta già effettuato: aggiorna la pagina tra qualche secondo.');
      if (session?.status === 'open') await client!.checkout.sessions.expire(sessionId);
      await tx.transaction.updateMany({ where: { id: payment.id, status: 'pending' }, data: { status: 'failed' } });
    }
  }

  return {
    closeOpenSessions,

    /** Opens a new session and returns the address of Stripe's payment page. */
    async open(request: CheckoutRequest): Promise<string> {
      const client = requireStripe(stripe);
      // One checkout at a time per target (a double click, two tabs): the second waits for the first,
      // then closes its session, so only one session of a target is ever open to pay.
      return db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`checkout-${request.kind}`}), ${request.targetId})`;
        await closeOpenSessions(request.kind, request.targetId, tx);
        await request.inTransaction?.(tx);
        const session = await client.checkout.sessions.create({
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: request.amountCents, product_data: { name: request.itemName } } }],
          client_reference_id: `${request.kind}-${request.targetId}`,
          customer_email: request.customer.email,
          metadata: { kind: request.kind, id: String(request.targetId) },
          payment_intent_data: { metadata: { kind: request.kind, id: String(request.targetId) } },
          success_url: `${webOriginOf(config)}/pagamento-completato?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${webOriginOf(config)}${request.cancelPath}`,
          expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_SECONDS,
          locale: 'it',
        });
        await tx.transaction.create({
          data: {
            kind: request.kind,
            [targetColumn(request.kind)]: request.targetId,
            userId: request.customer.id,
            amountCents: request.amountCents,
            method: 'stripe',
            status: 'pending',
            stripeCheckoutSessionId: session.id,
            description: request.itemName,
            carnetProductId: request.carnetProductId ?? null,
          },
        });
        if (!session.url) throw new Error(`Checkout Session ${session.id} has no url`);
        return session.url;
      }, CHECKOUT_TRANSACTION);
    },
  };
}

export type Checkouts = ReturnType<typeof createCheckouts>;
