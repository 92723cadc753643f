// A coach's availability (docs/school.md#private-lessons): published on a free D court at the coach's
// price, listed with who booked, withdrawn while nobody has booked it. Staff and admins act for any coach.
import type { BodyOf, api, TLessonSlot, TLessonSlotsQuery } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { conflictOn, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors.js';
import { addDays, instantInRome } from '../../lib/time.js';
import { isStaff } from '../auth/index.js';
import { isLive, takeCourtTurn, UNDER_OVERLAP_CONSTRAINT } from '../bookings/index.js';
import { LESSON_COACH_MESSAGES as M, SLOT_INCLUDE, slotDto, slotsOf } from './lesson-terms.js';

/** How many days one list shows when no end is asked. */
const DEFAULT_DAYS = 30;

export function createCoachSlots({ db }: Pick<AppDeps, 'db'>) {
  async function list(viewer: User, query: TLessonSlotsQuery): Promise<{ data: TLessonSlot[] }> {
    const from = instantInRome(query.from, '00:00');
    const to = instantInRome(addDays(query.to ?? addDays(query.from, DEFAULT_DAYS - 1), 1), '00:00');
    const slots = await db.lessonSlot.findMany({
      where: { ...slotsOf(viewer, query.coach_id === undefined ? undefined : Number(query.coach_id)), withdrawnAt: null, startsAt: { gte: from, lt: to } },
      include: SLOT_INCLUDE,
      orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    });
    const now = new Date();
    return { data: slots.map((slot) => slotDto(slot, now)) };
  }

  /** The coach's own, or for staff the one named; a coach naming another is refused (403). */
  async function coachFor(viewer: User, coachId: number | undefined) {
    if (!isStaff(viewer)) {
      if (coachId !== undefined && coachId !== viewer.id) throw forbidden(M.otherCoach);
      return viewer;
    }
    const coach = await db.user.findUnique({ where: { id: coachId ?? viewer.id } });
    if (coach?.role !== 'coach' || coach.disabledAt) throw invalid({ coach_id: [M.notCoach] });
    return coach;
  }

  async function publish(viewer: User, body: BodyOf<typeof api.privateLessons.publish>) {
    const coach = await coachFor(viewer, body.coach_id);
    const court = await db.court.findUnique({ where: { id: body.court_id } });
    if (court?.row !== 'D') throw invalid({ court_id: [M.notSchoolCourt] });
    const startsAt = instantInRome(body.date, body.start);
    const endsAt = new Date(startsAt.getTime() + body.duration_minutes * 60_000);
    if (startsAt <= new Date()) throw invalid({ start: [M.past] });
    const slot = await db.$transaction(async (tx) => {
      // In the court's turn, as every booking writer: a booking or a closure made meanwhile is seen.
      await takeCourtTurn(tx, court.id);
      const closed = await tx.courtClosure.count({ where: { courtId: court.id, startsAt: { lt: endsAt }, endsAt: { gt: startsAt } } });
      const booked = await tx.booking.findMany({ where: { courtId: court.id, startsAt: { lt: endsAt }, endsAt: { gt: startsAt }, ...UNDER_OVERLAP_CONSTRAINT }, select: { status: true, holdExpiresAt: true } });
      if (closed > 0 || booked.some((booking) => isLive(booking, new Date()))) throw new AppError(409, M.courtBusy);
      const teaching = await tx.courseSession.count({ where: { cancelledAt: null, course: { coachId: coach.id }, startsAt: { lt: endsAt }, endsAt: { gt: startsAt } } });
      if (teaching > 0) throw new AppError(409, M.coachBusy);
      const created = await auditRow(tx, { entity: 'lesson_slots', action: 'create', subjectUserId: coach.id }, () =>
        tx.lessonSlot.create({ data: { coachId: coach.id, courtId: court.id, startsAt, endsAt, priceCents: body.price } }),
      )
        .catch(conflictOn('lesson_slots_coach_no_overlap', M.coachBusy))
        .catch(conflictOn('lesson_slots_court_no_overlap', M.courtHasSlot));
      return tx.lessonSlot.findUniqueOrThrow({ where: { id: created.id }, include: SLOT_INCLUDE });
    }, TRANSACTION_OPTIONS);
    return { message: M.published, slot: slotDto(slot, new Date()) };
  }

  /** Only while no live booking names it; a booking racing the withdrawal queues on the slot's row. */
  async function withdraw(viewer: User, id: number) {
    await db.$transaction(async (tx) => {
      const slot = await tx.lessonSlot.findFirst({ where: { id, withdrawnAt: null, ...slotsOf(viewer) }, select: { id: true } });
      if (!slot) throw notFound(M.slotNotFound);
      await tx.$queryRaw`SELECT id FROM lesson_slots WHERE id = ${id} FOR UPDATE`;
      const bookings = await tx.booking.findMany({ where: { lessonSlotId: id, ...UNDER_OVERLAP_CONSTRAINT }, select: { status: true, holdExpiresAt: true } });
      if (bookings.some((booking) => isLive(booking, new Date()))) throw new AppError(409, M.booked);
      await auditRow(tx, { entity: 'lesson_slots', id, action: 'update' }, () => tx.lessonSlot.update({ where: { id }, data: { withdrawnAt: new Date() } }));
    }, TRANSACTION_OPTIONS);
    return { message: M.withdrawn };
  }

  return { list, publish, withdraw };
}
