// What Stripe tells us, applied once (docs/domain.md#payments): a completed Checkout Session records the
// payment and what it pays in the ledger; a declined card marks it (the checkout stays open to try again);
// an expired one ends it and releases what it set aside; refunds and disputes — ours, or started on
// Stripe's dashboard — move the books the same way. The webhook and the return page's reconciliation
// both come through here, so whichever arrives first wins and the other changes nothing.
import { type TCheckoutOutcome, type TPaymentKind, zTextRowId } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, Transaction } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Stripe } from '../../lib/stripe.js';
import { accounts, type AccountRef, available, balancesOf, credit, debit, post } from '../ledger/index.js';
import { endCheckouts, releaseHoldsOf } from './checkout.js';
import { type LockTarget, type PaymentTarget, targetIdOf } from './payment-targets.js';
import { refundEmail } from './payments.emails.js';
import { requireStripe } from './stripe-client.js';
import { disputeHolds, settleRefundDueBeyond } from './refund-due.js';
import { recordRefundRow } from './refund-rows.js';
import type { RefundReason, StripeRequests } from './stripe-requests.js';

const PAYMENT_NOT_FOUND = /* i18n */ { id: 'api.payments.not_found', message: 'Pagamento non trovato.' };


const intentOf = (object: { payment_intent?: string | Stripe.PaymentIntent | null }) =>
  typeof object.payment_intent === 'string' ? object.payment_intent : (object.payment_intent?.id ?? null);


export function createPaymentsService(deps: Pick<AppDeps, 'db' | 'stripe' | 'jobs' | 'logger'>, stripeRequests: StripeRequests, targets: Record<TPaymentKind, PaymentTarget>, lockTarget: LockTarget) {
  const { db, jobs, logger } = deps;

  /** Money received for something that can no longer be had goes back to its card, and the payer is told. */
  async function refundUnwanted(tx: Prisma.TransactionClient, payment: Transaction) {
    await post(tx, {
      key: `payment:${payment.id}:unwanted`,
      kind: 'unwanted_payment',
      description: payment.description,
      userId: payment.userId,
      transactionId: payment.id,
      legs: [debit(accounts.stripe, payment.amountCents), credit(accounts.refundPayable(payment.id), payment.amountCents)],
    });
    await releaseHoldsOf(tx, [payment.id]);
    await stripeRequests.requestRefund(tx, payment, payment.amountCents, { reason: 'unavailable' });
  }

  async function applyCompleted(tx: Prisma.TransactionClient, session: Stripe.Checkout.Session) {
    if (session.status !== 'complete' || session.payment_status !== 'paid') return;
    const payment = await tx.transaction.findUnique({ where: { stripeCheckoutSessionId: session.id } });
    if (!payment) {
      logger.warn({ sessionId: session.id }, 'Checkout Session pagata ma sconosciuta: ignorata');
      return;
    }
    const targetId = targetIdOf(payment);
    if (targetId !== null) await lockTarget(tx, payment.kind, targetId);
    // Only the first to move the row from pending (or ended: paid just as we closed it) applies it.
    const [recorded] = await tx.$queryRaw<Transaction[]>`
      UPDATE transactions SET status = 'completed', paid_at = now(), updated_at = now(), stripe_payment_intent_id = ${intentOf(session)},
        amount_cents = ${session.amount_total ?? payment.amountCents}
      WHERE id = ${payment.id} AND status IN ('pending', 'failed', 'abandoned') RETURNING id`;
    if (!recorded) return;
    const paid = await tx.transaction.findUniqueOrThrow({ where: { id: payment.id } });
    const confirmed = session.amount_total === payment.amountCents && session.currency === 'eur' && targetId !== null && (await targets[payment.kind].confirm(tx, targetId, paid));
    if (!confirmed) {
      logger.warn({ paymentId: payment.id, sessionId: session.id }, 'Pagamento per qualcosa che non si può più avere: rimborso automatico');
      await refundUnwanted(tx, paid);
    }
  }

  /** The checkout is over unpaid: expired (abandoned, or failed after a declined card), or its delayed payment failed. */
  async function applyEnded(tx: Prisma.TransactionClient, session: Stripe.Checkout.Session, declined: boolean) {
    const payment = await tx.transaction.findUnique({ where: { stripeCheckoutSessionId: session.id } });
    if (!payment) return;
    const targetId = targetIdOf(payment);
    if (targetId !== null) await lockTarget(tx, payment.kind, targetId);
    if (declined) await tx.transaction.updateMany({ where: { id: payment.id, status: 'pending' }, data: { declinedAt: new Date() } });
    await endCheckouts(tx, [payment.id]);
  }

  /**
   * A card declined on Stripe's page (Checkout's PaymentIntent carries our payment's id): the session stays
   * open for another card, the payment row stays pending and shows as failed until then.
   */
  async function applyCardDeclined(tx: Prisma.TransactionClient, intent: Stripe.PaymentIntent) {
    const paymentId = zTextRowId().safeParse(intent.metadata.transaction_id);
    if (!paymentId.success) return;
    await tx.transaction.updateMany({ where: { id: paymentId.data, method: 'stripe', type: 'payment', status: 'pending' }, data: { declinedAt: new Date() } });
  }

  /** Money of a payment that left on Stripe's side (a refund on the dashboard, a dispute lost): its document, then the books of what it paid. */
  async function takenBack(tx: Prisma.TransactionClient, payment: Transaction, refund: Pick<Stripe.Refund, 'id' | 'amount' | 'created'>, from: AccountRef, why: string) {
    const row = await recordRefundRow(tx, payment, refund);
    // The money is back with the member: what of it the payment's refund due still held is no longer due.
    await settleRefundDueBeyond(tx, payment, `stripe-refund:${refund.id}:refund-due`);
    const context = { key: `stripe-refund:${refund.id}`, transactionId: row.id, userId: payment.userId, description: why };
    const targetId = targetIdOf(payment);
    if (targetId !== null) await targets[payment.kind].takenBack(tx, targetId, payment, { cents: refund.amount, from, context });
    else {
      // What it paid is gone (a card deleted): the money was earned, and is no longer.
      const revenue = accounts.revenue(payment.kind === 'membership' ? 'membership' : 'booking');
      await post(tx, { ...context, kind: 'stripe_refund', legs: [debit(revenue, refund.amount), credit(from, refund.amount)] });
    }
  }

  /**
   * Every refund Stripe has of a payment, as Stripe says it is now: ours (matched to their request by the
   * refund's id or the request id it carries, or by amount when made on the dashboard for a request) move
   * that request on — gone through, failed, or still on its way (docs/domain.md#refund-payable); any other
   * that has gone through was started on Stripe's side and takes the money back from what the payment paid.
   */
  async function syncRefunds(paymentId: number) {
    const payment = await db.transaction.findUnique({ where: { id: paymentId } });
    if (!payment?.stripePaymentIntentId) return;
    const { data } = await requireStripe(deps.stripe).refunds.list({ payment_intent: payment.stripePaymentIntentId, limit: 100 });
    if (data.length === 0) return;
    const refunds = data.sort((a, b) => a.created - b.created);
    await db.$transaction(async (tx) => {
      // The payment first: concurrent syncs of it queue here.
      await tx.$queryRaw`SELECT id FROM transactions WHERE id = ${payment.id} FOR UPDATE`;
      for (const refund of refunds) {
        const ours = await stripeRequests.requestOf(tx, payment.id, refund);
        if (ours) {
          await stripeRequests.applyRefund(tx, ours, refund);
          continue;
        }
        // A dashboard refund on its way, or failed, has moved nothing yet.
        if (refund.status !== 'succeeded' || (await tx.transaction.findUnique({ where: { stripeRefundId: refund.id }, select: { id: true } }))) continue;
        const request = (await stripeRequests.pendingRefunds(tx, payment.id)).find((row) => row.resultId === null && row.amountCents === refund.amount);
        if (request) await stripeRequests.completeRefund(tx, request, refund);
        else await takenBack(tx, payment, refund, accounts.stripe, 'Rimborso fatto su Stripe');
      }
    }, TRANSACTION_OPTIONS);
  }

  /**
   * Only what moves is posted (docs/domain.md#disputes): the funds a chargeback withdraws go to the disputes
   * account and come back when reinstated; an inquiry moves nothing. A dispute lost takes the money back from
   * what the payment paid, its refund due (a refund Stripe refused or failed meanwhile) first: the bank gave it
   * back to them.
   */
  async function applyDispute(tx: Prisma.TransactionClient, event: Stripe.Event & { data: { object: Stripe.Dispute } }) {
    const dispute = event.data.object;
    const lost = event.type === 'charge.dispute.closed' && dispute.status === 'lost';
    if (!lost && event.type !== 'charge.dispute.funds_withdrawn' && event.type !== 'charge.dispute.funds_reinstated') return;
    const intent = intentOf(dispute);
    const payment = intent ? await tx.transaction.findUnique({ where: { stripePaymentIntentId: intent } }) : null;
    if (!payment) throw new AppError(503, 'Pagamento non ancora registrato: la contestazione sarà applicata al prossimo invio.');
    const context = { userId: payment.userId, transactionId: payment.id };
    if (event.type === 'charge.dispute.funds_withdrawn') {
      await post(tx, { ...context, key: `stripe-dispute:${dispute.id}`, kind: 'dispute', description: 'Pagamento contestato: importo trattenuto dalla banca', legs: [debit(accounts.disputes, dispute.amount), credit(accounts.stripe, dispute.amount)] });
    } else if (event.type === 'charge.dispute.funds_reinstated') {
      await post(tx, { ...context, key: `stripe-dispute:${dispute.id}:won`, kind: 'dispute_closed', description: 'Contestazione vinta: importo restituito', legs: [debit(accounts.stripe, dispute.amount), credit(accounts.disputes, dispute.amount)] });
      await retryRefundDue(tx, payment, `stripe-dispute:${dispute.id}:won:refund-due`);
    } else {
      await takenBack(tx, payment, { id: dispute.id, amount: dispute.amount, created: dispute.created }, accounts.disputes, 'Contestazione persa');
    }
  }

  /**
   * A dispute won frees the refund due it held (docs/domain.md#disputes): it goes to the card again, a Stripe
   * request after this transaction (its idempotency key names the request, made once under the entry's key);
   * refused or failed again, it is due at the desk as before.
   */
  async function retryRefundDue(tx: Prisma.TransactionClient, payment: Transaction, key: string) {
    if (payment.userId === null || (await disputeHolds(tx, payment.id)) > 0) return;
    const due = accounts.refundDue(payment.userId, payment.id);
    const cents = available((await balancesOf(tx, [due.key], { lock: true }))[0]);
    if (cents <= 0) return;
    const posted = await post(tx, { key, kind: 'refund', description: 'Contestazione vinta: il rimborso da ricevere torna sulla carta', userId: payment.userId, transactionId: payment.id, legs: [debit(due, cents), credit(accounts.refundPayable(payment.id), cents)] });
    if (posted?.created) await stripeRequests.requestRefund(tx, payment, cents, { reason: 'refund_due' });
  }

  return {
    syncRefunds,

    /** The payer is told a refund of theirs went through (the credit's own refunds and the rain check tell them otherwise). */
    async notifyRefund(tx: Prisma.TransactionClient, payment: Transaction, cents: number, reason: RefundReason) {
      const user = payment.userId ? await tx.user.findUnique({ where: { id: payment.userId } }) : null;
      if (user && reason !== 'credit' && reason !== 'rain') await jobs.send('send-email', refundEmail(user, payment.description, cents, reason), { tx });
    },

    /** A verified webhook event; each event id is applied at most once. */
    async handleEvent(event: Stripe.Event) {
      // A refund's news (made, gone through, failed) is read from Stripe's list of the payment's refunds.
      if (event.type === 'charge.refunded' || event.type === 'refund.updated' || event.type === 'refund.failed' || event.type === 'charge.refund.updated') {
        const intent = intentOf(event.data.object);
        const payment = intent ? await db.transaction.findUnique({ where: { stripePaymentIntentId: intent }, select: { id: true } }) : null;
        // Not recorded yet (the payment's own event is late): answer an error so Stripe sends it again.
        if (!payment) throw new AppError(503, 'Pagamento non ancora registrato: il rimborso sarà applicato al prossimo invio.');
        await syncRefunds(payment.id);
        return;
      }
      await db.$transaction(async (tx) => {
        const fresh = await tx.stripeEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
        if (fresh.count === 0) return;
        // A delayed payment method (a bank debit) completes the session unpaid and is settled by one of the async events.
        if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') await applyCompleted(tx, event.data.object);
        else if (event.type === 'checkout.session.expired') await applyEnded(tx, event.data.object, false);
        else if (event.type === 'checkout.session.async_payment_failed') await applyEnded(tx, event.data.object, true);
        else if (event.type === 'payment_intent.payment_failed') await applyCardDeclined(tx, event.data.object);
        else if (event.type.startsWith('charge.dispute.')) await applyDispute(tx, event as Stripe.Event & { data: { object: Stripe.Dispute } });
      }, TRANSACTION_OPTIONS);
    },

    /** The return page asks: if the webhook has not arrived yet, Stripe is asked directly. */
    async reconcile(sessionId: string, userId: number): Promise<TCheckoutOutcome> {
      let payment = await db.transaction.findUnique({ where: { stripeCheckoutSessionId: sessionId } });
      if (!payment || payment.userId !== userId) throw notFound(PAYMENT_NOT_FOUND);
      if (payment.status === 'pending') {
        const session = await requireStripe(deps.stripe).checkout.sessions.retrieve(sessionId);
        await db.$transaction(async (tx) => {
          if (session.status === 'complete') await applyCompleted(tx, session);
          if (session.status === 'expired') await applyEnded(tx, session, false);
        }, TRANSACTION_OPTIONS);
        payment = await db.transaction.findUniqueOrThrow({ where: { id: payment.id } });
      }
      const status = payment.status === 'pending' ? 'pending' : payment.status === 'failed' || payment.status === 'abandoned' ? 'failed' : 'paid';
      return { status, kind: payment.kind, target_id: targetIdOf(payment) };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
