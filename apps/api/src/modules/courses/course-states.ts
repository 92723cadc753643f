// A course's life after it is saved: published for the members or withdrawn, cancelled whole (only
// while nobody is enrolled, for now), and one session cancelled (weather, a holiday) with its reason:
// its closures go, so the courts are bookable again, its lessons and trials are cancelled (paid money back as
// credit), and the session stays, marked cancelled.
import type { api } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { audit, rowOf } from '../../lib/audit.js';
import { type Db, type Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { COURSE_MESSAGES, courseDetail } from './course-view.js';

export type Routes = typeof api.courses;

/** The course's row locked for the write; 404 when missing, 409 once cancelled. */
async function lockCourse(tx: Prisma.TransactionClient, id: number) {
  const [course] = await tx.$queryRaw<{ id: number; cancelled_at: Date | null; places_taken: number }[]>`SELECT id, cancelled_at, places_taken FROM courses WHERE id = ${id} FOR UPDATE`;
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
  cancelIn(tx: Prisma.TransactionClient, sessionId: number, staffId: number): Promise<void>;
}

export function createCourseStates({ db }: { db: Db }, sessionEnrolments: SessionEnrolments) {
  const publication = (id: number, published: boolean) =>
    db.$transaction(async (tx) => {
      await lockCourse(tx, id);
      const before = await rowOf(tx, 'courses', id);
      await tx.course.update({ where: { id }, data: { publishedAt: published ? new Date() : null } });
      await audit(tx, { entity: 'courses', id, action: 'update', before, after: await rowOf(tx, 'courses', id), subjectUserId: null });
      return courseDetail(tx, id);
    }, TRANSACTION_OPTIONS);

  return {
    publish: (id: number) => publication(id, true),
    unpublish: (id: number) => publication(id, false),

    /** Refused while anyone holds a place (enrolments are not cancelled and refunded here yet). */
    async cancel(id: number) {
      const now = new Date();
      return db.$transaction(async (tx) => {
        const course = await lockCourse(tx, id);
        const live = await tx.courseEnrolment.count({ where: { courseId: id, status: { not: 'cancelled' } } });
        if (course.places_taken > 0 || live > 0) throw new AppError(409, COURSE_MESSAGES.hasEnrolments);
        const before = await rowOf(tx, 'courses', id);
        const future = { courseId: id, startsAt: { gt: now }, cancelledAt: null };
        await tx.courtClosure.deleteMany({ where: { courseSession: future } });
        await tx.courseSession.updateMany({ where: future, data: { cancelledAt: now, cancelReason: 'Corso annullato' } });
        await tx.course.update({ where: { id }, data: { cancelledAt: now, publishedAt: null } });
        await audit(tx, { entity: 'courses', id, action: 'cancel', before, after: await rowOf(tx, 'courses', id), subjectUserId: null });
        return courseDetail(tx, id);
      }, TRANSACTION_OPTIONS);
    },

    /** Its lessons and trials are cancelled with it, what was paid back to the members' credit. */
    async cancelSession(staff: User, id: number, sessionId: number, reason: string) {
      const now = new Date();
      await sessionEnrolments.check(sessionId);
      return db.$transaction(async (tx) => {
        await lockCourse(tx, id);
        const session = await tx.courseSession.findFirst({ where: { id: sessionId, courseId: id } });
        if (!session) throw notFound(COURSE_MESSAGES.sessionNotFound);
        if (session.cancelledAt) throw new AppError(409, COURSE_MESSAGES.sessionAlreadyCancelled);
        if (session.startsAt <= now) throw new AppError(409, COURSE_MESSAGES.sessionPast);
        const before = await rowOf(tx, 'course_sessions', sessionId);
        await tx.courtClosure.deleteMany({ where: { courseSessionId: sessionId } });
        await tx.courseSession.update({ where: { id: sessionId }, data: { cancelledAt: now, cancelReason: reason } });
        await sessionEnrolments.cancelIn(tx, sessionId, staff.id);
        await audit(tx, { entity: 'course_sessions', id: sessionId, action: 'cancel', before, after: await rowOf(tx, 'course_sessions', sessionId), subjectUserId: null });
        return courseDetail(tx, id);
      }, TRANSACTION_OPTIONS);
    },
  };
}
