// Calls to Stripe outside database transactions (docs/domain.md#stripe-requests). A change that needs
// Stripe to act (a refund, a session closed) writes a request row in its own transaction and queues the
// job that makes the call; the call carries the row's id in its idempotency key, and its result is
// recorded once, by whichever of the job, the caller or the webhook gets there first.
import type { AppDeps } from '../../deps.js';
import type { Prisma, StripeRequest, Transaction } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import type { Stripe } from '../../lib/stripe.js';
import { accounts, credit, debit, post, settleDebt } from '../ledger/index.js';
import { refundFailedEmail } from './payments.emails.js';
import { disputeHolds, keepRefundDue } from './refund-due.js';
import { markRefunded, recordRefundRow } from './refund-rows.js';
import { requireStripe } from './stripe-client.js';

/** A checkout whose session was never recorded this long after it was asked for was interrupted: it is closed. */
export const CHECKOUT_RECOVERY_SECONDS = 120;

/** Why money goes back to a card; `refund_due` is a refund due sent again once the dispute holding it was won. */
export type RefundReason = 'cancelled' | 'centre' | 'unavailable' | 'credit' | 'rain' | 'refund_due';

/** Stripe's answer that will not change however often it is asked again (a 4xx other than a lock or a rate limit). */
export const isFinalRefusal = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429;
};

export const requestKey = (request: Pick<StripeRequest, 'id'>) => `stripe-request-${request.id}`;

/** The payment's row of a request, locked: whoever records a refund of it takes it first, so they queue instead of deadlocking. */
const lockPaymentOf = (tx: Prisma.TransactionClient, requestId: number) =>
  tx.$queryRaw`SELECT t.id FROM transactions t JOIN stripe_requests r ON r.payment_id = t.id WHERE r.id = ${requestId} FOR UPDATE OF t`;

export interface RefundHooks {
  /** Records every refund Stripe has of the payment that the books do not know yet (run before a refund is asked for). */
  syncRefunds(paymentId: number): Promise<void>;
  /** The payer is told their refund went through. */
  notify(tx: Prisma.TransactionClient, payment: Transaction, cents: number, reason: RefundReason): Promise<void>;
  /** A checkout whose session was never recorded is closed (checkout.ts). */
  recoverCheckout(requestId: number): Promise<void>;
}

export function createStripeRequests(deps: Pick<AppDeps, 'db' | 'stripe' | 'jobs' | 'logger'>) {
  const { db, jobs, logger } = deps;
  let hooks: RefundHooks | undefined;

  /**
   * Money of a payment that goes back to its card: the caller has credited it to the payment's
   * refund_payable account in this transaction; the job refunds it.
   */
  async function requestRefund(tx: Prisma.TransactionClient, payment: Pick<Transaction, 'id'>, cents: number, { reason, notify = true }: { reason: RefundReason; notify?: boolean }) {
    const request = await tx.stripeRequest.create({ data: { kind: 'refund', paymentId: payment.id, amountCents: cents, reason, notify } });
    await jobs.send('stripe-request', { requestId: request.id }, { tx });
    return request;
  }

  /** Closes a payment's Checkout Session, once, after this transaction (the caller marks its row failed). */
  async function requestExpire(tx: Prisma.TransactionClient, payment: Pick<Transaction, 'id'>) {
    const [request] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO stripe_requests (kind, payment_id) VALUES ('expire', ${payment.id}) ON CONFLICT DO NOTHING RETURNING id`;
    if (request) await jobs.send('stripe-request', { requestId: request.id }, { tx });
  }

  /**
   * A refund Stripe made for a request: the refund row (its refund note follows), the money leaving
   * Stripe, the payment's status, the payer told, once.
   */
  async function completeRefund(tx: Prisma.TransactionClient, request: Pick<StripeRequest, 'id'>, refund: Stripe.Refund) {
    // The payment's row first, as the webhook's syncRefunds takes it before the request's: the job and the
    // webhook recording the same refund then queue on it instead of deadlocking (request row, then payment row).
    await lockPaymentOf(tx, request.id);
    const [done] = await tx.$queryRaw<StripeRequest[]>`
      UPDATE stripe_requests SET status = 'done', result_id = ${refund.id}, done_at = now(), updated_at = now(), error = NULL
      WHERE id = ${request.id} AND status = 'pending' RETURNING id, payment_id AS "paymentId", amount_cents AS "amountCents", reason, notify`;
    if (!done) return false;
    const payment = await tx.transaction.findUniqueOrThrow({ where: { id: done.paymentId } });
    const row = await recordRefundRow(tx, payment, refund);
    await post(tx, {
      key: `stripe-refund:${refund.id}`,
      kind: 'refund_sent',
      description: 'Rimborso eseguito da Stripe',
      userId: payment.userId,
      transactionId: row.id,
      legs: [debit(accounts.refundPayable(payment.id), refund.amount), credit(accounts.stripe, refund.amount)],
    });
    if (done.notify) await hooks?.notify(tx, payment, refund.amount, done.reason as RefundReason);
    return true;
  }

  /**
   * What Stripe says of the refund made for a request (docs/domain.md#refund-payable): gone through, failed
   * (even after it had gone through: the card's bank sent it back), or still on its way — then nothing moves
   * and nobody is told; the request waits, known by the refund's id, for Stripe's refund.updated.
   */
  async function applyRefund(tx: Prisma.TransactionClient, request: Pick<StripeRequest, 'id'>, refund: Stripe.Refund) {
    if (refund.status === 'succeeded') return completeRefund(tx, request, refund);
    if (refund.status === 'failed' || refund.status === 'canceled') return refundFailed(tx, request.id, `Rimborso ${refund.status} (${refund.failure_reason ?? 'senza motivo'})`, refund.id);
    await tx.stripeRequest.updateMany({ where: { id: request.id, status: 'pending', resultId: null }, data: { resultId: refund.id } });
    return false;
  }

  /**
   * A card refund Stripe failed after it was asked for: the money goes to the member's refund due and they
   * are told in their language; one that had gone through comes back from Stripe, its refund row failed.
   */
  async function refundFailed(tx: Prisma.TransactionClient, requestId: number, why: string, refundId: string) {
    await lockPaymentOf(tx, requestId);
    const request = await tx.stripeRequest.findUniqueOrThrow({ where: { id: requestId }, include: { payment: true } });
    if (request.status === 'failed' || (request.status === 'done' && request.resultId !== refundId)) return false;
    const { payment } = request;
    await tx.stripeRequest.update({ where: { id: requestId }, data: { status: 'failed', error: why.slice(0, 500), resultId: refundId } });
    if (request.status === 'done') {
      const row = await tx.transaction.update({ where: { stripeRefundId: refundId }, data: { status: 'failed' } });
      await markRefunded(tx, payment);
      await keepRefundDue(tx, payment, request, accounts.stripe, { rowId: row.id, refundId });
    } else await keepRefundDue(tx, payment, request, accounts.refundPayable(payment.id));
    const user = payment.userId ? await tx.user.findUnique({ where: { id: payment.userId } }) : null;
    if (user) await jobs.send('send-email', refundFailedEmail(user, payment.description, request.amountCents!), { tx });
    logger.warn({ requestId, paymentId: payment.id, why }, 'Rimborso sulla carta non riuscito: importo da restituire in segreteria');
    return true;
  }

  /**
   * A refund Stripe refused when asked: the money never left, and stays the member's credit (money paid in,
   * so it can still be given back at the desk) — but a payment under dispute may come back to them from
   * their bank: then it waits in their refund due until the dispute closes (docs/domain.md#refund-payable).
   * A payer with no account (a guest's share) has no credit: the money stays in refunds payable and the
   * reconciliation names it until it is handed back.
   */
  async function failRefund(request: StripeRequest, error: unknown) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const disputedCharge = (error as { code?: string }).code === 'charge_disputed';
    await db.$transaction(async (tx) => {
      await lockPaymentOf(tx, request.id);
      const failed = await tx.stripeRequest.updateMany({ where: { id: request.id, status: 'pending' }, data: { status: 'failed', error: message } });
      if (failed.count === 0) return;
      const payment = await tx.transaction.findUniqueOrThrow({ where: { id: request.paymentId } });
      if (payment.userId === null) return;
      // A refund due sent again after a dispute was won stays due at the desk.
      if (disputedCharge || request.reason === 'refund_due' || (await disputeHolds(tx, payment.id)) > 0) return keepRefundDue(tx, payment, request, accounts.refundPayable(payment.id));
      await post(tx, {
        key: `stripe-request:${request.id}:failed`,
        kind: 'refund_failed',
        description: 'Rimborso sulla carta non riuscito: importo nel credito',
        userId: payment.userId,
        transactionId: payment.id,
        legs: [debit(accounts.refundPayable(payment.id), request.amountCents!), credit(accounts.funded(payment.userId, payment.id), request.amountCents!)],
      });
      await settleDebt(tx, payment.userId, `stripe-request:${request.id}:failed:debt`, { transactionId: payment.id });
    }, TRANSACTION_OPTIONS);
    logger.warn({ err: error, requestId: request.id, paymentId: request.paymentId }, 'Rimborso rifiutato da Stripe');
  }

  async function performRefund(request: StripeRequest) {
    // A refund made earlier for this request, or on Stripe's dashboard for this money, is recorded first.
    await hooks?.syncRefunds(request.paymentId);
    const fresh = await db.stripeRequest.findUniqueOrThrow({ where: { id: request.id } });
    if (fresh.status !== 'pending') return;
    const payment = await db.transaction.findUniqueOrThrow({ where: { id: request.paymentId } });
    await db.stripeRequest.update({ where: { id: request.id }, data: { attempts: { increment: 1 } } });
    try {
      const refund = await requireStripe(deps.stripe).refunds.create(
        { payment_intent: payment.stripePaymentIntentId!, amount: request.amountCents!, metadata: { stripe_request_id: String(request.id), transaction_id: String(payment.id) } },
        { idempotencyKey: requestKey(request) },
      );
      await db.$transaction((tx) => applyRefund(tx, request, refund), TRANSACTION_OPTIONS);
    } catch (error) {
      if (!isFinalRefusal(error)) throw error;
      // Refused: perhaps because the money went back another way meanwhile (Stripe's dashboard).
      await hooks?.syncRefunds(request.paymentId);
      const still = await db.stripeRequest.findUniqueOrThrow({ where: { id: request.id } });
      if (still.status === 'pending') await failRefund(still, error);
    }
  }

  async function performExpire(request: StripeRequest) {
    const payment = await db.transaction.findUniqueOrThrow({ where: { id: request.paymentId } });
    if (payment.stripeCheckoutSessionId) {
      await requireStripe(deps.stripe)
        .checkout.sessions.expire(payment.stripeCheckoutSessionId, {}, { idempotencyKey: requestKey(request) })
        .catch((error: unknown) => {
          // Already complete or expired (or unknown to this account): nothing left to close.
          if (!isFinalRefusal(error)) throw error;
        });
    }
    await db.stripeRequest.updateMany({ where: { id: request.id, status: 'pending' }, data: { status: 'done', doneAt: new Date() } });
  }

  return {
    requestRefund,
    requestExpire,
    completeRefund,
    applyRefund,

    /** The job that closes a checkout interrupted before its session was recorded, in a while. */
    scheduleRecovery: (tx: Prisma.TransactionClient, requestId: number) => jobs.send('stripe-request', { requestId }, { tx, startAfterSeconds: CHECKOUT_RECOVERY_SECONDS }),

    setHooks(refundHooks: RefundHooks) {
      hooks = refundHooks;
    },

    /** Job 'stripe-request': makes the call; a passing failure is retried by the job with its backoff. */
    async perform(requestId: number) {
      const request = await db.stripeRequest.findUnique({ where: { id: requestId } });
      if (!request || request.status !== 'pending') return;
      if (request.kind === 'refund') await performRefund(request);
      else if (request.kind === 'expire') await performExpire(request);
      else await hooks?.recoverCheckout(request.id);
    },

    /** The refunds asked for a payment still waiting for Stripe (for the payer's refund to be matched). */
    pendingRefunds: (tx: Prisma.TransactionClient, paymentId: number) =>
      tx.stripeRequest.findMany({ where: { paymentId, kind: 'refund', status: 'pending' }, orderBy: { id: 'asc' } }),

    /** The request a refund of the payment was made for: by its id, or by the request id it carries. */
    requestOf: (tx: Prisma.TransactionClient, paymentId: number, refund: Stripe.Refund) =>
      tx.stripeRequest.findFirst({ where: { paymentId, kind: 'refund', OR: [{ resultId: refund.id }, { id: Number(refund.metadata?.stripe_request_id) || -1 }] } }),
  };
}

export type StripeRequests = ReturnType<typeof createStripeRequests>;
