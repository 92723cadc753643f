// The desk's changes to a card (docs/domain.md#memberships): activation, deletion, a Stripe payment linked
// by hand, corrections; and how a payment taken at the desk or on Stripe pays a card.
import { type BodyOf, centsToMoney } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Transaction } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { isUniqueViolation, type Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { fromIsoDate, toIsoDateOrNull } from '../../lib/time.js';
import { releaseCoupon } from '../coupons/index.js';
import { type Checkouts, requireStripe } from '../payments/index.js';
import { accounts, membershipReceivable, moneyAccount, payment as paymentEntry, writeOff } from '../ledger/index.js';
import { fiscalCodeProblem } from './fiscal-code.js';
import type { DeskMembershipList } from './desk-membership-list.js';
import { ADMIN_MEMBERSHIP_MESSAGES, type AdminRoutes, membershipMessages, rethrowOverlap } from './membership-terms.js';
import type { MembershipsService } from './memberships.service.js';

export function createDeskMembershipChanges(deps: Pick<AppDeps, 'db' | 'stripe'>, memberships: MembershipsService, checkouts: Checkouts, { find, load }: DeskMembershipList) {
  const { db } = deps;

  /** The desk activates a pending card (404 for none, 409 for a card that is not pending). */
  async function activateIn(tx: Prisma.TransactionClient, id: number, sendEmail: boolean) {
    if (await memberships.activate(tx, id, sendEmail)) return;
    if (!(await tx.membership.findUnique({ where: { id }, select: { id: true } }))) throw notFound(membershipMessages.notFound);
    throw new AppError(409, ADMIN_MEMBERSHIP_MESSAGES.notPending);
  }

  /** A payment recorded at the desk pays what the card owes (money in by its method). */
  async function payCard(tx: Prisma.TransactionClient, payment: Transaction, membershipId: number, userId: number) {
    await paymentEntry(tx, `payment:${payment.id}`, moneyAccount(payment.method), [{ receivable: membershipReceivable(membershipId), cents: payment.amountCents }], {
      membershipId,
      userId,
      transactionId: payment.id,
      description: payment.description,
    });
  }

  /** A Stripe PaymentIntent that may pay `priceCents`: succeeded, in euros, of that amount, not yet recorded. */
  async function verifiedPaymentIntent(paymentIntentId: string, priceCents: number, typedCents?: number) {
    const stripe = requireStripe(deps.stripe);
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId).catch((error: { code?: string }) => {
      if (error.code === 'resource_missing') throw invalid({ stripe_payment_id: [ADMIN_MEMBERSHIP_MESSAGES.paymentUnknown] });
      throw error;
    });
    const paid = centsToMoney(intent.amount_received || intent.amount);
    if (intent.status !== 'succeeded') throw invalid({ stripe_payment_id: [ADMIN_MEMBERSHIP_MESSAGES.paymentNotSucceeded(intent.status)] });
    if (intent.currency !== 'eur') throw invalid({ stripe_payment_id: [ADMIN_MEMBERSHIP_MESSAGES.paymentCurrency(intent.currency)] });
    if (typedCents !== undefined && typedCents !== intent.amount_received) throw invalid({ amount: [ADMIN_MEMBERSHIP_MESSAGES.amountMismatch(paid)] });
    if (intent.amount_received !== priceCents) throw invalid({ amount: [ADMIN_MEMBERSHIP_MESSAGES.paymentAmount(paid, centsToMoney(priceCents))] });
    if (await db.transaction.findUnique({ where: { stripePaymentIntentId: intent.id }, select: { id: true } })) throw new AppError(409, ADMIN_MEMBERSHIP_MESSAGES.paymentLinked);
    return intent;
  }

  const rethrowLinked = (error: unknown): never => {
    // The payment row written here can only clash on its payment intent.
    if (isUniqueViolation(error)) throw new AppError(409, ADMIN_MEMBERSHIP_MESSAGES.paymentLinked);
    throw error;
  };

  return {
    payCard,
    verifiedPaymentIntent,
    rethrowLinked,

    async activate(id: number, sendEmail: boolean) {
      await db.$transaction((tx) => auditRow(tx, { entity: 'memberships', id, action: 'activate' }, () => activateIn(tx, id, sendEmail)), TRANSACTION_OPTIONS);
      const membership = await load(id);
      return { message: ADMIN_MEMBERSHIP_MESSAGES.activated(membership.membership_number), membership };
    },

    /**
     * Irreversible. Payments stay in the accounts (their rows keep the kind, the card link becomes
     * empty); open Stripe sessions are closed first, and a payment that still arrives for the deleted
     * card is refunded automatically. A coupon use is given back when the card was never paid.
     */
    async remove(id: number) {
      const membership = await find(id);
      await checkouts.refuseIfPaid('membership', id);
      await db.$transaction(async (tx) => {
        // Locks in the order a payment's confirmation takes them: its payment rows, the card, what it owes.
        await checkouts.closeIn(tx, 'membership', id);
        const paid = await tx.transaction.count({ where: { membershipId: id, type: 'payment', status: { in: ['completed', 'partially_refunded'] } } });
        await auditRow(tx, { entity: 'memberships', id, action: 'delete' }, async () => {
          const deleted = await tx.membership.deleteMany({ where: { id } });
          if (deleted.count === 0) throw notFound(membershipMessages.notFound);
        });
        // What it still owes is no longer owed; what was paid stays in the books.
        await writeOff(tx, `membership:${id}:deleted`, [accounts.membership(id)], { membershipId: id, userId: membership.userId, description: `Tessera ${membership.membershipNumber} eliminata` });
        if (membership.couponId && paid === 0 && membership.status !== 'active') await releaseCoupon(tx, membership.couponId);
      }, TRANSACTION_OPTIONS);
      return { message: ADMIN_MEMBERSHIP_MESSAGES.deleted(membership.membershipNumber) };
    },

    async linkStripePayment(id: number, body: BodyOf<AdminRoutes['linkStripePayment']>) {
      const membership = await find(id);
      if (membership.status !== 'pending') throw new AppError(409, ADMIN_MEMBERSHIP_MESSAGES.notPending);
      const intent = await verifiedPaymentIntent(body.stripe_payment_id, membership.priceCents, body.amount);
      // One entry: the card before and as the payment left it (active); the payment's id is in the input.
      await db
        .$transaction(
          (tx) =>
            auditRow(tx, { entity: 'memberships', id, action: 'link-payment' }, async () => {
              await activateIn(tx, id, true);
              const payment = await tx.transaction.create({
                data: {
                  kind: 'membership',
                  userId: membership.userId,
                  membershipId: id,
                  amountCents: intent.amount_received,
                  method: 'stripe',
                  status: 'completed',
                  stripePaymentIntentId: intent.id,
                  description: `Tessera ${membership.membershipNumber} (pagamento collegato a mano)`,
                  paidAt: new Date(intent.created * 1000),
                },
              });
              await payCard(tx, payment, id, membership.userId);
            }),
          TRANSACTION_OPTIONS,
        )
        .catch(rethrowLinked);
      return { message: ADMIN_MEMBERSHIP_MESSAGES.linked, membership: await load(id) };
    },

    async update(id: number, body: BodyOf<AdminRoutes['update']>) {
      const membership = await find(id);
      const fiscalCodeError = fiscalCodeProblem(body.fiscal_code, toIsoDateOrNull(membership.user.birthDate));
      if (fiscalCodeError) throw invalid({ fiscal_code: [fiscalCodeError] });
      const updated = await db
        .$transaction((tx) =>
          auditRow(tx, { entity: 'memberships', id, action: 'update' }, () =>
            tx.membership.update({
              where: { id },
              data: {
                type: body.type,
                startDate: fromIsoDate(body.start_date),
                endDate: fromIsoDate(body.end_date),
                fiscalCode: body.fiscal_code,
                hasInsurance: body.has_insurance,
                notes: body.notes,
                // The card's PDF shows these fields: made again on next download.
                pdfPath: null,
              },
            }),
          ),
        )
        .catch(rethrowOverlap);
      return { message: ADMIN_MEMBERSHIP_MESSAGES.updated(updated.membershipNumber), membership: await load(id) };
    },
  };
}

export type DeskMembershipChanges = ReturnType<typeof createDeskMembershipChanges>;
