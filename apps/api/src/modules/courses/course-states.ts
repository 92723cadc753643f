// A course's life after it is saved: published for the members or withdrawn, cancelled whole, and one
// session cancelled (weather, a holiday) with its reason: its closures go, so the courts are bookable again,
// its lessons and trials are cancelled (paid money back as credit), and the session stays, marked cancelled.
// A whole course is cancelled by the admin, or by the hourly job when it is under its minimum on its check
// day (docs/school.md#minimum); either way every enrolment goes and everything paid is returned in full.
import type { api, BodyOf } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { audit, rowOf } from '../../lib/audit.js';
import { type Db, type Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { fromIsoDate, todayInRome } from '../../lib/time.js';
import { COURSE_MESSAGES, courseDetail } from './course-view.js';

export type Routes = typeof api.courses;

/** The course's row locked for the write; 404 when missing, 409 once cancelled. */
export async function lockCourse(tx: Prisma.TransactionClient, id: number) {
  const [course] = await tx.$queryRaw<{ id: number; cancelled_at: Date | null }[]>`SELECT id, cancelled_at FROM courses WHERE id = ${id} FOR UPDATE`;
  if (!course) throw notFound(COURSE_MESSAGES.notFound);
  if (course.cancelled_at) throw new AppError(409, COURSE_MESSAGES.cancelled);
  return course;
}

/**
 * What the enrolments module does when a session is cancelled, given by services.ts (the courses do not
 * know how enrolments are paid): `check` before the transaction (it may ask Stripe), `cancelIn` inside it.
 */
export interface SessionEnrolments {
  check(sessionId: number): Promise<void>;
  /** Money back to a member's credit: refused on the acting staff member's own account (docs/domain.md#own-money). */
  cancelIn(tx: Prisma.TransactionClient, sessionId: number, staff: Pick<User, 'id' | 'role'>): Promise<void>;
  /** The make-up credit (docs/school.md#make-up): each whole-course participant that paid gets the session's share back as credit, e-mailed. */
  makeUpIn(tx: Prisma.TransactionClient, session: SessionOfCourse, reason: string, staff: Pick<User, 'id' | 'role'>): Promise<void>;
  /** A session moved: its participants' payers are e-mailed the new time. */
  movedIn(tx: Prisma.TransactionClient, from: SessionOfCourse, to: { startsAt: Date; endsAt: Date }): Promise<void>;
}
export type SessionOfCourse = { id: number; courseId: number; startsAt: Date; endsAt: Date };

/** Why a whole course is cancelled: the centre's choice (the admin), or fewer enrolled than its minimum on its check day. */
export type CourseCancellationCause = 'centre' | 'minimum';
/** The reason its future sessions are cancelled with. */
const CANCELLED_SESSION_REASON: Record<CourseCancellationCause, string> = { centre: 'Corso annullato', minimum: 'Numero minimo di iscritti non raggiunto' };

/**
 * What the enrolments module does when a whole course is cancelled, given by services.ts: inside the
 * course's transaction, every enrolment not cancelled is cancelled and everything it paid returned in full.
 */
export interface CourseEnrolments {
  cancelAllIn(tx: Prisma.TransactionClient, courseId: number, cause: CourseCancellationCause, actorId: number | null): Promise<void>;
}

export function createCourseStates({ db }: { db: Db }, sessionEnrolments: SessionEnrolments, courseEnrolments: CourseEnrolments) {
  const publication = (id: number, published: boolean) =>
    db.$transaction(async (tx) => {
      await lockCourse(tx, id);
      const before = await rowOf(tx, 'courses', id);
      await tx.course.update({ where: { id }, data: { publishedAt: published ? new Date() : null } });
      await audit(tx, { entity: 'courses', id, action: 'update', before, after: await rowOf(tx, 'courses', id), subjectUserId: null });
      return courseDetail(tx, id);
    }, TRANSACTION_OPTIONS);

  /**
   * Under the course's row lock, once (conditional on not being cancelled yet): the course cancelled and
   * withdrawn, its future sessions cancelled with their courts freed, and every enrolment cancelled with
   * everything paid returned. Returns whether this call cancelled it.
   */
  async function cancelLocked(tx: Prisma.TransactionClient, id: number, cause: CourseCancellationCause, now: Date, actorId: number | null) {
    const before = await rowOf(tx, 'courses', id);
    const { count } = await tx.course.updateMany({ where: { id, cancelledAt: null }, data: { cancelledAt: now, publishedAt: null } });
    if (count === 0) return false;
    const future = { courseId: id, startsAt: { gt: now }, cancelledAt: null };
    await tx.courtClosure.deleteMany({ where: { courseSession: future } });
    await tx.courseSession.updateMany({ where: future, data: { cancelledAt: now, cancelReason: CANCELLED_SESSION_REASON[cause] } });
    await courseEnrolments.cancelAllIn(tx, id, cause, actorId);
    await audit(tx, { entity: 'courses', id, action: 'cancel', before, after: await rowOf(tx, 'courses', id), subjectUserId: null });
    return true;
  }

  return {
    publish: (id: number) => publication(id, true),
    unpublish: (id: number) => publication(id, false),

    /** Every enrolment is cancelled with it and everything paid returned in full (audited, each enrolment too). */
    async cancel(admin: User, id: number) {
      return db.$transaction(async (tx) => {
        await lockCourse(tx, id);
        await cancelLocked(tx, id, 'centre', new Date(), admin.id);
        return courseDetail(tx, id);
      }, TRANSACTION_OPTIONS);
    },

    /**
     * Job, hourly: each course from its minimum check day on, not cancelled nor checked yet, is checked once
     * under its row lock. Fewer confirmed whole-course enrolments than its minimum: cancelled with everything
     * returned; otherwise marked checked, so it is not read again and stays whoever leaves later. Returns how many were cancelled.
     */
    async checkMinimums(now = new Date()) {
      const due = await db.course.findMany({ where: { minimumCheckOn: { lte: fromIsoDate(todayInRome(now)) }, cancelledAt: null, minimumCheckedAt: null }, select: { id: true }, orderBy: { id: 'asc' } });
      let cancelled = 0;
      for (const { id } of due) {
        const underMinimum = await db.$transaction(async (tx) => {
          const [course] = await tx.$queryRaw<{ minParticipants: number; checked: boolean }[]>`
            SELECT min_participants AS "minParticipants", (cancelled_at IS NOT NULL OR minimum_checked_at IS NOT NULL) AS checked FROM courses WHERE id = ${id} FOR UPDATE`;
          if (!course || course.checked) return false;
          // Its whole-course enrolments locked before counting: a payment confirming one meanwhile is waited for.
          await tx.$queryRaw`SELECT id FROM course_enrolments WHERE course_id = ${id} AND kind = 'course' ORDER BY id FOR UPDATE`;
          const confirmed = await tx.courseEnrolment.count({ where: { courseId: id, kind: 'course', status: 'confirmed' } });
          if (confirmed >= course.minParticipants) {
            await tx.course.update({ where: { id }, data: { minimumCheckedAt: now } });
            return false;
          }
          return cancelLocked(tx, id, 'minimum', now, null);
        }, TRANSACTION_OPTIONS);
        if (underMinimum) cancelled += 1;
      }
      return cancelled;
    },

    /**
     * Its lessons and trials are cancelled with it, what was paid back to the members' credit; with the
     * make-up credit, the whole-course participants get the session's share of what they paid as credit.
     * Once: the session's cancellation is conditional, under the course's row lock.
     */
    async cancelSession(staff: User, id: number, sessionId: number, { reason, make_up: makeUp }: BodyOf<Routes['cancelSession']>) {
      const now = new Date();
      await sessionEnrolments.check(sessionId);
      return db.$transaction(async (tx) => {
        await lockCourse(tx, id);
        const session = await tx.courseSession.findFirst({ where: { id: sessionId, courseId: id } });
        if (!session) throw notFound(COURSE_MESSAGES.sessionNotFound);
        if (session.startsAt <= now) throw new AppError(409, COURSE_MESSAGES.sessionPast);
        const before = await rowOf(tx, 'course_sessions', sessionId);
        const { count } = await tx.courseSession.updateMany({ where: { id: sessionId, cancelledAt: null }, data: { cancelledAt: now, cancelReason: reason } });
        if (count === 0) throw new AppError(409, COURSE_MESSAGES.sessionAlreadyCancelled);
        await tx.courtClosure.deleteMany({ where: { courseSessionId: sessionId } });
        await sessionEnrolments.cancelIn(tx, sessionId, staff);
        if (makeUp === 'credit') await sessionEnrolments.makeUpIn(tx, session, reason, staff);
        await audit(tx, { entity: 'course_sessions', id: sessionId, action: 'cancel', before, after: await rowOf(tx, 'course_sessions', sessionId), subjectUserId: null });
        return courseDetail(tx, id);
      }, TRANSACTION_OPTIONS);
    },
  };
}
