// Moving one session (weather, a clash) to another day and Rome start time, same duration
// (docs/school.md#make-up): its court closures move with it, refused when a live booking or another
// closure holds a course court at the new time (the courses' conflict check), never into the past nor for
// a session cancelled or begun. Enrolments and attendance name the session, so they follow it; the
// participants' payers are e-mailed by the enrolments module.
import type { BodyOf } from '@beach/contracts';
import { audit, rowOf } from '../../lib/audit.js';
import { type Db, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { fromIsoDate, instantInRome } from '../../lib/time.js';
import { occurrencesOf } from './course-conflicts.js';
import { takeCourtsTurn } from './course-sessions.js';
import { lockCourse, type Routes, type SessionEnrolments } from './course-states.js';
import { COURSE_MESSAGES, courseDetail } from './course-view.js';

/** The ISO weekday (1 = Monday … 7 = Sunday) of a Rome calendar day. */
const isoWeekdayOf = (date: string) => fromIsoDate(date).getUTCDay() || 7;

export function createSessionMove({ db }: { db: Db }, sessionEnrolments: Pick<SessionEnrolments, 'movedIn'>) {
  return {
    async moveSession(id: number, sessionId: number, { date, start_time: startTime }: BodyOf<Routes['moveSession']>) {
      const now = new Date();
      return db.$transaction(async (tx) => {
        await lockCourse(tx, id);
        const session = await tx.courseSession.findFirst({ where: { id: sessionId, courseId: id } });
        if (!session) throw notFound(COURSE_MESSAGES.sessionNotFound);
        if (session.cancelledAt) throw new AppError(409, COURSE_MESSAGES.sessionCancelledNotMoved);
        if (session.startsAt <= now) throw new AppError(409, COURSE_MESSAGES.sessionPastNotMoved);
        const minutes = Math.round((session.endsAt.getTime() - session.startsAt.getTime()) / 60_000);
        const startsAt = instantInRome(date, startTime);
        const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
        if (startsAt <= now) throw new AppError(422, COURSE_MESSAGES.movedIntoPast, { date: [COURSE_MESSAGES.movedIntoPast] });
        const courtIds = (await tx.courseCourt.findMany({ where: { courseId: id }, select: { courtId: true } })).map((row) => row.courtId);
        // The courts' turns before reading what is free: a booking made meanwhile meets the moved closures or is seen.
        await takeCourtsTurn(tx, courtIds);
        const [occurrence] = await occurrencesOf(tx, { starts_on: date, ends_on: date, start_time: startTime, duration_minutes: minutes, weekdays: [isoWeekdayOf(date)], exceptions: [] }, courtIds, id, now);
        // The course's own closures are no conflict there (they are this session's, or another session's, checked next).
        const clash = await tx.courseSession.findFirst({ where: { courseId: id, id: { not: sessionId }, cancelledAt: null, startsAt: { lt: endsAt }, endsAt: { gt: startsAt } } });
        const inTheWay = [...(occurrence?.conflicts ?? []), ...(clash ? [COURSE_MESSAGES.ownSessionThere] : [])];
        if (inTheWay.length > 0) throw new AppError(409, COURSE_MESSAGES.moveConflict(inTheWay));
        const before = await rowOf(tx, 'course_sessions', sessionId);
        await tx.courseSession.update({ where: { id: sessionId }, data: { startsAt, endsAt } });
        await tx.courtClosure.updateMany({ where: { courseSessionId: sessionId }, data: { startsAt, endsAt } });
        await sessionEnrolments.movedIn(tx, session, { startsAt, endsAt });
        await audit(tx, { entity: 'course_sessions', id: sessionId, action: 'move', before, after: await rowOf(tx, 'course_sessions', sessionId), subjectUserId: null });
        return courseDetail(tx, id);
      }, TRANSACTION_OPTIONS);
    },
  };
}
