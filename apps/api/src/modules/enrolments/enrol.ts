// Enrolling (docs/school.md#money): the member or one of their children, in the whole course (pro rata),
// one lesson, or a free trial. A whole-course place is taken by one atomic increment the course's CHECK
// caps, so concurrent enrolments queue on the course's row and the one past the last place fails; a
// lesson or a trial is counted under the course's row lock. A paid enrolment holds its place until paid.
import type { api, BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Course, CourseSession, User } from '../../generated/prisma/client.js';
import { isConstraintViolation, isUniqueViolation, type Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { todayInRome } from '../../lib/time.js';
import { assertCertificateForBooking } from '../certificates/index.js';
import { charge, enrolmentReceivable } from '../ledger/index.js';
import { readSettings } from '../settings/index.js';
import { ENROLMENT_INCLUDE, ENROLMENT_MESSAGES, proRataCents, sessionsOf, toEnrolmentDto } from './enrolment-terms.js';

type Body = BodyOf<typeof api.enrolments.enrol>;

/** What the enrolment costs and the sessions it covers; refuses a kind the course does not offer. */
function termsOf(course: Course, held: CourseSession[], upcoming: CourseSession[], body: Body) {
  if (body.kind === 'course') return { amountCents: proRataCents(course.priceCents, upcoming.length, held.length), covered: upcoming, session: null };
  const session = upcoming.find((row) => row.id === body.session_id);
  if (!session) throw invalid({ session_id: [ENROLMENT_MESSAGES.sessionNotOpen] });
  if (body.kind === 'lesson') {
    if (course.lessonPriceCents === null) throw invalid({ kind: [ENROLMENT_MESSAGES.noLessons] });
    return { amountCents: course.lessonPriceCents, covered: [session], session };
  }
  if (!course.trialAllowed) throw invalid({ kind: [ENROLMENT_MESSAGES.noTrial] });
  return { amountCents: 0, covered: [session], session };
}

/** A member enrolling themself needs a card valid over the sessions covered and a certificate on the first. */
async function assertRequirements(db: AppDeps['db'], userId: number, covered: CourseSession[]) {
  const first = todayInRome(covered[0]!.startsAt);
  const last = todayInRome(covered.at(-1)!.startsAt);
  const card = await db.membership.findFirst({
    where: { userId, status: 'active', startDate: { lte: new Date(`${first}T00:00:00Z`) }, endDate: { gte: new Date(`${last}T00:00:00Z`) } },
  });
  if (!card) throw new AppError(422, ENROLMENT_MESSAGES.noMembership);
  await assertCertificateForBooking(db, await readSettings(db), userId, first);
}

const isLivePlaceTaken = (error: unknown) =>
  isUniqueViolation(error) || isConstraintViolation(error, 'course_enrolments_one_live_course') || isConstraintViolation(error, 'course_enrolments_one_live_session');

export function createEnrol({ db }: Pick<AppDeps, 'db'>) {
  /** Takes a place in the session for a lesson or a trial, under the course's row lock (refused when full or a trial was had). */
  async function takeSessionPlace(tx: Prisma.TransactionClient, course: Course, sessionId: number, body: Body, userId: number) {
    const [locked] = await tx.$queryRaw<{ placesTaken: number; maxParticipants: number }[]>`
      SELECT places_taken AS "placesTaken", max_participants AS "maxParticipants" FROM courses WHERE id = ${course.id} FOR UPDATE`;
    const childId = body.child_id ?? null;
    if (body.kind === 'trial' && (await tx.courseEnrolment.count({ where: { courseId: course.id, userId, childId, kind: 'trial', status: { not: 'cancelled' } } })) > 0) {
      throw new AppError(409, ENROLMENT_MESSAGES.trialUsed);
    }
    const inSession = await tx.courseEnrolment.count({ where: { sessionId, status: { not: 'cancelled' } } });
    if (locked!.placesTaken + inSession >= locked!.maxParticipants) throw new AppError(409, ENROLMENT_MESSAGES.sessionFull);
  }

  /**
   * Takes a whole-course place: the increment the CHECK caps (its row lock queues the others), then every
   * session still to come must fit it beside the lessons and trials already booked in it.
   */
  async function takeCoursePlace(tx: Prisma.TransactionClient, courseId: number, now: Date) {
    const [taken] = await tx.$queryRaw<{ placesTaken: number; maxParticipants: number }[]>`
      UPDATE courses SET places_taken = places_taken + 1, updated_at = now() WHERE id = ${courseId} AND cancelled_at IS NULL
      RETURNING places_taken AS "placesTaken", max_participants AS "maxParticipants"`;
    if (!taken) throw new AppError(409, ENROLMENT_MESSAGES.courseNotOpen);
    const [busiest] = await tx.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM course_enrolments e JOIN course_sessions s ON s.id = e.session_id
      WHERE e.course_id = ${courseId} AND e.status <> 'cancelled' AND s.starts_at > ${now} AND s.cancelled_at IS NULL
      GROUP BY e.session_id ORDER BY 1 DESC LIMIT 1`;
    if (taken.placesTaken + (busiest?.count ?? 0) > taken.maxParticipants) throw new AppError(409, ENROLMENT_MESSAGES.courseFull);
  }

  return {
    async enrol(user: User, body: Body, now = new Date()) {
      const course = await db.course.findUnique({ where: { id: body.course_id }, include: { sessions: true } });
      const { held, upcoming } = course ? sessionsOf(course.sessions, now) : { held: [], upcoming: [] };
      if (!course || !course.publishedAt || course.publishedAt > now || course.cancelledAt || upcoming.length === 0) throw new AppError(409, ENROLMENT_MESSAGES.courseNotOpen);
      const childId = body.child_id ?? null;
      if (childId !== null && !(await db.child.findFirst({ where: { id: childId, parentId: user.id } }))) throw invalid({ child_id: [ENROLMENT_MESSAGES.notYourChild] });
      const { amountCents, covered, session } = termsOf(course, held, upcoming, body);
      // A child has no account, so no card or certificate of their own to check yet (docs/school.md#money).
      if (childId === null) await assertRequirements(db, user.id, covered);
      const { paymentHoldMinutes } = await readSettings(db);
      try {
        const id = await db.$transaction(async (tx) => {
          if (session) await takeSessionPlace(tx, course, session.id, body, user.id);
          else await takeCoursePlace(tx, course.id, now);
          const free = amountCents === 0;
          const made = await tx.courseEnrolment.create({
            data: {
              courseId: course.id, userId: user.id, childId, kind: body.kind, sessionId: session?.id ?? null, amountCents, createdById: user.id,
              status: free ? 'confirmed' : 'pending_payment', confirmedAt: free ? now : null, holdExpiresAt: free ? null : new Date(now.getTime() + paymentHoldMinutes * 60_000),
            },
          });
          if (!free) await charge(tx, `enrolment:${made.id}:charge`, enrolmentReceivable(made.id), amountCents, { userId: user.id, enrolmentId: made.id, description: `Iscrizione: ${course.name}` });
          return made.id;
        }, TRANSACTION_OPTIONS);
        const row = await db.courseEnrolment.findUniqueOrThrow({ where: { id }, include: ENROLMENT_INCLUDE });
        return { message: row.status === 'confirmed' ? ENROLMENT_MESSAGES.confirmed : ENROLMENT_MESSAGES.enrolled, enrolment: toEnrolmentDto(row, row.status === 'confirmed' ? 0 : amountCents) };
      } catch (error) {
        if (isLivePlaceTaken(error)) throw new AppError(409, ENROLMENT_MESSAGES.alreadyEnrolled);
        if (isConstraintViolation(error, 'courses_places_taken_range')) throw new AppError(409, ENROLMENT_MESSAGES.courseFull);
        throw error;
      }
    },
  };
}

export const ensureFound = <T>(row: T | null | undefined): T => {
  if (!row) throw notFound(ENROLMENT_MESSAGES.notFound);
  return row;
};
