// Enrolling (docs/school.md#money): the member or one of their children, in the whole course (pro rata),
// one lesson, or a free trial. Everything is read under the course's row lock (the course still open, the
// session still to come, the price, the card), so a course or session cancelled meanwhile is seen. A
// whole-course place is taken by one atomic increment the course's CHECK caps, so concurrent enrolments
// queue on the course's row and the one past the last place fails; a lesson or a trial is counted under
// that lock. A paid enrolment holds its place until paid. A camp week (docs/school.md#camps) is taken
// whole before it starts, at its price less the sibling discount plus the late fee, in the age band of the
// person's age on its first day: the band's place is a second increment capped by the band's CHECK.
import type { AppDeps } from '../../deps.js';
import type { Course, User } from '../../generated/prisma/client.js';
import { isConstraintViolation, isUniqueViolation, type Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { charge, enrolmentReceivable } from '../ledger/index.js';
import { todayInRome } from '../../lib/time.js';
import { readSettings } from '../settings/index.js';
import { assertAgeBand, assertRequirements, campBandOf, type EnrolBody, refuseSecondPlace, termsOf, withFamilyTerms } from './enrol-checks.js';
import { ENROLMENT_INCLUDE, ENROLMENT_MESSAGES, sessionsOf, toEnrolmentDto } from './enrolment-terms.js';
import { createInstalments, instalmentPlan } from './instalments.js';
import { busiestSessionCount, liveEnrolmentWhere } from './live-enrolments.js';

const isLivePlaceTaken = (error: unknown) =>
  isUniqueViolation(error) || isConstraintViolation(error, 'course_enrolments_one_live_course') || isConstraintViolation(error, 'course_enrolments_one_live_session');

/** The course's row locked, then read with its sessions; 409 unless it is open to enrolment now. */
async function lockOpenCourse(tx: Prisma.TransactionClient, id: number, now: Date) {
  await tx.$queryRaw`SELECT id FROM courses WHERE id = ${id} FOR UPDATE`;
  const course = await tx.course.findUnique({ where: { id }, include: { sessions: true, bands: true } });
  const { held, upcoming } = course ? sessionsOf(course.sessions, now) : { held: [], upcoming: [] };
  if (!course || !course.publishedAt || course.publishedAt > now || course.cancelledAt || upcoming.length === 0) throw new AppError(409, ENROLMENT_MESSAGES.courseNotOpen);
  return { course, held, upcoming };
}

/** Claims a place held for the enrolling person (throws when the hold is gone), in the enrolling transaction. */
export type HeldPlace = (tx: Prisma.TransactionClient, enrolmentId: number, now: Date) => Promise<void>;

export function createEnrol({ db }: Pick<AppDeps, 'db'>) {
  /** A place in the session for a lesson or a trial, under the course's row lock (refused when full or a trial was had). */
  async function takeSessionPlace(tx: Prisma.TransactionClient, course: Course, sessionId: number, body: EnrolBody, userId: number, now: Date) {
    const childId = body.child_id ?? null;
    if (body.kind === 'trial' && (await tx.courseEnrolment.count({ where: { courseId: course.id, userId, childId, kind: 'trial', status: { not: 'cancelled' } } })) > 0) {
      throw new AppError(409, ENROLMENT_MESSAGES.trialUsed);
    }
    const inSession = await tx.courseEnrolment.count({ where: { sessionId, ...liveEnrolmentWhere(now) } });
    if (course.placesTaken + inSession >= course.maxParticipants) throw new AppError(409, ENROLMENT_MESSAGES.sessionFull);
  }

  /**
   * Takes a whole-course place: the increment the CHECK caps, then every session still to come must fit
   * it beside the live lessons and trials already booked in it.
   */
  async function takeCoursePlace(tx: Prisma.TransactionClient, courseId: number, now: Date) {
    const [taken] = await tx.$queryRaw<{ placesTaken: number; maxParticipants: number }[]>`
      UPDATE courses SET places_taken = places_taken + 1, updated_at = now() WHERE id = ${courseId} AND cancelled_at IS NULL
      RETURNING places_taken AS "placesTaken", max_participants AS "maxParticipants"`;
    if (!taken) throw new AppError(409, ENROLMENT_MESSAGES.courseNotOpen);
    if (taken.placesTaken + (await busiestSessionCount(tx, courseId, now)) > taken.maxParticipants) throw new AppError(409, ENROLMENT_MESSAGES.courseFull);
  }

  /** A camp's band place: one atomic increment its CHECK caps (a full band fails the statement, answered 409). */
  const takeBandPlace = (tx: Prisma.TransactionClient, bandId: number) => tx.$executeRaw`UPDATE course_bands SET places_taken = places_taken + 1 WHERE id = ${bandId}`;

  /** The enrolment made under the course's lock, its price charged; its id and what it owes. */
  const enrolIn = (user: User, body: EnrolBody, now: Date, paymentHoldMinutes: number, heldPlace?: HeldPlace) =>
    db.$transaction(async (tx) => {
      const { course, held, upcoming } = await lockOpenCourse(tx, body.course_id, now);
      const childId = body.child_id ?? null;
      const child = childId === null ? null : await tx.child.findFirst({ where: { id: childId, parentId: user.id } });
      if (childId !== null && !child) throw invalid({ child_id: [ENROLMENT_MESSAGES.notYourChild] });
      const terms = termsOf(course, held, upcoming, body);
      const { covered, session } = terms;
      const band = course.offer === 'camp' ? campBandOf(course.bands, covered[0]!, user, child) : null;
      if (!band) assertAgeBand(course, covered[0]!, user, child);
      const { amountCents, siblingDiscountCents } = body.kind === 'course' ? await withFamilyTerms(tx, course, terms.amountCents, user.id, childId, now) : { amountCents: terms.amountCents, siblingDiscountCents: 0 };
      // A child has no membership card in this product; their own certificate is checked (docs/school.md#prices).
      await assertRequirements(tx, user.id, child, covered);
      await refuseSecondPlace(tx, course.id, user.id, childId, body.kind, now);
      if (session) await takeSessionPlace(tx, course, session.id, body, user.id, now);
      // An accepted waiting-list offer already holds its place on the course's counter and its band's.
      else if (!heldPlace) await takeCoursePlace(tx, course.id, now);
      if (band && !heldPlace) await takeBandPlace(tx, band.id);
      const free = amountCents === 0;
      const made = await tx.courseEnrolment.create({
        data: {
          courseId: course.id, userId: user.id, childId, bandId: band?.id ?? null, kind: body.kind, sessionId: session?.id ?? null, amountCents, siblingDiscountCents, createdById: user.id,
          status: free ? 'confirmed' : 'pending_payment', confirmedAt: free ? now : null, holdExpiresAt: free ? null : new Date(now.getTime() + paymentHoldMinutes * 60_000),
        },
      });
      // The place a waiting list's offer holds is already counted: claimed (or refused) with the enrolment.
      if (heldPlace && !session) await heldPlace(tx, made.id, now);
      if (!free) await charge(tx, `enrolment:${made.id}:charge`, enrolmentReceivable(made.id), amountCents, { userId: user.id, enrolmentId: made.id, description: `Iscrizione: ${course.name}` });
      await createInstalments(tx, made.id, instalmentPlan(course, amountCents, todayInRome(now), body.kind));
      return { id: made.id, amountCents };
    }, TRANSACTION_OPTIONS);

  return {
    /** `heldPlace`: a whole-course enrolment into the place a waiting list's offer holds (no place taken). */
    async enrol(user: User, body: EnrolBody, now = new Date(), heldPlace?: HeldPlace) {
      const { paymentHoldMinutes, instalmentGraceDays } = await readSettings(db);
      try {
        const { id, amountCents } = await enrolIn(user, body, now, paymentHoldMinutes, heldPlace);
        const row = await db.courseEnrolment.findUniqueOrThrow({ where: { id }, include: ENROLMENT_INCLUDE });
        return { message: row.status === 'confirmed' ? ENROLMENT_MESSAGES.confirmed : ENROLMENT_MESSAGES.enrolled, enrolment: toEnrolmentDto(row, row.status === 'confirmed' ? 0 : amountCents, { today: todayInRome(now), graceDays: instalmentGraceDays }) };
      } catch (error) {
        if (isLivePlaceTaken(error)) throw new AppError(409, ENROLMENT_MESSAGES.alreadyEnrolled);
        if (isConstraintViolation(error, 'courses_places_taken_range')) throw new AppError(409, ENROLMENT_MESSAGES.courseFull);
        if (isConstraintViolation(error, 'course_bands_places_taken_range')) throw new AppError(409, ENROLMENT_MESSAGES.bandFull);
        // Removed while we enrolled (a child the parent deleted, a session regenerated): what was chosen is gone.
        if (isConstraintViolation(error, 'course_enrolments_child_id_fkey')) throw invalid({ child_id: [ENROLMENT_MESSAGES.notYourChild] });
        if (isConstraintViolation(error, 'course_enrolments_session_id_fkey')) throw new AppError(409, ENROLMENT_MESSAGES.sessionNotOpen);
        throw error;
      }
    },
  };
}

export const ensureFound = <T>(row: T | null | undefined): T => {
  if (!row) throw notFound(ENROLMENT_MESSAGES.notFound);
  return row;
};
