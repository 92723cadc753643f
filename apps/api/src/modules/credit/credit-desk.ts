// The desk's writes on a member's credit (docs/domain.md#credit): money topped up at the desk, corrections
// up or down, and credit refunded to the card or in cash — the member is e-mailed about each.
import { randomUUID } from 'node:crypto';
import type { api, BodyOf, TCreditMovement } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { conflictOn, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { localizedEuros, withValues } from '../../lib/i18n.js';
import { instantInRome, todayInRome } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { accounts, credit, debit, post, INSUFFICIENT_CREDIT, settleDebt, spendingLegs, walletOf } from '../ledger/index.js';
import { isAdmin, refuseOwnMoney } from '../auth/index.js';
import type { StripeRequests } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { auditCreditEntry } from './credit-audit.js';
import { creditMovementEmail } from './credit.emails.js';
import { createCreditRefunds } from './credit-refunds.js';
import type { CreditReads } from './credit-statement.js';
import { creditMessages, requireConfirmedAmount } from './credit-terms.js';

/**
 * The credit a staff member has added by corrections today (Rome's day), read from the ledger under a
 * lock of theirs held to the end of the transaction: their corrections at once are counted one by one.
 */
async function addedToday(tx: Prisma.TransactionClient, staffId: number): Promise<number> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('credit-corrections'), ${staffId})`;
  const [added] = await tx.$queryRaw<{ cents: number }[]>`
    SELECT coalesce(sum(p.amount_cents), 0)::int AS cents
    FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
    WHERE e.kind = 'correction' AND e.created_by_id = ${staffId} AND e.effective_at >= ${instantInRome(todayInRome(), '00:00')}
      AND a.key = ${accounts.adjustments.key} AND p.amount_cents > 0`;
  return added!.cents;
}

export function createCreditDesk(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'stripe'>, stripeRequests: StripeRequests, { changed, memberOf }: CreditReads) {
  const { db, jobs, config } = deps;
  const refunds = createCreditRefunds(deps, stripeRequests);

  /** A member is e-mailed about a movement of their credit they did not make themselves. */
  async function tellMember(tx: Prisma.TransactionClient, userId: number, movement: { kind: TCreditMovement['kind']; amountCents: number; reason: string | null }) {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    const { balance } = await walletOf(tx, userId);
    await jobs.send('send-email', creditMovementEmail(user, movement, balance, `${webOriginOf(config)}/profilo`), { tx });
  }

  const overdrawn = conflictOn('ledger_accounts_never_overdrawn', INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });

  return {
    /** Money handed over at the desk: a completed payment (its receipt follows) and the credit it buys. */
    async deskTopUp(staff: User, userId: number, { amount, method, confirmed }: BodyOf<typeof api.credit.deskTopUp>) {
      await memberOf(userId);
      refuseOwnMoney(staff, [userId]);
      requireConfirmedAmount(await readSettings(db), amount, confirmed);
      const entryId = await db.$transaction(async (tx) => {
        const payment = await tx.transaction.create({
          data: { kind: 'credit', userId, amountCents: amount, method, status: 'completed', paidAt: new Date(), description: 'Ricarica credito in segreteria' },
        });
        const posted = await post(tx, {
          key: `payment:${payment.id}`,
          kind: 'top_up',
          description: 'Ricarica in segreteria',
          createdById: staff.id,
          userId,
          transactionId: payment.id,
          legs: [debit(accounts.till(method), amount), credit(accounts.funded(userId, payment.id), amount)],
        });
        await settleDebt(tx, userId, `payment:${payment.id}:debt`, { transactionId: payment.id, createdById: staff.id });
        await auditCreditEntry(tx, 'top-up', userId, posted!.id);
        await tellMember(tx, userId, { kind: 'top_up', amountCents: amount, reason: 'Ricarica in segreteria' });
        return posted!.id;
      }, TRANSACTION_OPTIONS);
      return changed('Ricarica registrata.', userId, entryId);
    },

    /**
     * A correction by staff, up or down, always with its reason; never below zero. Adding more in a day
     * than the limit, or correcting one's own credit, is an admin's. Up: promotional credit (never paid
     * out); down: promotional credit first. Its key names the request: two corrections alike are two.
     */
    async adjust(staff: User, userId: number, { amount, reason }: BodyOf<typeof api.credit.adjust>) {
      await memberOf(userId);
      refuseOwnMoney(staff, [userId], creditMessages.ownCorrection);
      const { creditCorrectionLimitCents } = await readSettings(db);
      const entryId = await db
        .$transaction(async (tx) => {
          if (!isAdmin(staff) && amount > 0 && (await addedToday(tx, staff.id)) + amount > creditCorrectionLimitCents) {
            throw forbidden(withValues(creditMessages.aboveLimit, { limit: localizedEuros(creditCorrectionLimitCents) }));
          }
          let legs;
          if (amount > 0) legs = [debit(accounts.adjustments, amount), credit(accounts.promo(userId), amount)];
          else {
            const wallet = await walletOf(tx, userId, { lock: true });
            const spent = spendingLegs({ ...wallet, accounts: [...wallet.accounts].reverse() }, -amount);
            if (!spent) throw new AppError(409, INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });
            legs = [...spent, credit(accounts.adjustments, -amount)];
          }
          const posted = await post(tx, { key: `correction:${userId}:${randomUUID()}`, kind: 'correction', description: reason, createdById: staff.id, userId, legs });
          await auditCreditEntry(tx, 'adjust', userId, posted!.id);
          await tellMember(tx, userId, { kind: 'desk_adjustment', amountCents: amount, reason });
          return posted!.id;
        }, TRANSACTION_OPTIONS)
        .catch(overdrawn);
      return changed('Rettifica registrata.', userId, entryId);
    },

    /** Credit given back to the card of the online top-ups or in cash (audited; the member is e-mailed). */
    async refund(staff: User, userId: number, body: BodyOf<typeof api.credit.refund>) {
      await memberOf(userId);
      refuseOwnMoney(staff, [userId]);
      const { message, entryId, cents } = await refunds.refund(staff.id, userId, body);
      await db.$transaction((tx) => tellMember(tx, userId, { kind: body.method === 'card' ? 'refund_to_card' : 'cash_refund', amountCents: -cents, reason: message }), TRANSACTION_OPTIONS);
      return changed(message, userId, entryId);
    },
  };
}
