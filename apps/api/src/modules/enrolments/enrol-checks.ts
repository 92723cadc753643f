// What an enrolment must satisfy (docs/school.md#prices), each read under the course's row lock so it
// still holds when the enrolment commits: the kind the course offers and its price, the age band, the
// card and certificate of a member enrolling themself or a child's certificate, and one place per person in a course.
import { ageOn, type api, type BodyOf } from '@beach/contracts';
import type { Child, Course, CourseBand, CourseEnrolment, CourseSession, User } from '../../generated/prisma/client.js';
import type { Prisma } from '../../lib/db.js';
import { AppError, invalid } from '../../lib/errors.js';
import { withValues } from '../../lib/i18n.js';
import { todayInRome, toIsoDate } from '../../lib/time.js';
import { assertCertificateForBooking, assertChildCertificateForEnrolment } from '../certificates/index.js';
import { readSettings } from '../settings/index.js';
import { ENROLMENT_MESSAGES, proRataCents } from './enrolment-terms.js';
import { liveEnrolmentWhere } from './live-enrolments.js';

export type EnrolBody = BodyOf<typeof api.enrolments.enrol>;

/** What the enrolment costs and the sessions it covers; refuses a kind the course does not offer. */
export function termsOf(course: Course & { sessions: CourseSession[] }, held: CourseSession[], upcoming: CourseSession[], body: EnrolBody) {
  if (course.offer === 'camp') {
    // A camp week is sold whole and at its full price, only before its first day starts (docs/school.md#camps).
    if (body.kind !== 'course') throw invalid({ kind: [ENROLMENT_MESSAGES.campWholeWeek] });
    if (upcoming.length < held.length) throw new AppError(409, ENROLMENT_MESSAGES.campStarted);
    return { amountCents: course.priceCents, covered: upcoming, session: null };
  }
  if (body.kind === 'course') return { amountCents: proRataCents(course.priceCents, upcoming.length, held.length), covered: upcoming, session: null };
  const session = upcoming.find((row) => row.id === body.session_id);
  if (!session) {
    // A session of the course cancelled or begun (maybe while we waited for the lock) is a conflict; any other, a wrong choice.
    if (course.sessions.some((row) => row.id === body.session_id)) throw new AppError(409, ENROLMENT_MESSAGES.sessionNotOpen);
    throw invalid({ session_id: [ENROLMENT_MESSAGES.sessionNotOpen] });
  }
  if (body.kind === 'lesson') {
    if (course.lessonPriceCents === null) throw invalid({ kind: [ENROLMENT_MESSAGES.noLessons] });
    return { amountCents: course.lessonPriceCents, covered: [session], session };
  }
  if (!course.trialAllowed) throw invalid({ kind: [ENROLMENT_MESSAGES.noTrial] });
  return { amountCents: 0, covered: [session], session };
}

/** The course's age band, on the first session covered: the child's age, or the member's when their birth date is known. */
export function assertAgeBand(course: Pick<Course, 'minAge' | 'maxAge'>, firstSession: CourseSession, user: Pick<User, 'birthDate'>, child: Pick<Child, 'birthDate'> | null) {
  const birthDate = child ? child.birthDate : user.birthDate;
  if (!birthDate) return;
  const age = ageOn(toIsoDate(birthDate), todayInRome(firstSession.startsAt));
  const field = child ? 'child_id' : 'course_id';
  if (course.minAge !== null && age < course.minAge) throw invalid({ [field]: [withValues(ENROLMENT_MESSAGES.tooYoung, { min: course.minAge })] });
  if (course.maxAge !== null && age > course.maxAge) throw invalid({ [field]: [withValues(ENROLMENT_MESSAGES.tooOld, { max: course.maxAge })] });
}

/** A camp's band for the person's age on its first day (the child's, else the member's birth date); 422 when none fits. */
export function campBandOf(bands: CourseBand[], firstSession: CourseSession, user: Pick<User, 'birthDate'>, child: Pick<Child, 'birthDate'> | null): CourseBand {
  const birthDate = child ? child.birthDate : user.birthDate;
  const field = child ? 'child_id' : 'course_id';
  if (!birthDate) throw invalid({ [field]: [ENROLMENT_MESSAGES.noBirthDate] });
  const age = ageOn(toIsoDate(birthDate), todayInRome(firstSession.startsAt));
  const band = bands.find((row) => row.minAge <= age && age <= row.maxAge);
  if (!band) throw invalid({ [field]: [withValues(ENROLMENT_MESSAGES.noBand, { age })] });
  return band;
}

/** Another person than `childId`'s: the member (no child) or another child (SQL's <> alone skips the member's NULL). */
const otherPersonThan = (childId: number | null): Prisma.CourseEnrolmentWhereInput => (childId === null ? { childId: { not: null } } : { OR: [{ childId: null }, { childId: { not: childId } }] });

/**
 * A whole-course enrolment's price with the course's money terms: less the sibling discount (to the cent)
 * when the same payer already holds a live whole-course place in it for another person, plus the late fee
 * from its date (Rome). Read under the course's row lock, so a second child enrolled at once still counts.
 */
export async function withFamilyTerms(tx: Prisma.TransactionClient, course: Course, baseCents: number, userId: number, childId: number | null, now: Date) {
  let siblingDiscountCents = 0;
  if (course.siblingDiscountPercent > 0) {
    const others = await tx.courseEnrolment.count({ where: { courseId: course.id, userId, kind: 'course', AND: [otherPersonThan(childId), liveEnrolmentWhere(now)] } });
    if (others > 0) siblingDiscountCents = Math.round((baseCents * course.siblingDiscountPercent) / 100);
  }
  const lateFeeCents = course.lateFeeFrom !== null && todayInRome(now) >= toIsoDate(course.lateFeeFrom) ? course.lateFeeCents : 0;
  return { amountCents: baseCents - siblingDiscountCents + lateFeeCents, siblingDiscountCents };
}

/**
 * A member pays an enrolment with a sibling discount only once a sibling's place in the course is confirmed
 * (under the enrolment's lock): a pending sibling could be let go after, and the discount would outlive it.
 */
export async function assertSiblingConfirmed(tx: Prisma.TransactionClient, row: Pick<CourseEnrolment, 'courseId' | 'userId' | 'childId' | 'siblingDiscountCents' | 'status'>) {
  if (row.status !== 'pending_payment' || row.siblingDiscountCents === 0) return;
  const confirmed = await tx.courseEnrolment.count({ where: { courseId: row.courseId, userId: row.userId, kind: 'course', status: 'confirmed', AND: [otherPersonThan(row.childId)] } });
  if (confirmed === 0) throw new AppError(409, ENROLMENT_MESSAGES.siblingFirst);
}

/**
 * A member enrolling themself needs a card valid over the sessions covered and a certificate on the first;
 * a child (no card in this product) needs only their own certificate on the first.
 */
export async function assertRequirements(tx: Prisma.TransactionClient, userId: number, child: Pick<Child, 'id' | 'firstName'> | null, covered: CourseSession[]) {
  const first = todayInRome(covered[0]!.startsAt);
  if (child) return assertChildCertificateForEnrolment(tx, await readSettings(tx), child, first);
  const last = todayInRome(covered.at(-1)!.startsAt);
  const card = await tx.membership.findFirst({
    where: { userId, status: 'active', startDate: { lte: new Date(`${first}T00:00:00Z`) }, endDate: { gte: new Date(`${last}T00:00:00Z`) } },
  });
  if (!card) throw new AppError(422, ENROLMENT_MESSAGES.noMembership);
  await assertCertificateForBooking(tx, await readSettings(tx), userId, first);
}

/**
 * One place per person in a course: no lesson or trial beside their live whole-course enrolment, and no
 * whole-course enrolment beside their live lessons or trials still to come.
 */
export async function refuseSecondPlace(tx: Prisma.TransactionClient, courseId: number, userId: number, childId: number | null, kind: EnrolBody['kind'], now: Date) {
  const person = { courseId, userId, childId, ...liveEnrolmentWhere(now) };
  if (kind !== 'course') {
    if ((await tx.courseEnrolment.count({ where: { ...person, kind: 'course' } })) > 0) throw new AppError(409, ENROLMENT_MESSAGES.alreadyInCourse);
  } else if ((await tx.courseEnrolment.count({ where: { ...person, kind: { not: 'course' }, session: { startsAt: { gt: now } } } })) > 0) {
    throw new AppError(409, ENROLMENT_MESSAGES.hasLessons);
  }
}
