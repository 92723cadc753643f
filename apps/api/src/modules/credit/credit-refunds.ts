// Credit given back to the member (docs/domain.md#credit): to the card through Stripe refunds of their
// online top-ups, oldest first, or in cash at the desk. Each part is a refund row of the top-up it
// returns (so the books show the money going out) and the ledger movement that debits it.
import type { BodyOf, api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, Transaction } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { todayInRome } from '../../lib/time.js';
import { requireStripe } from '../payments/checkout.js';
import { INSUFFICIENT_CREDIT, type CreditLedger } from './credit-ledger.js';

export const CREDIT_REFUND_MESSAGES = {
  nothing: 'Il credito è a zero: non c’è nulla da rimborsare.',
  refunded: (cents: number, method: 'card' | 'cash') => `Rimborsati ${formatEuros(cents)} ${method === 'card' ? 'sulla carta' : 'in contanti'}.`,
  beyondTopUps: (cents: number, method: 'card' | 'cash') =>
    cents === 0
      ? `Non ci sono ricariche ${method === 'card' ? 'online ' : ''}da rimborsare${method === 'card' ? ' sulla carta: rimborsa in contanti' : ''}.`
      : `${method === 'card' ? 'Sulla carta' : 'In contanti'} si possono rimborsare al massimo ${formatEuros(cents)}: ${method === 'card' ? 'le ricariche online' : 'le ricariche'} non rimborsate.`,
  stopped: (done: number, asked: number) => `Rimborsati ${formatEuros(done)} sulla carta su ${formatEuros(asked)}: Stripe ha rifiutato il resto, che resta nel credito.`,
  stripeFailed: 'Il rimborso sulla carta non è riuscito: riprova più tardi o rimborsa in contanti.',
} as const;

/** Stripe's refunds are asked inside the transaction (with the SDK's retries), so it may run longer. */
const REFUND_TRANSACTION = { ...TRANSACTION_OPTIONS, timeout: 30_000 } as const;

type TopUp = Transaction & { refunds: { amountCents: number }[] };

/** What is left of each top-up, oldest first, taken until `cents` is covered. */
function planOf(topUps: TopUp[], cents: number) {
  const parts: { topUp: TopUp; refundedBefore: number; cents: number }[] = [];
  let left = cents;
  for (const topUp of topUps) {
    const refundedBefore = topUp.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
    const part = Math.min(left, topUp.amountCents - refundedBefore);
    if (part <= 0) continue;
    parts.push({ topUp, refundedBefore, cents: part });
    left -= part;
    if (left === 0) break;
  }
  return { parts, uncovered: left, refundable: cents - left };
}

export function createCreditRefunds({ db, stripe }: Pick<AppDeps, 'db' | 'stripe'>, { move }: Pick<CreditLedger, 'move'>) {
  /** A refund row of one top-up and the movement that debits it; the top-up's status follows. */
  async function record(tx: Prisma.TransactionClient, staffId: number, { topUp, refundedBefore, cents }: ReturnType<typeof planOf>['parts'][number], how: { method: 'cash' } | { method: 'stripe'; stripeRefundId: string }) {
    const card = how.method === 'stripe';
    const row = await tx.transaction.create({
      data: {
        kind: 'credit',
        type: 'refund',
        refundOfId: topUp.id,
        userId: topUp.userId,
        amountCents: cents,
        method: how.method,
        status: 'completed',
        stripeRefundId: card ? how.stripeRefundId : null,
        paidAt: new Date(),
        description: card ? 'Rimborso del credito sulla carta' : 'Rimborso del credito in contanti',
      },
    });
    await tx.transaction.update({ where: { id: topUp.id }, data: { status: refundedBefore + cents >= topUp.amountCents ? 'refunded' : 'partially_refunded' } });
    const ofTopUp = `ricarica del ${formatItalianDate(todayInRome(topUp.paidAt ?? topUp.createdAt))}`;
    return move(tx, {
      userId: topUp.userId!,
      amountCents: -cents,
      kind: card ? 'refund_to_card' : 'cash_refund',
      reason: card ? `Rimborso sulla carta della ${ofTopUp}` : `Rimborso in contanti (${ofTopUp})`,
      transactionId: row.id,
      bookingId: null,
      createdById: staffId,
      byMember: false,
    });
  }

  return {
    /**
     * The whole balance unless an amount is given. One member's refunds take turns on their balance row,
     * so two at once never refund the same credit: the second finds it spent (422, or 409 for an amount).
     */
    refund(staffId: number, userId: number, { amount, method }: BodyOf<typeof api.credit.refund>) {
      return db.$transaction(async (tx) => {
        const [row] = await tx.$queryRaw<{ balanceCents: number }[]>`SELECT balance_cents AS "balanceCents" FROM credit_balances WHERE user_id = ${userId} FOR UPDATE`;
        const balance = row?.balanceCents ?? 0;
        const cents = amount ?? balance;
        if (cents === 0) throw new AppError(422, CREDIT_REFUND_MESSAGES.nothing);
        if (cents > balance) throw new AppError(409, INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });
        // Each refund returns money of one top-up (a card refund: only an online one), oldest first;
        // locked, so Stripe's webhook records these refunds only after this transaction, finding them done.
        const card = method === 'card';
        const topUps = await tx.transaction.findMany({
          where: { userId, kind: 'credit', type: 'payment', status: { in: ['completed', 'partially_refunded'] }, ...(card ? { method: 'stripe', stripePaymentIntentId: { not: null } } : {}) },
          include: { refunds: { select: { amountCents: true } } },
          orderBy: [{ paidAt: 'asc' }, { id: 'asc' }],
        });
        await tx.$queryRaw`SELECT id FROM transactions WHERE id = ANY(${topUps.map((topUp) => topUp.id)}::int[]) FOR UPDATE`;
        const plan = planOf(topUps, cents);
        if (plan.uncovered > 0) throw new AppError(422, CREDIT_REFUND_MESSAGES.beyondTopUps(plan.refundable, method), { amount: [CREDIT_REFUND_MESSAGES.beyondTopUps(plan.refundable, method)] });
        if (!card) {
          let last;
          for (const part of plan.parts) last = await record(tx, staffId, part, { method: 'cash' });
          return { message: CREDIT_REFUND_MESSAGES.refunded(cents, method), ...last! };
        }
        const client = requireStripe(stripe);
        let last;
        let done = 0;
        for (const part of plan.parts) {
          // The key is the top-up's refunded state: the same request retried gets the same refund back.
          const refund = await client.refunds
            .create(
              { payment_intent: part.topUp.stripePaymentIntentId!, amount: part.cents, metadata: { transaction_id: String(part.topUp.id), reason: 'credit_refund' } },
              { idempotencyKey: `credit-refund-${part.topUp.id}-${part.refundedBefore}-${part.cents}` },
            )
            .catch(() => null);
          // Refused: what went through is kept and recorded, the rest stays credit.
          if (!refund) break;
          last = await record(tx, staffId, part, { method: 'stripe', stripeRefundId: refund.id });
          done += part.cents;
        }
        if (!last) throw new AppError(502, CREDIT_REFUND_MESSAGES.stripeFailed);
        return { message: done === cents ? CREDIT_REFUND_MESSAGES.refunded(cents, method) : CREDIT_REFUND_MESSAGES.stopped(done, cents), ...last };
      }, REFUND_TRANSACTION);
    },
  };
}
