// The public list of courses open to enrolment (docs/school.md#prices): published, not cancelled, with
// sessions still to come; places left and the price of the whole course as of now.
import { centsToMoney, type TOpenCourse } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { todayInRome, toIsoDate } from '../../lib/time.js';
import { proRataCents, sessionsOf } from './enrolment-terms.js';
import { liveEnrolmentWhere } from './live-enrolments.js';

/** ISO weekday (1 Monday … 7 Sunday) of a Rome calendar day. */
const weekdayOf = (isoDate: string) => ((new Date(`${isoDate}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

export function createOpenCourses({ db }: Pick<AppDeps, 'db'>) {
  return {
    async openCourses(now = new Date()): Promise<{ data: TOpenCourse[] }> {
      const courses = await db.course.findMany({
        where: { publishedAt: { not: null, lte: now }, cancelledAt: null, sessions: { some: { cancelledAt: null, startsAt: { gt: now } } } },
        include: { coach: { select: { firstName: true } }, courts: { include: { court: { select: { code: true } } } }, sessions: true, bands: { orderBy: { minAge: 'asc' } } },
        orderBy: [{ startsOn: 'asc' }, { id: 'asc' }],
      });
      // Live lessons and trials booked per session take a place in it on top of the whole-course places.
      const perSession = await db.courseEnrolment.groupBy({
        by: ['sessionId'],
        where: { courseId: { in: courses.map((course) => course.id) }, sessionId: { not: null }, ...liveEnrolmentWhere(now) },
        _count: { _all: true },
      });
      const taken = new Map(perSession.map((row) => [row.sessionId, row._count._all]));
      return {
        data: courses.map((course) => {
          const { held, upcoming } = sessionsOf(course.sessions, now);
          const placesLeft = course.maxParticipants - course.placesTaken;
          // A whole-course place must fit beside the busiest session still to come (as takeCoursePlace counts).
          const busiest = Math.max(0, ...upcoming.map((session) => taken.get(session.id) ?? 0));
          const camp = course.offer === 'camp';
          // A camp is sold whole at its price (docs/school.md#camps); the late fee is added from its day, as enrolling does.
          const lateFee = course.lateFeeFrom !== null && todayInRome(now) >= toIsoDate(course.lateFeeFrom) ? course.lateFeeCents : 0;
          const wholeNow = camp ? course.priceCents : proRataCents(course.priceCents, upcoming.length, held.length);
          return {
            id: course.id,
            offer: course.offer,
            name: course.name,
            title_de: course.titleDe,
            title_en: course.titleEn,
            sport: course.sport,
            level: course.level,
            min_age: course.minAge,
            max_age: course.maxAge,
            coach_first_name: course.coach?.firstName ?? null,
            weekdays: [...new Set(held.map((session) => weekdayOf(todayInRome(session.startsAt))))].sort(),
            start_time: course.startTime,
            duration_minutes: course.durationMinutes,
            courts: course.courts.map((row) => row.court.code).sort(),
            starts_on: course.startsOn.toISOString().slice(0, 10),
            ends_on: course.endsOn.toISOString().slice(0, 10),
            places_left: Math.max(0, placesLeft - busiest),
            sessions_total: held.length,
            sessions_left: upcoming.length,
            price_now: centsToMoney(wholeNow + lateFee),
            price: centsToMoney(course.priceCents),
            lesson_price: course.lessonPriceCents === null ? null : centsToMoney(course.lessonPriceCents),
            trial_allowed: course.trialAllowed,
            sessions: upcoming.map((session) => ({
              id: session.id,
              starts_at: session.startsAt.toISOString(),
              ends_at: session.endsAt.toISOString(),
              places_left: Math.max(0, placesLeft - (taken.get(session.id) ?? 0)),
            })),
            bands: course.bands.map((band) => ({ min_age: band.minAge, max_age: band.maxAge, places_left: band.capacity - band.placesTaken })),
            deposit: course.depositCents === null ? null : centsToMoney(course.depositCents),
            balance_due_on: course.balanceDueOn && toIsoDate(course.balanceDueOn),
            sibling_discount_percent: course.siblingDiscountPercent,
            late_fee: centsToMoney(course.lateFeeCents),
            late_fee_from: course.lateFeeFrom && toIsoDate(course.lateFeeFrom),
          };
        }),
      };
    },
  };
}
