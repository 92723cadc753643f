// A whole course cancelled (docs/school.md#minimum): by the admin, or by the job when a course or camp week
// is under its minimum on its check day. Inside the course's cancellation (its row locked, by
// courses/course-states.ts) every enrolment not yet cancelled is cancelled and everything it paid comes back
// in full: card payments to the card (Stripe is asked after the commit), credit to the credit, money taken
// at the desk into the payer's refundable credit. Each payer gets one e-mail saying how much came back, and how.
import { titleIn } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { CourseEnrolment, Prisma } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { accounts, giveBackCredit, giveBackMoney, settlementsOn } from '../ledger/index.js';
import type { Checkouts, StripeRequests } from '../payments/index.js';
import type { CourseCancellationCause } from '../courses/index.js';
import { courseCancelledEmail, type MoneyReturned } from './course-cancellation.emails.js';
import { lockEnrolment, type PlaceHandOff, releasePlace } from './enrolment-places.js';

export function createCourseCancellation(deps: Pick<AppDeps, 'jobs' | 'config'>, checkouts: Checkouts, stripeRequests: StripeRequests, handOff: PlaceHandOff) {
  /** Everything the enrolment still has paid, given back in full; adds it to what its payer gets back. */
  async function returnInFull(tx: Prisma.TransactionClient, row: CourseEnrolment, actorId: number | null, returned: MoneyReturned) {
    const context = { enrolmentId: row.id, userId: row.userId, createdById: actorId, description: 'Corso annullato: restituito per intero' };
    for (const settlement of await settlementsOn(tx, [accounts.enrolment(row.id)])) {
      if (settlement.source === 'credit') {
        await giveBackCredit(tx, settlement, context);
        returned.credit += settlement.total;
      } else if (settlement.source === 'money') {
        const payment = await tx.transaction.findUniqueOrThrow({ where: { id: settlement.transactionId } });
        const key = `enrolment:${row.id}:course-cancel:${payment.id}`;
        if (payment.method === 'stripe') {
          // The refund is asked of Stripe only for money this entry set aside (the pattern of cancel-booking.ts).
          const posted = await giveBackMoney(tx, key, settlement, accounts.refundPayable(payment.id), 'refund', context);
          if (!posted?.created) continue;
          // The payer's one e-mail is ours: Stripe's refund adds none.
          await stripeRequests.requestRefund(tx, payment, settlement.total, { reason: 'centre', notify: false });
          returned.card += settlement.total;
        } else {
          // Cash, POS or transfer: refundable credit paid in by that payment; the desk hands it back on request.
          await giveBackMoney(tx, key, settlement, accounts.funded(row.userId, payment.id), 'refund', context);
          returned.credit += settlement.total;
        }
      }
    }
  }

  return {
    /**
     * In the course's cancellation, under its row lock: each enrolment not cancelled is locked, its
     * checkouts closed (a payment landing later is refunded by the payments module), everything it paid
     * returned, its place freed and what it still owes written off; audited when the admin does it.
     */
    async cancelAllIn(tx: Prisma.TransactionClient, courseId: number, cause: CourseCancellationCause, actorId: number | null) {
      const rows = await tx.courseEnrolment.findMany({ where: { courseId, status: { not: 'cancelled' } }, select: { id: true }, orderBy: { id: 'asc' } });
      const byPayer = new Map<number, MoneyReturned>();
      for (const { id } of rows) {
        const row = await lockEnrolment(tx, id);
        if (!row || row.status === 'cancelled') continue;
        const returned = byPayer.get(row.userId) ?? { card: 0, credit: 0 };
        byPayer.set(row.userId, returned);
        await auditRow(tx, { entity: 'course_enrolments', id, action: 'cancel' }, async () => {
          await checkouts.closeIn(tx, 'enrolment', id);
          await returnInFull(tx, row, actorId, returned);
          // The course is already cancelled here, so the place goes back to no one on the waiting list.
          await releasePlace(tx, handOff, id, row.status, { createdById: actorId });
        });
      }
      await handOff.closeList(tx, courseId);
      if (byPayer.size === 0) return;
      const course = await tx.course.findUniqueOrThrow({ where: { id: courseId }, select: { name: true, titleDe: true, titleEn: true } });
      const payers = await tx.user.findMany({ where: { id: { in: [...byPayer.keys()] } }, select: { id: true, email: true, firstName: true, locale: true } });
      for (const payer of payers) {
        const email = courseCancelledEmail(payer, { course: titleIn(payer.locale, course), cause, returned: byPayer.get(payer.id)! }, `${webOriginOf(deps.config)}/profilo`);
        await deps.jobs.send('send-email', email, { tx });
      }
    },
  };
}

export type CourseCancellation = ReturnType<typeof createCourseCancellation>;
