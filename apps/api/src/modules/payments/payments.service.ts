// What Stripe tells us, applied once (docs/domain.md#payments): a completed Checkout Session records the
// payment and confirms what was bought; an expired one fails it; refunds become their own rows. The webhook
// and the return page's reconciliation both come through here, so whichever arrives first wins and the other
// changes nothing.
import type { TCheckoutOutcome, TPaymentKind } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, Transaction } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Stripe } from '../../lib/stripe.js';
import { requireStripe, TARGET_COLUMN } from './checkout.js';
import { refundEmail } from './payments.emails.js';

/** What a payment buys (a membership, a booking, credit): told when it is paid or when its checkout lapses. */
export interface PaymentTarget {
  /**
   * Called in the transaction that records a completed payment (given as it was before). Returns false
   * when the target can no longer be had (already paid, deleted, slot taken): the payment is then
   * refunded automatically.
   */
  confirm(tx: Prisma.TransactionClient, targetId: number, payment: Transaction): Promise<boolean>;
  /** A checkout ended without payment. */
  checkoutExpired?(tx: Prisma.TransactionClient, targetId: number): Promise<void>;
}

const paymentIntentId = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);

/** What a payment buys, by the column its checkout wrote (the one table of them, in checkout.ts). */
const targetIdOf = (payment: Pick<Transaction, 'kind' | 'membershipId' | 'bookingId' | 'userId' | 'bookingPlayerId'>) => payment[TARGET_COLUMN[payment.kind]];

export function createPaymentsService(deps: Pick<AppDeps, 'db' | 'stripe' | 'jobs' | 'logger'>, targets: Partial<Record<TPaymentKind, PaymentTarget>>) {
  const { db, jobs, logger } = deps;

  async function applyCompleted(tx: Prisma.TransactionClient, session: Stripe.Checkout.Session) {
    if (session.status !== 'complete' || session.payment_status !== 'paid') return;
    const payment = await tx.transaction.findUnique({ where: { stripeCheckoutSessionId: session.id } });
    if (!payment) {
      logger.warn({ sessionId: session.id }, 'Checkout Session pagata ma sconosciuta: ignorata');
      return;
    }
    // Only the first to move the row from pending (or failed: paid just as we expired it) applies it.
    const recorded = await tx.transaction.updateMany({
      where: { id: payment.id, status: { in: ['pending', 'failed'] } },
      data: { status: 'completed', paidAt: new Date(), stripePaymentIntentId: paymentIntentId(session), amountCents: session.amount_total ?? payment.amountCents },
    });
    if (recorded.count === 0) return;
    const targetId = targetIdOf(payment);
    const target = targets[payment.kind];
    const confirmed = session.amount_total === payment.amountCents && session.currency === 'eur' && targetId !== null && target !== undefined && (await target.confirm(tx, targetId, payment));
    if (!confirmed) {
      logger.warn({ paymentId: payment.id, sessionId: session.id }, 'Pagamento per qualcosa che non si può più avere: rimborso automatico');
      await jobs.send('refund-payment', { paymentId: payment.id }, { tx });
    }
  }

  async function applyExpired(tx: Prisma.TransactionClient, session: Stripe.Checkout.Session) {
    const payment = await tx.transaction.findUnique({ where: { stripeCheckoutSessionId: session.id } });
    if (!payment) return;
    const failed = await tx.transaction.updateMany({ where: { id: payment.id, status: 'pending' }, data: { status: 'failed' } });
    const targetId = targetIdOf(payment);
    if (failed.count === 1 && targetId !== null) await targets[payment.kind]?.checkoutExpired?.(tx, targetId);
  }

  /** Records Stripe's refunds of a payment that are not recorded yet, and the payment's new status. */
  async function recordRefunds(tx: Prisma.TransactionClient, payment: Transaction, refunds: Stripe.Refund[]) {
    // The payment first: concurrent refunds of it queue here instead of deadlocking in the trigger.
    await tx.$queryRaw`SELECT id FROM transactions WHERE id = ${payment.id} FOR UPDATE`;
    // Failed and cancelled refunds returned nothing; pending ones are on their way to the card.
    const returned = refunds.filter((refund) => refund.status === 'succeeded' || refund.status === 'pending');
    await tx.transaction.createMany({
      data: returned.map((refund) => ({
        kind: payment.kind,
        type: 'refund' as const,
        refundOfId: payment.id,
        userId: payment.userId,
        membershipId: payment.membershipId,
        bookingId: payment.bookingId,
        amountCents: refund.amount,
        method: 'stripe' as const,
        status: 'completed' as const,
        stripeRefundId: refund.id,
        description: `Rimborso: ${payment.description ?? 'pagamento online'}`,
        paidAt: new Date(refund.created * 1000),
      })),
      skipDuplicates: true,
    });
    const { _sum } = await tx.transaction.aggregate({ where: { refundOfId: payment.id }, _sum: { amountCents: true } });
    const refunded = _sum.amountCents ?? 0;
    if (refunded > 0) {
      await tx.transaction.update({ where: { id: payment.id }, data: { status: refunded >= payment.amountCents ? 'refunded' : 'partially_refunded' } });
    }
  }

  async function stripePayment(where: Prisma.TransactionWhereInput) {
    const payment = await db.transaction.findFirst({ where: { ...where, type: 'payment', method: 'stripe', stripePaymentIntentId: { not: null } } });
    if (!payment) throw notFound('Pagamento online non trovato.');
    return payment;
  }

  /**
   * Refunds an online payment through Stripe (all that is left of it unless `amountCents` is given)
   * and records it. The idempotency key makes a retried call return the same refund.
   */
  async function refund(paymentId: number, { amountCents, idempotencyKey }: { amountCents?: number; idempotencyKey: string }) {
    const payment = await stripePayment({ id: paymentId });
    const { _sum } = await db.transaction.aggregate({ where: { refundOfId: payment.id }, _sum: { amountCents: true } });
    const remaining = payment.amountCents - (_sum.amountCents ?? 0);
    const amount = amountCents ?? remaining;
    if (amount <= 0 || amount > remaining) throw new AppError(422, 'Importo del rimborso non valido.');
    const created = await requireStripe(deps.stripe).refunds.create(
      { payment_intent: payment.stripePaymentIntentId!, amount, metadata: { transaction_id: String(payment.id) } },
      { idempotencyKey },
    );
    await db.$transaction((tx) => recordRefunds(tx, payment, [created]), TRANSACTION_OPTIONS);
    return created;
  }

  return {
    refund,

    /** A verified webhook event; each event id is applied at most once. */
    async handleEvent(event: Stripe.Event) {
      // Refunds are read from Stripe before the transaction, which then only writes.
      let refunded: { payment: Transaction; refunds: Stripe.Refund[] } | null = null;
      if (event.type === 'charge.refunded') {
        const intent = event.data.object.payment_intent;
        const intentId = typeof intent === 'string' ? intent : intent?.id;
        const payment = intentId ? await db.transaction.findUnique({ where: { stripePaymentIntentId: intentId } }) : null;
        // Not recorded yet (the payment's own event is late): answer an error so Stripe sends it again.
        if (!payment) throw new AppError(503, 'Pagamento non ancora registrato: il rimborso sarà applicato al prossimo invio.');
        const list = await requireStripe(deps.stripe).refunds.list({ payment_intent: intentId!, limit: 100 });
        refunded = { payment, refunds: list.data };
      }
      await db.$transaction(async (tx) => {
        const fresh = await tx.stripeEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
        if (fresh.count === 0) return;
        if (event.type === 'checkout.session.completed') await applyCompleted(tx, event.data.object);
        else if (event.type === 'checkout.session.expired') await applyExpired(tx, event.data.object);
        else if (refunded) await recordRefunds(tx, refunded.payment, refunded.refunds);
      }, TRANSACTION_OPTIONS);
    },

    /** The return page asks: if the webhook has not arrived yet, Stripe is asked directly. */
    async reconcile(sessionId: string, userId: number): Promise<TCheckoutOutcome> {
      let payment = await db.transaction.findUnique({ where: { stripeCheckoutSessionId: sessionId } });
      if (!payment || payment.userId !== userId) throw notFound('Pagamento non trovato.');
      if (payment.status === 'pending') {
        const session = await requireStripe(deps.stripe).checkout.sessions.retrieve(sessionId);
        await db.$transaction(async (tx) => {
          if (session.status === 'complete') await applyCompleted(tx, session);
          if (session.status === 'expired') await applyExpired(tx, session);
        }, TRANSACTION_OPTIONS);
        payment = await db.transaction.findUniqueOrThrow({ where: { id: payment.id } });
      }
      const status = payment.status === 'pending' ? 'pending' : payment.status === 'failed' ? 'failed' : 'paid';
      return { status, kind: payment.kind, target_id: targetIdOf(payment) };
    },

    /** Job: a payment goes back in full (something no longer available, or cancelled in time), and the payer is told unless `notify` is false. */
    async refundUnwanted(paymentId: number, { reason = 'unavailable', notify = true }: { reason?: 'unavailable' | 'cancelled'; notify?: boolean } = {}) {
      const payment = await stripePayment({ id: paymentId });
      if (payment.status !== 'completed') return; // already refunded (a retried job)
      const returned = await refund(paymentId, { idempotencyKey: `unwanted-${paymentId}` });
      const user = payment.userId ? await db.user.findUnique({ where: { id: payment.userId } }) : null;
      if (user && notify) await jobs.send('send-email', refundEmail(user, payment.description ?? 'pagamento online', returned.amount, reason));
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
