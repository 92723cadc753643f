// A course session lost to the weather (docs/school.md#make-up). Cancelled with a make-up credit, each live
// whole-course enrolment that has paid gets back the session's share of what it paid: what its receivable
// still has settled ÷ the sessions it covers (from its first, those not cancelled before), rounded down to
// the cent. The share leaves the enrolment as a rain check's credit does: card or desk money into the
// payer's rain credit (`rain_credit`, spendable, never paid out), credit back where it came from; then it is
// taken off what the enrolment is owed (`discount`), so what it still owes is unchanged and the school's
// revenue is less by the share. Moved instead, its participants' payers are told the new time.
import { titleIn } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { CourseEnrolment, Prisma, User } from '../../generated/prisma/client.js';
import { refuseOwnMoney } from '../auth/index.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { accounts, discount, enrolmentReceivable, giveBackMoney, post, reverse, settleDebt, type Settlement, settlementsOn, settlingLegs, spendingLegs, walletAccountsSpentBy, walletOf } from '../ledger/index.js';
import type { SessionOfCourse } from '../courses/index.js';
import { lockEnrolment } from './enrolment-places.js';
import { isLiveEnrolment, liveEnrolmentWhere } from './live-enrolments.js';
import { makeUpCreditEmail, sessionMovedEmail } from './session-make-up.emails.js';

export function createSessionMakeUp(deps: Pick<AppDeps, 'jobs' | 'config'>) {
  const enrolmentsUrl = () => `${webOriginOf(deps.config)}/profilo`;

  /**
   * Gives `cents` of what one source paid back to the payer's credit. A money payment gives back part of
   * itself; a credit payment cannot be reversed in part, so it is reversed whole and the rest spent again
   * from the accounts it came from, in its order: what comes back is its last part (promotional credit
   * before money paid in), never money topped up since.
   */
  async function giveBackPart(tx: Prisma.TransactionClient, row: CourseEnrolment, settlement: Settlement, cents: number, key: string, context: { enrolmentId: number; userId: number; createdById: number; description: string }) {
    const receivable = enrolmentReceivable(row.id);
    if (settlement.source === 'money') {
      await giveBackMoney(tx, `${key}:tx:${settlement.transactionId}`, { ...settlement, parts: [{ receivable, cents }], total: cents }, accounts.promo(row.userId), 'rain_credit', context);
    } else if (settlement.source === 'credit') {
      const spentFrom = await walletAccountsSpentBy(tx, settlement.entryId);
      await reverse(tx, settlement.entryId, { ...context, key: `credit-return:${settlement.entryId}`, kind: 'credit_return' });
      const rest = settlement.total - cents;
      if (rest > 0) {
        // Those accounts hold at least `rest` again: the reversal just put `settlement.total` back in them.
        const legs = spendingLegs(await walletOf(tx, row.userId, { lock: true }), rest, spentFrom);
        if (!legs) throw new Error(`Credit of enrolment ${row.id} not back in its wallet`);
        await post(tx, { ...context, key: `${key}:credit:${settlement.entryId}`, kind: 'credit_payment', legs: [...legs, ...settlingLegs([{ receivable, cents: rest }])] });
      }
      await settleDebt(tx, row.userId, `${key}:debt:${settlement.entryId}`, context);
    }
  }

  /** The locked enrolment's share of the session back to its payer's credit; returns it (0 when it paid nothing). */
  async function creditShare(tx: Prisma.TransactionClient, row: CourseEnrolment, session: SessionOfCourse, reason: string, staff: Pick<User, 'id' | 'role'>): Promise<number> {
    const settlements = (await settlementsOn(tx, [accounts.enrolment(row.id)])).filter((settlement) => settlement.source !== 'carnet');
    const paid = settlements.reduce((sum, settlement) => sum + settlement.total, 0);
    // The sessions it paid for: those not yet begun when it was made (the pro rata price), less those cancelled before this one.
    const covered = await tx.courseSession.count({ where: { courseId: row.courseId, startsAt: { gt: row.createdAt }, OR: [{ cancelledAt: null }, { id: session.id }] } });
    const share = covered > 0 ? Math.floor(paid / covered) : 0;
    if (share <= 0) return 0;
    // Money back to a member's credit: on the acting staff member's own account (or their child's), an admin's.
    refuseOwnMoney(staff, [row.userId]);
    // Keyed by enrolment and session: a retry writes nothing twice.
    const key = `enrolment:${row.id}:make-up:${session.id}`;
    const context = { enrolmentId: row.id, userId: row.userId, createdById: staff.id, description: `Recupero della lezione annullata: ${reason}`.slice(0, 255) };
    let left = share;
    for (const settlement of settlements) {
      const cents = Math.min(left, settlement.total);
      if (cents <= 0) break;
      await giveBackPart(tx, row, settlement, cents, key, context);
      left -= cents;
    }
    await discount(tx, `${key}:discount`, enrolmentReceivable(row.id), share, context);
    return share;
  }

  /** The course's name and titles: each payer reads it in their language (docs/i18n.md#data-words). */
  const titlesOf = (tx: Prisma.TransactionClient, courseId: number) => tx.course.findUniqueOrThrow({ where: { id: courseId }, select: { name: true, titleDe: true, titleEn: true } });

  /** The payers of the enrolments, each once, with what they get. */
  async function emailPayers(tx: Prisma.TransactionClient, userIds: number[], email: (payer: { id: number; email: string; firstName: string; locale: string }) => ReturnType<typeof makeUpCreditEmail>) {
    const payers = await tx.user.findMany({ where: { id: { in: [...new Set(userIds)] }, erasedAt: null }, select: { id: true, email: true, firstName: true, locale: true } });
    for (const payer of payers) await deps.jobs.send('send-email', email(payer), { tx });
  }

  return {
    /**
     * Inside the session's cancellation (the course's row locked, the session just cancelled): each live
     * whole-course enrolment made before it is locked and credited its share; each payer gets one e-mail.
     */
    async makeUpIn(tx: Prisma.TransactionClient, session: SessionOfCourse, reason: string, staff: Pick<User, 'id' | 'role'>) {
      const now = new Date();
      const rows = await tx.courseEnrolment.findMany({ where: { courseId: session.courseId, kind: 'course', createdAt: { lt: session.startsAt }, ...liveEnrolmentWhere(now) }, select: { id: true }, orderBy: { id: 'asc' } });
      const credited = new Map<number, number>();
      for (const { id } of rows) {
        const row = await lockEnrolment(tx, id);
        if (!row || !isLiveEnrolment(row, now)) continue;
        const share = await creditShare(tx, row, session, reason, staff);
        if (share > 0) credited.set(row.userId, (credited.get(row.userId) ?? 0) + share);
      }
      if (credited.size === 0) return;
      const course = await titlesOf(tx, session.courseId);
      await emailPayers(tx, [...credited.keys()], (payer) => makeUpCreditEmail(payer, { course: titleIn(payer.locale, course), session, reason, cents: credited.get(payer.id)! }, enrolmentsUrl()));
    },

    /** After a session moved: the payers of its participants (live whole-course places made before it, its live lessons and trials) are told, once each. */
    async movedIn(tx: Prisma.TransactionClient, from: SessionOfCourse, to: Pick<SessionOfCourse, 'startsAt' | 'endsAt'>) {
      const rows = await tx.courseEnrolment.findMany({
        where: { courseId: from.courseId, AND: [liveEnrolmentWhere(new Date()), { OR: [{ kind: 'course', createdAt: { lt: from.startsAt } }, { sessionId: from.id }] }] },
        select: { userId: true },
      });
      if (rows.length === 0) return;
      const course = await titlesOf(tx, from.courseId);
      await emailPayers(tx, rows.map((row) => row.userId), (payer) => sessionMovedEmail(payer, { course: titleIn(payer.locale, course), from, to }, enrolmentsUrl()));
    },
  };
}
