// Creating and editing a course (docs/school.md#sessions). Saving follows the weekly series' rule: the
// dates that meet a booking or a closure are skipped (the preview lists them) and the free ones become
// sessions, all in one transaction; with no free date nothing is saved. Once someone has enrolled, the
// schedule is fixed: only the name, coach, prices, places and the like change.
import type { BodyOf } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { audit, rowOf } from '../../lib/audit.js';
import { conflictOn, type Db, type Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { fromIsoDate, toIsoDate } from '../../lib/time.js';
import { type Occurrence, occurrenceOnWire, occurrencesOf, refuseAllPast } from './course-conflicts.js';
import { recurrenceOf } from './course-schedule.js';
import { clearFutureSessions, takeCourtsTurn, writeSessions } from './course-sessions.js';
import { closureReason, COURSE_MESSAGES, courseDetail } from './course-view.js';
import type { Routes } from './course-states.js';

type CourseBody = BodyOf<Routes['create']>;

const columnsOf = (body: CourseBody): Omit<Prisma.CourseUncheckedCreateInput, 'id'> => ({
  name: body.name,
  titleDe: body.title_de,
  titleEn: body.title_en,
  sport: body.sport,
  level: body.level,
  minAge: body.min_age,
  maxAge: body.max_age,
  coachId: body.coach_id,
  startsOn: fromIsoDate(body.starts_on),
  endsOn: fromIsoDate(body.ends_on),
  recurrence: recurrenceOf(body),
  startTime: body.start_time,
  durationMinutes: body.duration_minutes,
  minParticipants: body.min_participants,
  maxParticipants: body.max_participants,
  priceCents: body.price,
  lessonPriceCents: body.lesson_price,
  trialAllowed: body.trial_allowed,
  offer: body.offer,
  depositCents: body.deposit,
  balanceDueOn: body.balance_due_on === null ? null : fromIsoDate(body.balance_due_on),
  siblingDiscountPercent: body.sibling_discount_percent,
  lateFeeCents: body.late_fee,
  lateFeeFrom: body.late_fee_from === null ? null : fromIsoDate(body.late_fee_from),
  minimumCheckOn: body.minimum_check_on === null ? null : fromIsoDate(body.minimum_check_on),
  instalmentDates: body.instalment_dates.map(fromIsoDate),
});

const bandKey = (band: { min_age: number; max_age: number }) => `${band.min_age}-${band.max_age}`;

/**
 * A camp's bands as the body gives them. While no enrolment names a band they are replaced; after, only
 * their capacities change (same ages, same number), never below the places taken (the CHECK, a 409).
 */
async function saveBands(tx: Prisma.TransactionClient, courseId: number, bands: CourseBody['bands']) {
  const existing = await tx.courseBand.findMany({ where: { courseId }, orderBy: { minAge: 'asc' } });
  const named = existing.length > 0 && (await tx.courseEnrolment.count({ where: { bandId: { in: existing.map((band) => band.id) } } })) > 0;
  if (!named) {
    await tx.courseBand.deleteMany({ where: { courseId } });
    await tx.courseBand.createMany({ data: bands.map((band) => ({ courseId, minAge: band.min_age, maxAge: band.max_age, capacity: band.capacity })) });
    return;
  }
  const wanted = [...bands].sort((a, b) => a.min_age - b.min_age);
  if (wanted.map(bandKey).join() !== existing.map((band) => bandKey({ min_age: band.minAge, max_age: band.maxAge })).join()) {
    throw new AppError(409, COURSE_MESSAGES.bandsLocked, { bands: [COURSE_MESSAGES.bandsLocked] });
  }
  for (const [index, band] of existing.entries()) {
    await tx.courseBand
      .update({ where: { id: band.id }, data: { capacity: wanted[index]!.capacity } })
      .catch(conflictOn('course_bands_places_taken_range', COURSE_MESSAGES.bandBelowTaken, { bands: [COURSE_MESSAGES.bandBelowTaken] }));
  }
}

/** The coach must be a user with the coach role, and every court must exist. */
async function checkReferences(db: Db, body: CourseBody) {
  if (body.coach_id !== null && (await db.user.count({ where: { id: body.coach_id, role: 'coach' } })) === 0) {
    throw invalid({ coach_id: [COURSE_MESSAGES.coachNotFound] }, COURSE_MESSAGES.coachNotFound);
  }
  if ((await db.court.count({ where: { id: { in: body.court_ids } } })) !== new Set(body.court_ids).size) {
    throw invalid({ court_ids: [COURSE_MESSAGES.courtNotFound] }, COURSE_MESSAGES.courtNotFound);
  }
}

/**
 * The live lessons and trials of the course's busiest session still to come, counted as the enrolments'
 * whole-course place counts them (enrolments/enrol.ts, takeCoursePlace); read under the course's row lock.
 */
async function busiestSessionTaken(tx: Prisma.TransactionClient, courseId: number, now: Date): Promise<number> {
  const [busiest] = await tx.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM course_enrolments e JOIN course_sessions s ON s.id = e.session_id
    WHERE e.course_id = ${courseId} AND e.status <> 'cancelled' AND s.starts_at > ${now} AND s.cancelled_at IS NULL
    GROUP BY e.session_id ORDER BY 1 DESC LIMIT 1`;
  return busiest?.count ?? 0;
}

const saved = async (tx: Prisma.TransactionClient, id: number, created: number, occurrences: Occurrence[]) => {
  const skipped = occurrences.filter((occurrence) => occurrence.state === 'conflict');
  return { message: COURSE_MESSAGES.saved(created, skipped.length), course: await courseDetail(tx, id), skipped: skipped.map(occurrenceOnWire) };
};

export function createCourseSaving({ db }: { db: Db }) {
  return {
    async create(actor: User, body: CourseBody) {
      await checkReferences(db, body);
      const now = new Date();
      return db.$transaction(async (tx) => {
        await takeCourtsTurn(tx, body.court_ids);
        const occurrences = await occurrencesOf(tx, body, body.court_ids, null, now);
        refuseAllPast(occurrences);
        if (!occurrences.some((occurrence) => occurrence.state === 'free')) throw new AppError(409, COURSE_MESSAGES.nothingFree);
        const course = await tx.course.create({ data: { ...columnsOf(body), courts: { create: body.court_ids.map((courtId) => ({ courtId })) } } });
        await saveBands(tx, course.id, body.bands);
        await audit(tx, { entity: 'courses', id: course.id, action: 'create', after: await rowOf(tx, 'courses', course.id), subjectUserId: null });
        const created = await writeSessions(tx, course, body.court_ids, occurrences, actor.id);
        return saved(tx, course.id, created, occurrences);
      }, TRANSACTION_OPTIONS);
    },

    async update(actor: User, id: number, body: CourseBody) {
      await checkReferences(db, body);
      const now = new Date();
      return db.$transaction(async (tx) => {
        // The course's row first: an enrolment counting its place waits here, or is seen below.
        await tx.$queryRaw`SELECT id FROM courses WHERE id = ${id} FOR UPDATE`;
        const course = await tx.course.findUnique({ where: { id }, include: { courts: true } });
        if (!course) throw notFound(COURSE_MESSAGES.notFound);
        if (course.cancelledAt) throw new AppError(409, COURSE_MESSAGES.cancelled);
        const before = await rowOf(tx, 'courses', id);
        if (course.offer !== body.offer && (await tx.courseEnrolment.count({ where: { courseId: id } })) > 0) throw new AppError(409, COURSE_MESSAGES.offerLocked, { offer: [COURSE_MESSAGES.offerLocked] });
        const oldCourts = course.courts.map((row) => row.courtId).sort((a, b) => a - b);
        const newCourts = [...new Set(body.court_ids)].sort((a, b) => a - b);
        const scheduleChanged =
          toIsoDate(course.startsOn) !== body.starts_on ||
          toIsoDate(course.endsOn) !== body.ends_on ||
          course.recurrence !== recurrenceOf(body) ||
          course.startTime !== body.start_time ||
          course.durationMinutes !== body.duration_minutes ||
          oldCourts.join(',') !== newCourts.join(',');
        let created = 0;
        let occurrences: Occurrence[] = [];
        let toWrite: Occurrence[] = [];
        if (scheduleChanged) {
          const live = await tx.courseEnrolment.count({ where: { courseId: id, status: { not: 'cancelled' } } });
          if (course.placesTaken > 0 || live > 0) throw new AppError(409, COURSE_MESSAGES.scheduleLocked);
          await takeCourtsTurn(tx, [...oldCourts, ...newCourts]);
          // The course's own closures are no conflict: the new dates are read before the old sessions go.
          occurrences = await occurrencesOf(tx, body, newCourts, id, now);
          refuseAllPast(occurrences);
          if (!occurrences.some((occurrence) => occurrence.state === 'free')) throw new AppError(409, COURSE_MESSAGES.nothingFree);
          // Sessions already held stay as they were; the rest make way (deleted, or kept for a cancelled enrolment).
          ({ rest: toWrite, renewed: created } = await clearFutureSessions(tx, { id, name: body.name }, newCourts, occurrences, now, actor.id));
          await tx.courseCourt.deleteMany({ where: { courseId: id } });
          await tx.courseCourt.createMany({ data: newCourts.map((courtId) => ({ courseId: id, courtId })) });
        }
        // The maximum holds the whole-course places (the CHECK) beside the lessons and trials of the busiest session to come.
        const belowTaken = { max_participants: [COURSE_MESSAGES.belowPlacesTaken] };
        if (body.max_participants < course.maxParticipants && course.placesTaken + (await busiestSessionTaken(tx, id, now)) > body.max_participants) {
          throw new AppError(409, COURSE_MESSAGES.belowPlacesTaken, belowTaken);
        }
        await tx.course.update({ where: { id }, data: columnsOf(body) }).catch(conflictOn('courses_places_taken_range', COURSE_MESSAGES.belowPlacesTaken, belowTaken));
        await saveBands(tx, id, body.bands);
        if (scheduleChanged) created += await writeSessions(tx, { id, name: body.name }, newCourts, toWrite, actor.id);
        else if (course.name !== body.name) {
          await tx.courtClosure.updateMany({ where: { courseSession: { courseId: id } }, data: { reason: closureReason(body.name) } });
        }
        await audit(tx, { entity: 'courses', id, action: 'update', before, after: await rowOf(tx, 'courses', id), subjectUserId: null });
        return saved(tx, id, created, occurrences);
      }, TRANSACTION_OPTIONS);
    },
  };
}
