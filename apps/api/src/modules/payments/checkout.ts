// Opening a Stripe Checkout Session for something a member pays online (docs/domain.md#payments). Each
// session is a pending payment row until Stripe says how it ended (payments.service.ts applies that).
// Stripe is asked after the row (and any credit set aside with it) is committed, never inside the
// transaction (docs/domain.md#stripe-requests).
import type { TPaymentKind } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, Transaction } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { italian, type Message } from '../../lib/i18n.js';
import type { Stripe } from '../../lib/stripe.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { type HoldResolution, lapsedHolds, openHoldsOf, resolve } from '../ledger/index.js';
import { checkoutSessionParams, openCheckoutToReuse } from './checkout-session.js';
import { lockerOf, type TargetLocks, targetColumn, targetIdOf } from './payment-targets.js';
import { PAYMENTS_UNAVAILABLE, requireStripe } from './stripe-client.js';
import { isFinalRefusal, requestKey, type StripeRequests } from './stripe-requests.js';

/**
 * Stripe wants expires_at at least 30 minutes after it creates the session: a minute of margin covers
 * network time and the SDK's retries. Shorter holds are expired through the API.
 */
export const CHECKOUT_LIFETIME_SECONDS = 31 * 60;

export const ALREADY_PAID = /* i18n */ {
  id: 'api.payments.already_paid',
  message: 'Il pagamento risulta già effettuato: aggiorna la pagina tra qualche secondo.',
};

export interface CheckoutRequest {
  kind: TPaymentKind;
  targetId: number;
  /** Who pays: Stripe's page and its line are in their language (users.locale). */
  customer: { id: number; email: string; locale: string };
  amountCents: number;
  /** What the member sees on the payment page, worded in their language (checkoutItems), e.g. "Tessera stagionale T2027-00012". */
  itemName: Message;
  /** Web path the member returns to when they cancel. */
  cancelPath: string;
  /** For a carnet: the product bought (its target is the member). */
  carnetProductId?: number;
  /**
   * Work that commits with the payment row, before Stripe is asked (e.g. credit set aside for the rest);
   * it may decide the amount and the name there, under its locks (it then updates the row's amount itself;
   * the name is written here).
   */
  inTransaction?: (tx: Prisma.TransactionClient, payment: Transaction) => Promise<void | { amountCents: number; itemName: Message }>;
  /** The same payment asked again while its checkout is open gets that checkout (amountCents and itemName then the ones it pays). */
  reuseOpen?: boolean;
}

/** Whether resolving a hold gave money back now (voided by this call). */
const releasedNow = (row: HoldResolution) => {
  switch (row.outcome) {
    case 'voided':
    case 'expired':
      return row.created;
    case 'posted':
      return false;
    default:
      return row satisfies never;
  }
};

/** Credit (or anything) a payment row set aside is released: its pending entries voided, once. */
export async function releaseHoldsOf(tx: Prisma.TransactionClient, paymentIds: number[]): Promise<number> {
  return (await resolve(tx, await openHoldsOf(tx, paymentIds), 'void')).filter(releasedNow).length;
}

/**
 * Checkouts over unpaid (expired on Stripe, or closed by us): 'failed' when Stripe declined a card in one,
 * otherwise 'abandoned' (docs/domain.md#payments); what they set aside is released. Rows no longer pending
 * are left as they are. Returns how many holds were released.
 */
export async function endCheckouts(tx: Prisma.TransactionClient, paymentIds: number[]): Promise<number> {
  const ended = await tx.$queryRaw<{ id: number }[]>`
    UPDATE transactions SET status = (CASE WHEN declined_at IS NULL THEN 'abandoned' ELSE 'failed' END)::payment_status, updated_at = now()
    WHERE id = ANY(${paymentIds}::int[]) AND status = 'pending' RETURNING id`;
  return releaseHoldsOf(tx, ended.map((row) => row.id));
}

export function createCheckouts({ db, config, stripe, logger }: Pick<AppDeps, 'db' | 'config' | 'stripe' | 'logger'>, stripeRequests: StripeRequests, locks: TargetLocks) {
  const lockTarget = lockerOf(locks);
  /** The lock on what a payment row is for (lockTarget), taken before the row changes or what it set aside is released. */
  async function lockTargetOf(tx: Prisma.TransactionClient, paymentId: number) {
    const payment = await tx.transaction.findUniqueOrThrow({ where: { id: paymentId } });
    const targetId = targetIdOf(payment);
    if (targetId !== null) await lockTarget(tx, payment.kind, targetId);
  }
  const openRows = (tx: Prisma.TransactionClient, kind: TPaymentKind, targetId: number) =>
    tx.transaction.findMany({ where: { kind, [targetColumn(kind)]: targetId, type: 'payment', status: 'pending', method: 'stripe' }, select: { id: true, stripeCheckoutSessionId: true } });

  /** Refuses (409) when a session of the target was paid meanwhile: its payment is on its way. A read, before any transaction. */
  async function refuseIfPaid(kind: TPaymentKind, targetId: number) {
    const open = (await openRows(db, kind, targetId)).filter((row) => row.stripeCheckoutSessionId !== null);
    if (open.length === 0) return;
    const client = requireStripe(stripe);
    for (const row of open) {
      const session = await client.checkout.sessions.retrieve(row.stripeCheckoutSessionId!).catch((error: unknown) => {
        // Unknown to this Stripe account (keys changed, or the test double restarted): nothing to close.
        if (isFinalRefusal(error)) return null;
        throw error;
      });
      if (session?.status === 'complete') throw new AppError(409, ALREADY_PAID);
    }
  }

  /**
   * In the caller's transaction: the target's checkouts still open are closed (rows ended, what they
   * set aside released, their sessions expired after the commit), so one target is never paid twice
   * through two tabs. The target is locked first (lockTarget): a webhook settling one of its rows has
   * taken that lock before the row, so it is waited for, and a session paid at that very moment is
   * confirmed (or refunded) before we look. Returns how many holds (credit set aside) it released.
   */
  async function closeIn(tx: Prisma.TransactionClient, kind: TPaymentKind, targetId: number) {
    await lockTarget(tx, kind, targetId);
    const open = await openRows(tx, kind, targetId);
    if (open.length === 0) return 0;
    const released = await endCheckouts(tx, open.map((row) => row.id));
    for (const row of open) await stripeRequests.requestExpire(tx, row);
    return released;
  }

  /** Records the session Stripe made; a row closed meanwhile has its session closed at once. */
  async function recordSession(requestId: number, paymentId: number, session: Stripe.Checkout.Session) {
    await db.$transaction(async (tx) => {
      await tx.stripeRequest.updateMany({ where: { id: requestId, status: 'pending' }, data: { status: 'done', resultId: session.id, doneAt: new Date() } });
      const payment = await tx.transaction.update({ where: { id: paymentId }, data: { stripeCheckoutSessionId: session.id } });
      if (payment.status !== 'pending') await stripeRequests.requestExpire(tx, payment);
    }, TRANSACTION_OPTIONS);
  }

  /** The checkout could not be opened: the row fails and what it set aside goes back. */
  async function abandon(requestId: number, paymentId: number, reason: string) {
    await db.$transaction(async (tx) => {
      await lockTargetOf(tx, paymentId);
      await tx.stripeRequest.updateMany({ where: { id: requestId, status: 'pending' }, data: { status: 'failed', error: reason.slice(0, 500) } });
      await tx.transaction.updateMany({ where: { id: paymentId, status: 'pending' }, data: { status: 'failed' } });
      await releaseHoldsOf(tx, [paymentId]);
    }, TRANSACTION_OPTIONS);
  }

  /**
   * Job, every minute: what checkouts set aside and whose time ran out is released, each payment's holds
   * under the lock of what it pays for — the lock its webhook takes — so a payment arriving at that
   * moment is waited for, never crossed (docs/domain.md#holds). Returns how many holds were released.
   */
  async function voidLapsedHolds(now = new Date()) {
    const lapsed = await lapsedHolds(db, now);
    let released = 0;
    for (const paymentId of new Set(lapsed.map((hold) => hold.transactionId))) {
      const holds = lapsed.filter((hold) => hold.transactionId === paymentId).map((hold) => hold.id);
      released += await db.$transaction(async (tx) => {
        await lockTargetOf(tx, paymentId);
        // Resolved meanwhile (the payment came first: posted) is left as it is.
        return (await resolve(tx, holds, 'void', now)).filter(releasedNow).length;
      }, TRANSACTION_OPTIONS);
    }
    return released;
  }

  return {
    refuseIfPaid,
    closeIn,
    lockTarget,
    voidLapsedHolds,

    /** refuseIfPaid, then closeIn in a transaction of its own. */
    async closeOpenSessions(kind: TPaymentKind, targetId: number) {
      await refuseIfPaid(kind, targetId);
      return db.$transaction((tx) => closeIn(tx, kind, targetId), TRANSACTION_OPTIONS);
    },

    /** Opens a new session and returns the address of Stripe's payment page. */
    async open(request: CheckoutRequest): Promise<string> {
      const client = requireStripe(stripe);
      await refuseIfPaid(request.kind, request.targetId);
      // One checkout at a time per target (a double click, two tabs): the second waits, then reuses the first or closes it.
      const { payment, stripeRequest, params, reused } = await db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`checkout-${request.kind}`}), ${request.targetId})`;
        const same = { kind: request.kind, targetId: request.targetId, userId: request.customer.id, amountCents: request.amountCents, description: italian(request.itemName) };
        const again = request.reuseOpen ? await openCheckoutToReuse(tx, same) : null;
        // Asked as the first time (the same key, the same parameters in the same order): Stripe answers with its session.
        if (again) return { payment: { id: again.paymentId }, stripeRequest: again, params: checkoutSessionParams({ ...request, webOrigin: webOriginOf(config) }, again.paymentId, request, again.expiresAt), reused: again.resultId };
        await closeIn(tx, request.kind, request.targetId);
        const row = await tx.transaction.create({
          data: {
            kind: request.kind,
            [targetColumn(request.kind)]: request.targetId,
            userId: request.customer.id,
            amountCents: request.amountCents,
            method: 'stripe',
            status: 'pending',
            description: italian(request.itemName),
            carnetProductId: request.carnetProductId ?? null,
          },
        });
        const decided = (await request.inTransaction?.(tx, row)) ?? { amountCents: request.amountCents, itemName: request.itemName };
        // The row names it in Italian for the desk; the member reads it in their language.
        if (decided.itemName !== request.itemName) await tx.transaction.update({ where: { id: row.id }, data: { description: italian(decided.itemName) } });
        const sessionParams = checkoutSessionParams({ ...request, webOrigin: webOriginOf(config) }, row.id, decided, Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_SECONDS);
        const made = await tx.stripeRequest.create({ data: { kind: 'checkout', paymentId: row.id, params: sessionParams as Prisma.InputJsonValue } });
        // Should this process stop before the session is recorded, the job closes it later.
        await stripeRequests.scheduleRecovery(tx, made.id);
        return { payment: row, stripeRequest: made, params: sessionParams, reused: null };
      }, TRANSACTION_OPTIONS);
      // A session reused is asked of Stripe as it is now: it may have been closed there (our own close, Stripe's
      // expiry) before its webhook reached us, and a replayed create would answer as it was then.
      if (reused) {
        const current = await client.checkout.sessions.retrieve(reused);
        if (current.status === 'open' && current.url) return current.url;
        return this.open({ ...request, reuseOpen: false });
      }
      let session: Stripe.Checkout.Session;
      try {
        session = await client.checkout.sessions.create(params, { idempotencyKey: requestKey(stripeRequest) });
      } catch (error) {
        logger.warn({ err: error, paymentId: payment.id }, 'Sessione di pagamento non aperta');
        await abandon(stripeRequest.id, payment.id, error instanceof Error ? error.message : String(error));
        throw new AppError(503, PAYMENTS_UNAVAILABLE);
      }
      await recordSession(stripeRequest.id, payment.id, session);
      if (!session.url) throw new Error(`Checkout Session ${session.id} has no url`);
      return session.url;
    },

    /**
     * Job: a checkout whose session was never recorded (the process stopped in between). The same
     * request again (same key: the same session, if Stripe made one) is closed at once.
     */
    async recover(requestId: number) {
      const request = await db.stripeRequest.findUnique({ where: { id: requestId } });
      if (!request || request.status !== 'pending' || request.kind !== 'checkout') return;
      const session = await requireStripe(stripe).checkout.sessions.create(request.params as unknown as Stripe.Checkout.SessionCreateParams, { idempotencyKey: requestKey(request) });
      await recordSession(request.id, request.paymentId, session);
      await db.$transaction(async (tx) => {
        await lockTargetOf(tx, request.paymentId);
        await tx.transaction.updateMany({ where: { id: request.paymentId, status: 'pending' }, data: { status: 'failed' } });
        await releaseHoldsOf(tx, [request.paymentId]);
        await stripeRequests.requestExpire(tx, { id: request.paymentId });
      }, TRANSACTION_OPTIONS);
    },
  };
}

export type Checkouts = ReturnType<typeof createCheckouts>;
