// Paying an enrolment (docs/school.md#money): by card through Stripe Checkout (its payment target below),
// with the member's credit, or at the desk. Each settles the enrolment's receivable in the ledger and
// confirms the enrolment; the payer gets one e-mail, queued with it.
import type { api, BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { accounts, enrolmentReceivable, INSUFFICIENT_CREDIT, moneyAccount, owedOne, payment, post, settlingLegs, spendingLegs, takeBackPayment, walletOf } from '../ledger/index.js';
import type { Checkouts, PaymentTarget } from '../payments/index.js';
import { lockEnrolment } from './enrolment-places.js';
import { ENROLMENT_INCLUDE, ENROLMENT_MESSAGES, participantName } from './enrolment-terms.js';
import { isLiveEnrolment } from './live-enrolments.js';
import { enrolmentConfirmedEmail } from './enrolments.emails.js';

function refuseLapsed(holdExpiresAt: Date | null) {
  if (holdExpiresAt && holdExpiresAt <= new Date()) throw new AppError(409, ENROLMENT_MESSAGES.holdLapsed);
}

export function createEnrolmentPayments(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts) {
  const { db } = deps;

  /** Confirmed, its hold dropped, and the payer told what was paid. */
  async function confirm(tx: Prisma.TransactionClient, id: number, paidCents: number) {
    const row = await tx.courseEnrolment.update({ where: { id }, data: { status: 'confirmed', confirmedAt: new Date(), holdExpiresAt: null }, include: { ...ENROLMENT_INCLUDE, user: true } });
    const email = enrolmentConfirmedEmail(row.user, { course: row.course.name, participant: participantName(row), amountCents: paidCents }, `${webOriginOf(deps.config)}/profilo`);
    await deps.jobs.send('send-email', email, { tx });
  }

  /** The member's own enrolment still waiting to be paid, locked, with what it owes. */
  async function pendingOf(tx: Prisma.TransactionClient, id: number, userId: number | null) {
    const row = await lockEnrolment(tx, id);
    if (!row || (userId !== null && row.userId !== userId)) throw notFound(ENROLMENT_MESSAGES.notFound);
    if (row.status !== 'pending_payment') throw new AppError(409, ENROLMENT_MESSAGES.notPending);
    // The member pays only while the place is held; the desk may still take a lapsed hold the job has not released.
    if (userId !== null) refuseLapsed(row.holdExpiresAt);
    return { row, owed: await owedOne(tx, accounts.enrolment(id), { lock: true }) };
  }

  const paymentTarget: PaymentTarget = {
    /** A completed checkout confirms a pending enrolment once; a cancelled or already paid one is refunded. */
    async confirm(tx, id, paid) {
      const row = await tx.courseEnrolment.findUnique({ where: { id } });
      if (row?.status !== 'pending_payment') return false;
      if ((await owedOne(tx, accounts.enrolment(id), { lock: true })) < paid.amountCents) return false;
      await payment(tx, `payment:${paid.id}`, accounts.stripe, [{ receivable: enrolmentReceivable(id), cents: paid.amountCents }], { enrolmentId: id, userId: row.userId, transactionId: paid.id, description: paid.description });
      await confirm(tx, id, paid.amountCents);
      return true;
    },

    /** Money taken back on Stripe's side: the enrolment owes it again (written off if it no longer stands). */
    async takenBack(tx, id, paid, { cents, from, context }) {
      const row = await tx.courseEnrolment.findUnique({ where: { id } });
      await takeBackPayment(tx, { paymentId: paid.id, receivables: [accounts.enrolment(id)], cents, from, stands: row?.status === 'confirmed', userId: paid.userId, context: { ...context, enrolmentId: id } });
    },
  };

  return {
    paymentTarget,

    async checkout(user: User, id: number) {
      const row = await db.courseEnrolment.findFirst({ where: { id, userId: user.id }, include: ENROLMENT_INCLUDE });
      if (!row) throw notFound(ENROLMENT_MESSAGES.notFound);
      if (row.status !== 'pending_payment') throw new AppError(409, ENROLMENT_MESSAGES.notPending);
      refuseLapsed(row.holdExpiresAt);
      const itemName = `Iscrizione: ${row.course.name}`;
      const url = await checkouts.open({
        kind: 'enrolment', targetId: id, customer: user, amountCents: row.amountCents, itemName, cancelPath: '/profilo?pagamento=annullato',
        // Under the enrolment's lock: still a live hold (a cancellation or the job may have come first), and what it owes now.
        async inTransaction(tx, payment) {
          const locked = await lockEnrolment(tx, id);
          if (!locked || locked.status !== 'pending_payment' || !isLiveEnrolment(locked, new Date())) throw new AppError(409, ENROLMENT_MESSAGES.holdLapsed);
          const owed = await owedOne(tx, accounts.enrolment(id), { lock: true });
          await tx.transaction.update({ where: { id: payment.id }, data: { amountCents: owed } });
          return { amountCents: owed, itemName };
        },
      });
      return { checkout_url: url };
    },

    /** Paid with the member's credit, all of it: the wallet locked while read, spent and settled in one entry. */
    async payWithCredit(user: User, id: number) {
      // Another's enrolment does not exist for them, whatever its checkouts (404 before asking Stripe).
      if (!(await db.courseEnrolment.findFirst({ where: { id, userId: user.id } }))) throw notFound(ENROLMENT_MESSAGES.notFound);
      await checkouts.refuseIfPaid('enrolment', id);
      await db.$transaction(async (tx) => {
        const { owed } = await pendingOf(tx, id, user.id);
        await checkouts.closeIn(tx, 'enrolment', id);
        const legs = spendingLegs(await walletOf(tx, user.id, { lock: true }), owed);
        if (!legs) throw new AppError(409, INSUFFICIENT_CREDIT);
        await post(tx, { key: `enrolment:${id}:credit`, kind: 'credit_payment', description: 'Iscrizione pagata con il credito', userId: user.id, enrolmentId: id, legs: [...legs, ...settlingLegs([{ receivable: enrolmentReceivable(id), cents: owed }])] });
        await confirm(tx, id, owed);
      }, TRANSACTION_OPTIONS);
      return ENROLMENT_MESSAGES.paidWithCredit;
    },

    /** Collected at the desk (cash, POS, transfer): a completed payment (its receipt follows) settles it. */
    async collect(staff: User, id: number, { method }: BodyOf<typeof api.enrolments.collect>) {
      await checkouts.refuseIfPaid('enrolment', id);
      await db.$transaction(async (tx) => {
        const { row, owed } = await pendingOf(tx, id, null);
        await auditRow(tx, { entity: 'course_enrolments', id, action: 'mark-paid' }, async () => {
          await checkouts.closeIn(tx, 'enrolment', id);
          const paid = await tx.transaction.create({
            data: { kind: 'enrolment', type: 'payment', enrolmentId: id, userId: row.userId, amountCents: owed, method, status: 'completed', paidAt: new Date(), description: 'Iscrizione ai corsi' },
          });
          await payment(tx, `payment:${paid.id}`, moneyAccount(method), [{ receivable: enrolmentReceivable(id), cents: owed }], { enrolmentId: id, userId: row.userId, transactionId: paid.id, createdById: staff.id });
          await confirm(tx, id, owed);
        });
      }, TRANSACTION_OPTIONS);
      return ENROLMENT_MESSAGES.collected;
    },
  };
}
