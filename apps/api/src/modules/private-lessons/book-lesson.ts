// Members and the open lessons (docs/school.md#private-lessons): the slots still free, and booking one —
// a hold of its court at the coach's price, then paid and split as any booking.
import type { TOpenLesson } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { todayInRome } from '../../lib/time.js';
import { holdForMember, isLive, liveSql, UNDER_OVERLAP_CONSTRAINT } from '../bookings/index.js';
import { assertCertificateForBooking } from '../certificates/index.js';
import { requireStripe } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { LESSON_MESSAGES, openLessonDto, type OpenLessonRow } from './lesson-terms.js';

/** The most open lessons one list shows. */
const OPEN_LIMIT = 200;

export function createBookLesson(deps: Pick<AppDeps, 'db' | 'stripe'>) {
  const { db } = deps;

  /**
   * Slots not withdrawn, not begun, whose court is free then: no live booking there (the lesson's own
   * included) and no closure (a course or a closure made after the slot was published).
   */
  async function open(): Promise<{ data: TOpenLesson[] }> {
    const now = new Date();
    const rows = await db.$queryRaw<OpenLessonRow[]>(Prisma.sql`
      SELECT s.id, s.starts_at, s.ends_at, s.price_cents, u.first_name AS coach_first_name, c.code AS court_code
      FROM lesson_slots s JOIN users u ON u.id = s.coach_id JOIN courts c ON c.id = s.court_id
      WHERE s.withdrawn_at IS NULL AND s.starts_at > ${now}
        AND NOT EXISTS (SELECT 1 FROM bookings WHERE bookings.court_id = s.court_id
          AND tstzrange(bookings.starts_at, bookings.ends_at, '[)') && tstzrange(s.starts_at, s.ends_at, '[)') AND ${liveSql(now)})
        AND NOT EXISTS (SELECT 1 FROM court_closures k WHERE k.court_id = s.court_id AND k.starts_at < s.ends_at AND k.ends_at > s.starts_at)
      ORDER BY s.starts_at, s.id
      LIMIT ${OPEN_LIMIT}`);
    return { data: rows.map(openLessonDto) };
  }

  /**
   * The price is the slot's, never the member's nor the list's. Under the slot's row lock (a second
   * member, or the coach withdrawing it, waits) a live booking of the slot refuses it; the court's own
   * no-overlap constraint backs that, and refuses a court taken meanwhile by anything else.
   */
  async function book(user: User, slotId: number) {
    requireStripe(deps.stripe); // a hold nobody can pay would only block the lesson
    const now = new Date();
    const settings = await readSettings(db);
    const slot = await db.lessonSlot.findFirst({ where: { id: slotId, withdrawnAt: null } });
    if (!slot) throw notFound(LESSON_MESSAGES.notFound);
    if (slot.coachId === user.id) throw new AppError(409, LESSON_MESSAGES.ownLesson);
    if (slot.startsAt <= now) throw new AppError(409, LESSON_MESSAGES.started);
    await assertCertificateForBooking(db, settings, user.id, todayInRome(slot.startsAt));
    const booking = await db.$transaction(async (tx) => {
      const [locked] = await tx.$queryRaw<{ withdrawn_at: Date | null }[]>`SELECT withdrawn_at FROM lesson_slots WHERE id = ${slot.id} FOR UPDATE`;
      if (locked?.withdrawn_at) throw notFound(LESSON_MESSAGES.notFound);
      const bookings = await tx.booking.findMany({ where: { lessonSlotId: slot.id, ...UNDER_OVERLAP_CONSTRAINT }, select: { status: true, holdExpiresAt: true } });
      if (bookings.some((row) => isLive(row, now))) throw new AppError(409, LESSON_MESSAGES.taken);
      return holdForMember(tx, user, slot, settings, now, { slotId: slot.id, takenMessage: LESSON_MESSAGES.courtTaken });
    }, TRANSACTION_OPTIONS);
    return { message: LESSON_MESSAGES.booked, booking_id: booking.id };
  }

  return { open, book };
}
