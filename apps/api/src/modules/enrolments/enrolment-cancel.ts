// Cancelling enrolments (docs/school.md#money): the member their own pending one, the staff any one
// (what was paid goes back to the payer's credit: card or desk money into credit they can spend,
// credit given back where it came from), and the minute job that releases lapsed holds.
import type { AppDeps } from '../../deps.js';
import type { CourseEnrolment, Prisma, User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { refuseOwnMoney } from '../auth/index.js';
import { accounts, enrolmentReceivable, giveBackCredit, giveBackMoney, settlementsOn } from '../ledger/index.js';
import type { Checkouts } from '../payments/index.js';
import { lockEnrolment, lockEnrolmentAndCourse, type PlaceHandOff, releasePlace } from './enrolment-places.js';
import { ENROLMENT_MESSAGES } from './enrolment-terms.js';

export function createEnrolmentCancel({ db }: Pick<AppDeps, 'db'>, checkouts: Checkouts, handOff: PlaceHandOff) {
  /** What was paid on a confirmed enrolment goes back into the payer's credit; then its place is freed. */
  async function returnToCredit(tx: Prisma.TransactionClient, id: number, userId: number, staffId: number) {
    const context = { enrolmentId: id, userId, createdById: staffId, description: 'Iscrizione annullata: restituito sul credito' };
    for (const settlement of await settlementsOn(tx, [accounts.enrolment(id)])) {
      if (settlement.source === 'credit') await giveBackCredit(tx, settlement, context);
      else if (settlement.source === 'money') {
        const parts = settlement.parts.map((part) => ({ ...part, receivable: enrolmentReceivable(id) }));
        await giveBackMoney(tx, `enrolment:${id}:cancel:${settlement.transactionId}`, { ...settlement, parts }, accounts.funded(userId, settlement.transactionId), 'refund', context);
      }
    }
  }

  /** The staff's cancellation of a locked live enrolment: checkouts closed, what was paid back to credit, the place freed; audited. */
  async function cancelLocked(tx: Prisma.TransactionClient, row: CourseEnrolment, staffId: number) {
    await auditRow(tx, { entity: 'course_enrolments', id: row.id, action: 'cancel' }, async () => {
      await checkouts.closeIn(tx, 'enrolment', row.id);
      if (row.status === 'confirmed') await returnToCredit(tx, row.id, row.userId, staffId);
      await releasePlace(tx, handOff, row.id, row.status, { createdById: staffId });
    });
  }

  return {
    async cancelMine(user: User, id: number) {
      // Another's enrolment does not exist for them, whatever its checkouts (404 before asking Stripe).
      if (!(await db.courseEnrolment.findFirst({ where: { id, userId: user.id } }))) throw notFound(ENROLMENT_MESSAGES.notFound);
      await checkouts.refuseIfPaid('enrolment', id);
      await db.$transaction(async (tx) => {
        const row = await lockEnrolmentAndCourse(tx, id);
        if (!row || row.userId !== user.id) throw notFound(ENROLMENT_MESSAGES.notFound);
        await checkouts.closeIn(tx, 'enrolment', id);
        if (!(await releasePlace(tx, handOff, id, 'pending_payment', { createdById: user.id }))) throw new AppError(409, ENROLMENT_MESSAGES.notPending);
      }, TRANSACTION_OPTIONS);
      return ENROLMENT_MESSAGES.cancelled;
    },

    async cancel(staff: User, id: number) {
      await checkouts.refuseIfPaid('enrolment', id);
      await db.$transaction(async (tx) => {
        const row = await lockEnrolmentAndCourse(tx, id);
        if (!row) throw notFound(ENROLMENT_MESSAGES.notFound);
        if (row.status === 'cancelled') throw new AppError(409, ENROLMENT_MESSAGES.alreadyCancelled);
        // What was paid goes back into credit: on one's own account (or one's child's), an admin's.
        if (row.status === 'confirmed') refuseOwnMoney(staff, [row.userId]);
        await cancelLocked(tx, row, staff.id);
      }, TRANSACTION_OPTIONS);
      return ENROLMENT_MESSAGES.cancelledToCredit;
    },

    /**
     * A session cancelled (courses' cancelSession, docs/school.md#sessions): its lessons and trials not
     * yet cancelled go as the staff's cancellation does. `check` asks Stripe before the transaction.
     */
    sessionCancellation: {
      async check(sessionId: number) {
        for (const { id } of await db.courseEnrolment.findMany({ where: { sessionId, status: { not: 'cancelled' } }, select: { id: true } })) await checkouts.refuseIfPaid('enrolment', id);
      },
      async cancelIn(tx: Prisma.TransactionClient, sessionId: number, staff: Pick<User, 'id' | 'role'>) {
        const rows = await tx.courseEnrolment.findMany({ where: { sessionId, status: { not: 'cancelled' } }, select: { id: true }, orderBy: { id: 'asc' } });
        for (const { id } of rows) {
          const row = await lockEnrolment(tx, id);
          if (!row || row.status === 'cancelled') continue;
          // As the staff's cancellation: what was paid goes back into credit, on one's own account an admin's.
          if (row.status === 'confirmed') refuseOwnMoney(staff, [row.userId]);
          await cancelLocked(tx, row, staff.id);
        }
      },
    },

    /** Job, every minute: pending enrolments past their hold are cancelled (once each) and their checkouts closed. */
    async expireLapsedHolds(now = new Date()) {
      const lapsed = await db.courseEnrolment.findMany({ where: { status: 'pending_payment', holdExpiresAt: { lte: now } }, select: { id: true } });
      let released = 0;
      const failures: unknown[] = [];
      for (const { id } of lapsed) {
        // One hold that fails does not keep the others from being released; the job is retried after.
        await db
          .$transaction(async (tx) => {
            await lockEnrolmentAndCourse(tx, id);
            if (!(await releasePlace(tx, handOff, id, 'pending_payment', { now }))) return;
            await checkouts.closeIn(tx, 'enrolment', id);
            released += 1;
          }, TRANSACTION_OPTIONS)
          .catch((error: unknown) => failures.push(error));
      }
      if (failures.length > 0) throw failures[0];
      return released;
    },
  };
}
