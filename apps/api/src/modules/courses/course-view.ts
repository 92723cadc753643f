// How a course reads on the wire, and the messages of the module.
import { centsToMoney, COURSE_CLOSURE_PREFIX, type TCourse, type TCourseDetail } from '@beach/contracts';
import type { Db, Prisma } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import { toIsoDate } from '../../lib/time.js';
import { parseRecurrence } from './course-schedule.js';

export const COURSE_MESSAGES = {
  notFound: 'Corso non trovato.',
  sessionNotFound: 'Lezione non trovata.',
  coachNotFound: 'L’allenatore scelto non esiste o non ha il ruolo di allenatore.',
  courtNotFound: 'Uno o più campi non esistono.',
  nothingFree: 'Nessuna lezione del corso è libera: non è stato salvato nulla.',
  raced: 'Nel frattempo un campo è stato occupato: rifai l’anteprima.',
  scheduleLocked: 'Il corso ha già iscritti: date, giorni, orario, durata e campi non si possono più cambiare.',
  belowPlacesTaken: 'Il massimo di partecipanti non può essere inferiore ai posti già occupati.',
  cancelled: 'Il corso è annullato: non si può più modificare.',
  sessionAlreadyCancelled: 'La lezione è già annullata.',
  sessionPast: 'La lezione è già iniziata: non si può annullare.',
  sessionCancelledNotMoved: 'La lezione è annullata: non si può spostare.',
  sessionPastNotMoved: 'La lezione è già iniziata: non si può spostare.',
  movedIntoPast: 'Scegli un giorno e un orario non ancora passati.',
  ownSessionThere: 'un’altra lezione del corso',
  moveConflict: (inTheWay: string[]) => `Alla nuova ora i campi del corso sono occupati: ${inTheWay.join('; ')}.`,
  offerLocked: 'Il corso ha già iscrizioni: non può diventare un centro estivo (o il contrario).',
  bandsLocked: 'Le fasce d’età hanno già iscrizioni: si possono cambiare solo i posti, non le età né il numero delle fasce.',
  bandBelowTaken: 'I posti di una fascia non possono essere inferiori a quelli già occupati.',
  afterDark: (unlitCodes: string[], by: 'sunset' | 'evening', at: string) =>
    `Senza luci su ${unlitCodes.join(', ')}: la lezione finisce dopo ${by === 'sunset' ? `il tramonto (${at})` : `le ${at}`}.`,
  allPast: 'Tutte le lezioni cadrebbero nel passato: scegli un primo giorno da oggi in poi.',
  saved: (created: number, skipped: number) =>
    `Corso salvato: ${created} ${created === 1 ? 'lezione' : 'lezioni'}${skipped > 0 ? `, ${skipped} ${skipped === 1 ? 'saltata' : 'saltate'} per conflitti` : ''}.`,
} as const;

/** The reason a session's closures give, which the desk planner shows on the court. */
export const closureReason = (name: string) => `${COURSE_CLOSURE_PREFIX}${name}`.slice(0, 255);

export const COURSE_INCLUDE = {
  coach: { select: { id: true, firstName: true, lastName: true } },
  courts: { include: { court: { select: { id: true, code: true } } }, orderBy: { courtId: 'asc' } },
  _count: { select: { sessions: { where: { cancelledAt: null } } } },
  bands: { orderBy: { minAge: 'asc' } },
} satisfies Prisma.CourseInclude;
type CourseRow = Prisma.CourseGetPayload<{ include: typeof COURSE_INCLUDE }>;

export function courseOnWire(course: CourseRow): TCourse {
  const { weekdays, exceptions } = parseRecurrence(course.recurrence);
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
    coach: course.coach ? { id: course.coach.id, name: `${course.coach.firstName} ${course.coach.lastName}` } : null,
    court_ids: course.courts.map((row) => row.court.id),
    court_codes: course.courts.map((row) => row.court.code),
    starts_on: toIsoDate(course.startsOn),
    ends_on: toIsoDate(course.endsOn),
    recurrence: course.recurrence,
    weekdays,
    exceptions,
    start_time: course.startTime,
    duration_minutes: course.durationMinutes,
    min_participants: course.minParticipants,
    max_participants: course.maxParticipants,
    places_taken: course.placesTaken,
    price: centsToMoney(course.priceCents),
    lesson_price: course.lessonPriceCents === null ? null : centsToMoney(course.lessonPriceCents),
    trial_allowed: course.trialAllowed,
    published: course.publishedAt !== null,
    cancelled: course.cancelledAt !== null,
    sessions_count: course._count.sessions,
    deposit: course.depositCents === null ? null : centsToMoney(course.depositCents),
    balance_due_on: course.balanceDueOn && toIsoDate(course.balanceDueOn),
    sibling_discount_percent: course.siblingDiscountPercent,
    late_fee: centsToMoney(course.lateFeeCents),
    late_fee_from: course.lateFeeFrom && toIsoDate(course.lateFeeFrom),
    minimum_check_on: course.minimumCheckOn && toIsoDate(course.minimumCheckOn),
    instalment_dates: course.instalmentDates.map(toIsoDate),
    bands: course.bands.map((band) => ({ id: band.id, min_age: band.minAge, max_age: band.maxAge, capacity: band.capacity, places_taken: band.placesTaken })),
  };
}

/** A course with all its sessions, in order; 404 when there is none. */
export async function courseDetail(db: Db | Prisma.TransactionClient, id: number): Promise<TCourseDetail> {
  const course = await db.course.findUnique({ where: { id }, include: { ...COURSE_INCLUDE, sessions: { orderBy: { startsAt: 'asc' } } } });
  if (!course) throw notFound(COURSE_MESSAGES.notFound);
  return {
    ...courseOnWire(course),
    sessions: course.sessions.map((session) => ({
      id: session.id,
      starts_at: session.startsAt.toISOString(),
      ends_at: session.endsAt.toISOString(),
      cancelled_at: session.cancelledAt?.toISOString() ?? null,
      cancel_reason: session.cancelReason,
    })),
  };
}
