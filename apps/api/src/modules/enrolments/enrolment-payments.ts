// Paying an enrolment (docs/school.md#money, #instalments): by card through Stripe Checkout (its payment
// target below), with the member's credit, or at the desk. Each pays what is due now — a pending
// enrolment's first instalment confirms it; a confirmed one that still owes pays its next instalment —
// settles that much of the enrolment's receivable in the ledger, and queues one e-mail to the payer.
import { titleIn, type api, type BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { CourseEnrolment, Prisma, User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { refuseOwnMoney } from '../auth/index.js';
import { transferForEmail } from '../bank-transfer/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { i18nFor } from '../../lib/i18n.js';
import { todayInRome, toIsoDate } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { accounts, enrolmentReceivable, INSUFFICIENT_CREDIT, moneyAccount, owedOne, payment, post, settlingLegs, spendingLegs, takeBackPayment, walletOf } from '../ledger/index.js';
import { checkoutItems, type Checkouts, type EnrolmentPart, type PaymentTarget } from '../payments/index.js';
import { lockEnrolment } from './enrolment-places.js';
import { ENROLMENT_INCLUDE, ENROLMENT_MESSAGES, participantName } from './enrolment-terms.js';
import { enrolmentConfirmedEmail, instalmentPaidEmail } from './enrolments.emails.js';
import { instalmentStates, paidPart, payNowOf, planOf } from './instalments.js';
import { assertSiblingConfirmed } from './enrol-checks.js';

function refuseLapsed(holdExpiresAt: Date | null) {
  if (holdExpiresAt && holdExpiresAt <= new Date()) throw new AppError(409, ENROLMENT_MESSAGES.holdLapsed);
}

export function createEnrolmentPayments(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts) {
  const { db } = deps;
  const enrolmentsUrl = () => `${webOriginOf(deps.config)}/profilo`;

  /**
   * After `paidCents` were settled: a pending enrolment is confirmed (its hold dropped) and the payer gets
   * the confirmation; a confirmed one stays as it is and the payer gets "rata pagata" with what is left.
   */
  async function paid(tx: Prisma.TransactionClient, enrolment: CourseEnrolment, paidCents: number) {
    const { id } = enrolment;
    if (enrolment.status === 'pending_payment') {
      const row = await tx.courseEnrolment.update({
        where: { id }, data: { status: 'confirmed', confirmedAt: new Date(), holdExpiresAt: null },
        include: { ...ENROLMENT_INCLUDE, user: true, course: { select: { name: true, titleDe: true, titleEn: true, startsOn: true, endsOn: true } } },
      });
      // What is left after this payment: by when, when one instalment (a camp's balance) is left.
      const owedCents = await owedOne(tx, accounts.enrolment(id));
      const unpaid = instalmentStates(planOf(row), row.amountCents, owedCents, todayInRome(), 0).filter((instalment) => !instalment.paid);
      const confirmed = {
        course: titleIn(row.user.locale, row.course), participant: participantName(row), startsOn: toIsoDate(row.course.startsOn), endsOn: toIsoDate(row.course.endsOn),
        priceCents: row.amountCents, siblingDiscountCents: row.siblingDiscountCents, amountCents: paidCents,
        owedCents, balanceDueOn: unpaid.length === 1 ? unpaid[0]!.dueOn : null,
      };
      // A camp's balance left to pay can be paid by transfer (docs/annual-accounts.md#paying-by-transfer).
      const balance = unpaid.length === 1 ? unpaid[0]! : null;
      const transfer = balance ? await transferForEmail(tx, i18nFor(row.user.locale), { kind: 'enrolment', id, seq: balance.seq }, owedCents) : null;
      await deps.jobs.send('send-email', enrolmentConfirmedEmail(row.user, confirmed, enrolmentsUrl(), transfer), { tx });
      return;
    }
    const row = await tx.courseEnrolment.findUniqueOrThrow({ where: { id }, include: { ...ENROLMENT_INCLUDE, user: true } });
    const owedCents = await owedOne(tx, accounts.enrolment(id));
    await deps.jobs.send('send-email', instalmentPaidEmail(row.user, { course: titleIn(row.user.locale, row.course), participant: participantName(row), amountCents: paidCents, owedCents }, enrolmentsUrl()), { tx });
  }

  /**
   * The enrolment locked, if it may be paid now — pending within its hold (the desk, `userId` null, may
   * still take a lapsed hold the job has not released), or confirmed and still owing — with what paying
   * it now settles: up to instalment `seq` when named, else what is due now or the next instalment.
   */
  async function payableOf(tx: Prisma.TransactionClient, id: number, userId: number | null, seq?: number) {
    const row = await lockEnrolment(tx, id);
    if (!row || (userId !== null && row.userId !== userId)) throw notFound(ENROLMENT_MESSAGES.notFound);
    if (row.status === 'cancelled') throw new AppError(409, ENROLMENT_MESSAGES.holdLapsed);
    if (row.status === 'pending_payment' && userId !== null) refuseLapsed(row.holdExpiresAt);
    // The desk may take it in any order; a member pays the sibling without the discount first.
    if (userId !== null) await assertSiblingConfirmed(tx, row);
    const owed = await owedOne(tx, accounts.enrolment(id), { lock: true });
    if (owed <= 0) throw new AppError(409, ENROLMENT_MESSAGES.nothingOwed);
    const plan = planOf({ ...row, instalments: await tx.enrolmentInstalment.findMany({ where: { enrolmentId: id } }) });
    const payNow = payNowOf(row, plan, owed, todayInRome(), seq);
    if (!payNow) throw new AppError(409, ENROLMENT_MESSAGES.instalmentPaid);
    return { row, cents: payNow.cents, plan, payNow };
  }

  const paymentTarget: PaymentTarget = {
    /**
     * A completed checkout settles what it paid on an enrolment that still owes at least that much: a
     * pending one is confirmed, a confirmed one has paid an instalment. A cancelled or already paid one is refunded.
     */
    async confirm(tx, id, paidRow) {
      const row = await tx.courseEnrolment.findUnique({ where: { id } });
      if (!row || row.status === 'cancelled') return false;
      if ((await owedOne(tx, accounts.enrolment(id), { lock: true })) < paidRow.amountCents) return false;
      await payment(tx, `payment:${paidRow.id}`, accounts.stripe, [{ receivable: enrolmentReceivable(id), cents: paidRow.amountCents }], { enrolmentId: id, userId: row.userId, transactionId: paidRow.id, description: paidRow.description });
      await paid(tx, row, paidRow.amountCents);
      return true;
    },

    /** Money taken back on Stripe's side: the enrolment owes it again (written off if it no longer stands). */
    async takenBack(tx, id, paidRow, { cents, from, context }) {
      const row = await tx.courseEnrolment.findUnique({ where: { id } });
      await takeBackPayment(tx, { paymentId: paidRow.id, receivables: [accounts.enrolment(id)], cents, from, stands: row?.status === 'confirmed', userId: paidRow.userId, context: { ...context, enrolmentId: id } });
    },
  };

  return {
    paymentTarget,

    async checkout(user: User, id: number, { seq }: BodyOf<typeof api.enrolments.checkout>) {
      const row = await db.courseEnrolment.findFirst({ where: { id, userId: user.id }, include: { ...ENROLMENT_INCLUDE, course: { select: { name: true, titleDe: true, titleEn: true, depositCents: true, balanceDueOn: true } } } });
      if (!row) throw notFound(ENROLMENT_MESSAGES.notFound);
      if (row.status === 'cancelled') throw new AppError(409, ENROLMENT_MESSAGES.holdLapsed);
      if (row.status === 'pending_payment') refuseLapsed(row.holdExpiresAt);
      // Named by the part it pays, decided with the amount; the participant by first name (a parent's children differ by it).
      const itemName = (paid: EnrolmentPart) => checkoutItems.enrolment(paid, row.course, (row.child ?? row.user).firstName);
      // What it pays now, decided first: the same asked again (a double tap) gets the checkout already open.
      const asked = await db.$transaction(async (tx) => {
        const { cents, plan, payNow } = await payableOf(tx, id, user.id, seq);
        return { amountCents: cents, itemName: itemName(paidPart(row.course, plan, row.amountCents, payNow)) };
      }, TRANSACTION_OPTIONS);
      const url = await checkouts.open({
        kind: 'enrolment', targetId: id, customer: user, ...asked, reuseOpen: true, cancelPath: '/profilo?pagamento=annullato',
        // Under the enrolment's lock: still payable (a cancellation, the job or another payment may have come first), and how much now.
        async inTransaction(tx, payment) {
          const { cents, plan, payNow } = await payableOf(tx, id, user.id, seq);
          await tx.transaction.update({ where: { id: payment.id }, data: { amountCents: cents } });
          return { amountCents: cents, itemName: itemName(paidPart(row.course, plan, row.amountCents, payNow)) };
        },
      });
      return { checkout_url: url };
    },

    /** Paid with the member's credit: the wallet locked while read, spent and the receivable settled in one entry. */
    async payWithCredit(user: User, id: number, { seq }: BodyOf<typeof api.enrolments.payWithCredit>) {
      // Another's enrolment does not exist for them, whatever its checkouts (404 before asking Stripe).
      if (!(await db.courseEnrolment.findFirst({ where: { id, userId: user.id } }))) throw notFound(ENROLMENT_MESSAGES.notFound);
      await checkouts.refuseIfPaid('enrolment', id);
      return db.$transaction(async (tx) => {
        const { row, cents } = await payableOf(tx, id, user.id, seq);
        await checkouts.closeIn(tx, 'enrolment', id);
        const legs = spendingLegs(await walletOf(tx, user.id, { lock: true }), cents);
        if (!legs) throw new AppError(409, INSUFFICIENT_CREDIT);
        // One entry per credit payment: counted under the enrolment's lock, so its key is new each time.
        const earlier = await tx.ledgerEntry.count({ where: { enrolmentId: id, kind: 'credit_payment' } });
        await post(tx, {
          key: `enrolment:${id}:credit:${earlier + 1}`, kind: 'credit_payment', description: 'Iscrizione pagata con il credito', userId: user.id, enrolmentId: id,
          legs: [...legs, ...settlingLegs([{ receivable: enrolmentReceivable(id), cents }])],
        });
        await paid(tx, row, cents);
        return row.status === 'pending_payment' ? ENROLMENT_MESSAGES.paidWithCredit : ENROLMENT_MESSAGES.instalmentPaidWithCredit;
      }, TRANSACTION_OPTIONS);
    },

    /** Collected at the desk (cash, POS, transfer): a completed payment (its receipt follows) settles it. */
    async collect(staff: User, id: number, { method, seq }: BodyOf<typeof api.enrolments.collect>) {
      await checkouts.refuseIfPaid('enrolment', id);
      return db.$transaction(async (tx) => {
        const { row } = await collectIn(tx, staff, id, method, seq);
        return row.status === 'pending_payment' ? ENROLMENT_MESSAGES.collected : ENROLMENT_MESSAGES.instalmentCollected;
      }, TRANSACTION_OPTIONS);
    },

    /**
     * A bank transfer of `cents` paying up to instalment `seq` (docs/annual-accounts.md#matching), in the
     * caller's transaction: collected as at the desk when it is exactly what that costs now, else null.
     */
    async collectTransfer(tx: Prisma.TransactionClient, staff: User, id: number, seq: number, cents: number) {
      const payable = await payableOf(tx, id, null, seq).catch((error: unknown) => (error instanceof AppError ? null : Promise.reject(error)));
      if (!payable || payable.cents !== cents) return null;
      return (await collectIn(tx, staff, id, 'bank_transfer', seq)).paymentId;
    },

    /** What paying up to instalment `seq` (else what is due now) costs, in a short transaction of its own: a proposal's check. */
    async dueOf(id: number, seq?: number) {
      return db.$transaction((tx) => payableOf(tx, id, null, seq).then(({ cents, payNow }) => ({ cents, seq: payNow.seq }), () => null), TRANSACTION_OPTIONS);
    },
  };

  /** What the desk collects: a completed payment (its receipt follows) settles what is payable now, up to `seq`. */
  async function collectIn(tx: Prisma.TransactionClient, staff: User, id: number, method: BodyOf<typeof api.enrolments.collect>['method'], seq?: number) {
    const { row, cents } = await payableOf(tx, id, null, seq);
    // The enrolment is on the account of who pays: the member, or the child's parent.
    refuseOwnMoney(staff, [row.userId]);
    let paymentId = 0;
    await auditRow(tx, { entity: 'course_enrolments', id, action: 'mark-paid' }, async () => {
      await checkouts.closeIn(tx, 'enrolment', id);
      const desk = await tx.transaction.create({
        data: { kind: 'enrolment', type: 'payment', enrolmentId: id, userId: row.userId, amountCents: cents, method, status: 'completed', paidAt: new Date(), description: 'Iscrizione ai corsi' },
      });
      paymentId = desk.id;
      await payment(tx, `payment:${desk.id}`, moneyAccount(method), [{ receivable: enrolmentReceivable(id), cents }], { enrolmentId: id, userId: row.userId, transactionId: desk.id, createdById: staff.id });
      await paid(tx, row, cents);
    });
    return { row, paymentId };
  }
}
