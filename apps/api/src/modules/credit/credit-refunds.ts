// Credit given back to the member (docs/domain.md#credit): to the card through Stripe refunds of their
// online top-ups, oldest first, or in cash at the desk for what was topped up there. Only money paid in
// goes back, where it came from: each part comes from the account of the top-up it returns (promotional
// credit is never paid out). The credit leaves at
// once, in the transaction; Stripe is asked after it commits (docs/domain.md#stripe-requests), and a
// refund Stripe refuses puts the money back into the credit.
import type { BodyOf, api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { todayInRome } from '../../lib/time.js';
import { accounts, available, credit, debit, post, INSUFFICIENT_CREDIT, settleDebt, walletOf } from '../ledger/index.js';
import { requireStripe, markRefunded, refundOf, refundsDueOf, type StripeRequests } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { auditCreditEntry } from './credit-audit.js';
import { requireConfirmedAmount } from './credit-terms.js';

export const CREDIT_REFUND_MESSAGES = {
  nothing: 'Il credito è a zero: non c’è nulla da rimborsare.',
  refunded: (cents: number, method: 'card' | 'cash') => `Rimborsati ${formatEuros(cents)} ${method === 'card' ? 'sulla carta' : 'in contanti'}.`,
  beyondTopUps: (cents: number, method: 'card' | 'cash') =>
    cents === 0
      ? method === 'card'
        ? 'Non ci sono ricariche online da rimborsare sulla carta: quelle fatte in segreteria si rimborsano in contanti.'
        : 'Non ci sono ricariche fatte in segreteria da rimborsare in contanti: quelle online si rimborsano sulla carta.'
      : `${method === 'card' ? 'Sulla carta' : 'In contanti'} si possono rimborsare al massimo ${formatEuros(cents)}: ${method === 'card' ? 'le ricariche online' : 'le ricariche fatte in segreteria'} non ancora spese né rimborsate.`,
  stopped: (done: number, asked: number) => `Rimborsati ${formatEuros(done)} sulla carta su ${formatEuros(asked)}: Stripe ha rifiutato il resto, che resta nel credito.`,
  heldBack: (done: number, asked: number) =>
    `Rimborsati ${formatEuros(done)} sulla carta su ${formatEuros(asked)}: Stripe ha rifiutato il resto perché il pagamento è contestato; si restituisce quando la contestazione si chiude.`,
  underway: (cents: number) => `Rimborso di ${formatEuros(cents)} sulla carta avviato: Stripe lo completa a breve.`,
} as const;

export const REFUND_DUE_MESSAGES = {
  nothing: 'Non ci sono rimborsi da restituire.',
  held: 'Il rimborso è trattenuto da una contestazione aperta del pagamento: si restituisce quando la contestazione si chiude.',
  paid: (cents: number, method: 'cash' | 'credit') => `Restituiti ${formatEuros(cents)} ${method === 'cash' ? 'in contanti' : 'nel credito'}.`,
} as const;

/** Takes `cents` from the top-up accounts in order, each up to what it has left. */
function planOf<Row extends { available: number }>(rows: Row[], cents: number) {
  const parts: { row: Row; cents: number }[] = [];
  let left = cents;
  for (const row of rows) {
    const part = Math.min(left, row.available);
    if (part <= 0) continue;
    parts.push({ row, cents: part });
    left -= part;
    if (left === 0) break;
  }
  return { parts, refundable: cents - left, uncovered: left };
}

export function createCreditRefunds({ db, stripe }: Pick<AppDeps, 'db' | 'stripe'>, stripeRequests: StripeRequests) {
  /**
   * Moves the credit out in one transaction: the whole balance's refundable part unless an amount is
   * given. One member's refunds take turns on their credit accounts, so two at once never refund the same
   * credit: the second finds it spent (409).
   */
  async function takeOut(staffId: number, userId: number, { amount, method, confirmed }: BodyOf<typeof api.credit.refund>) {
    const card = method === 'card';
    if (card) requireStripe(stripe);
    return db.$transaction(async (tx) => {
      const wallet = await walletOf(tx, userId, { lock: true });
      // Nothing there is the account's state, as for a debt: 409 (docs/domain.md#credit).
      if (wallet.available === 0) throw new AppError(409, CREDIT_REFUND_MESSAGES.nothing);
      if (amount && amount > wallet.available) throw new AppError(409, INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });
      const topUpIds = wallet.accounts.filter((row) => row.kind === 'credit_funded').map((row) => row.transactionId!);
      const topUps = await tx.transaction.findMany({
        where: { id: { in: topUpIds } },
        include: { refunds: { where: { status: 'completed' }, select: { amountCents: true } }, stripeRequests: { where: { kind: 'refund', status: 'failed' }, select: { id: true } } },
      });
      const rows = wallet.accounts.flatMap((row) => {
        const topUp = topUps.find((payment) => payment.id === row.transactionId);
        // Money goes back where it came from: an online top-up to its card, a desk top-up in cash — and in
        // cash too what a card refund Stripe refused left in credit; never more of a payment than was paid
        // and not refunded yet.
        if (!topUp) return [];
        const toCard = topUp.method === 'stripe' && Boolean(topUp.stripePaymentIntentId) && topUp.stripeRequests.length === 0;
        if (card !== toCard) return [];
        const notRefunded = topUp.amountCents - topUp.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
        return [{ account: row, topUp, available: Math.min(available(row), notRefunded) }];
      });
      // Without an amount: all that can go back this way.
      const cents = amount ?? rows.reduce((sum, row) => sum + row.available, 0);
      requireConfirmedAmount(await readSettings(tx), cents, confirmed);
      const plan = planOf(rows, cents);
      if (plan.uncovered > 0 || cents === 0) {
        const message = CREDIT_REFUND_MESSAGES.beyondTopUps(plan.refundable, method);
        throw new AppError(422, message, { amount: [message] });
      }
      const requests: number[] = [];
      let entryId: number | undefined;
      for (const { row, cents: part } of plan.parts) {
        const ofTopUp = `ricarica del ${formatItalianDate(todayInRome(row.topUp.paidAt ?? row.topUp.createdAt))}`;
        const topUp = accounts.funded(userId, row.topUp.id);
        if (card) {
          const request = await stripeRequests.requestRefund(tx, row.topUp, part, { reason: 'credit', notify: false });
          requests.push(request.id);
          const posted = await post(tx, {
            key: `stripe-request:${request.id}:credit`,
            kind: 'credit_refund',
            description: `Rimborso sulla carta della ${ofTopUp}`,
            createdById: staffId,
            userId,
            transactionId: row.topUp.id,
            legs: [debit(topUp, part), credit(accounts.refundPayable(row.topUp.id), part)],
          });
          entryId = posted!.id;
          await auditCreditEntry(tx, 'refund', userId, entryId);
          continue;
        }
        const refund = await tx.transaction.create({
          data: { kind: 'credit', type: 'refund', refundOfId: row.topUp.id, userId, amountCents: part, method: 'cash', status: 'completed', paidAt: new Date(), description: 'Rimborso del credito in contanti' },
        });
        await markRefunded(tx, row.topUp);
        const posted = await post(tx, {
          key: `refund:${refund.id}`,
          kind: 'credit_refund',
          description: `Rimborso in contanti (${ofTopUp})`,
          createdById: staffId,
          userId,
          transactionId: refund.id,
          legs: [debit(topUp, part), credit(accounts.till('cash'), part)],
        });
        entryId = posted!.id;
        await auditCreditEntry(tx, 'refund', userId, entryId);
      }
      return { cents, requests, entryId };
    }, TRANSACTION_OPTIONS);
  }

  /**
   * The member's refunds due (docs/domain.md#refund-payable) paid out at the desk, all at once: in cash (a
   * refund document of the payment, its note follows) or into their credit as money paid in (settling a
   * debt first). One held by an open dispute of its payment waits. Each entry's key names the account's
   * state it pays out (what was paid out of it before), so a replay writes nothing twice.
   */
  async function payRefundDue(staffId: number, userId: number, { method }: BodyOf<typeof api.credit.payRefundDue>) {
    return db.$transaction(async (tx) => {
      const dues = await refundsDueOf(tx, userId, { lock: true });
      const payable = dues.filter((due) => !due.held);
      if (payable.length === 0) throw new AppError(409, dues.length > 0 ? REFUND_DUE_MESSAGES.held : REFUND_DUE_MESSAGES.nothing);
      let entryId: number | undefined;
      for (const { account, paymentId, cents } of payable) {
        const payment = await tx.transaction.findUniqueOrThrow({ where: { id: paymentId } });
        const from = accounts.refundDue(userId, paymentId);
        if (method === 'cash') {
          const refund = await tx.transaction.create({
            data: { ...refundOf(payment), amountCents: cents, method: 'cash', status: 'completed', paidAt: new Date(), description: `Rimborso in contanti: ${payment.description ?? 'pagamento online'}` },
          });
          await markRefunded(tx, payment);
          entryId = (await post(tx, { key: `refund:${refund.id}`, kind: 'refund', description: 'Rimborso non riuscito sulla carta, restituito in contanti', createdById: staffId, userId, transactionId: refund.id, legs: [debit(from, cents), credit(accounts.till('cash'), cents)] }))!.id;
        } else {
          const key = `refund-due:${paymentId}:credit:${account.debitsPosted}`;
          entryId = (await post(tx, { key, kind: 'refund_failed', description: 'Rimborso non riuscito sulla carta, restituito nel credito', createdById: staffId, userId, transactionId: paymentId, legs: [debit(from, cents), credit(accounts.funded(userId, paymentId), cents)] }))!.id;
          await settleDebt(tx, userId, `${key}:debt`, { transactionId: paymentId, createdById: staffId });
        }
        await auditCreditEntry(tx, 'refund', userId, entryId);
      }
      const cents = payable.reduce((total, due) => total + due.cents, 0);
      return { message: REFUND_DUE_MESSAGES.paid(cents, method), entryId: method === 'credit' ? entryId : undefined, cents };
    }, TRANSACTION_OPTIONS);
  }

  return {
    payRefundDue,

    /**
     * Cash is handed over at once. Card refunds are asked of Stripe right after the commit, each once;
     * what Stripe refuses goes back into the credit, what it has not answered yet the job completes.
     */
    async refund(staffId: number, userId: number, body: BodyOf<typeof api.credit.refund>) {
      const { cents, requests, entryId } = await takeOut(staffId, userId, body);
      if (body.method === 'cash') return { message: CREDIT_REFUND_MESSAGES.refunded(cents, 'cash'), entryId, cents };
      for (const requestId of requests) await stripeRequests.perform(requestId).catch(() => undefined);
      const outcomes = await db.stripeRequest.findMany({ where: { id: { in: requests } } });
      const sum = (status: string) => outcomes.filter((row) => row.status === status).reduce((total, row) => total + row.amountCents!, 0);
      if (sum('failed') > 0) {
        // Refused while the payment is disputed, it waits in the refund due (docs/domain.md#refund-payable), not in the credit.
        const held = (await refundsDueOf(db, userId)).some((due) => due.held);
        return { message: (held ? CREDIT_REFUND_MESSAGES.heldBack : CREDIT_REFUND_MESSAGES.stopped)(sum('done'), cents), entryId, cents: cents - sum('failed') };
      }
      if (sum('pending') > 0) return { message: CREDIT_REFUND_MESSAGES.underway(cents), entryId, cents };
      return { message: CREDIT_REFUND_MESSAGES.refunded(cents, 'card'), entryId, cents };
    },
  };
}
