// The member's side of the courts' waiting list (docs/domain.md#waitlist): "Avvisami se si libera" on a
// taken slot, their places with their state, and giving one up ("Rinuncia").
import type { BodyOf, TCourtWaitlistEntry } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { isUniqueViolation, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { withValues } from '../../lib/i18n.js';
import { timeOf, todayInRome } from '../../lib/time.js';
import { LIVE, priceSlots } from './booking-terms.js';
import { bookingMessages, type Routes } from './booking-view.js';
import { takeCourtTurn } from './reserve-slot.js';

type CancelOwn = (user: User, bookingId: number) => Promise<unknown>;

export function createMySlotWaitlist({ db }: Pick<AppDeps, 'db'>, cancelOwn: CancelOwn) {
  /** A place at the back of the slot's list, while someone's booking stands on it (a free slot is booked instead). */
  async function joinWaitlist(user: User, body: BodyOf<Routes['waitlist']>) {
    const court = await db.court.findUnique({ where: { id: body.court_id } });
    if (!court?.isBookable) throw new AppError(422, bookingMessages.notBookable);
    const { startsAt, endsAt } = await priceSlots(db, court, { ...body, slots: 1, full_day: false, equipment: false });
    const now = new Date();
    if (startsAt <= now) throw new AppError(422, bookingMessages.past);
    const taken = await db.booking.count({ where: { courtId: court.id, startsAt: { lt: endsAt }, endsAt: { gt: startsAt }, ...LIVE(now) } });
    if (taken === 0) throw new AppError(409, bookingMessages.waitlistSlotFree);
    // One live place per member and slot: the partial unique index booking_waitlist_one_live.
    await db.bookingWaitlist.create({ data: { userId: user.id, courtId: court.id, startsAt, endsAt } }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? new AppError(409, bookingMessages.waitlistAlready) : error;
    });
    return { message: withValues(bookingMessages.waitlisted, { court: court.name, start: body.start }) };
  }

  /** The member's places on slots not yet over, every state, soonest first; a waiting one with its position. */
  async function myWaitlist(user: User): Promise<TCourtWaitlistEntry[]> {
    const entries = await db.bookingWaitlist.findMany({
      where: { userId: user.id, endsAt: { gt: new Date() } },
      include: { court: true, booking: { select: { holdExpiresAt: true } } },
      orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    });
    return Promise.all(
      entries.map(async (entry) => ({
        id: entry.id,
        court: { code: entry.court.code, name: entry.court.name },
        date: todayInRome(entry.startsAt),
        start: timeOf(entry.startsAt),
        end: timeOf(entry.endsAt, true),
        status: entry.status,
        lapsed_reason: entry.lapsedReason,
        position:
          entry.status === 'waiting'
            ? 1 +
              (await db.bookingWaitlist.count({
                where: { courtId: entry.courtId, startsAt: entry.startsAt, status: 'waiting', OR: [{ createdAt: { lt: entry.createdAt } }, { createdAt: entry.createdAt, id: { lt: entry.id } }] },
              }))
            : null,
        booking_id: entry.status === 'offered' ? entry.bookingId : null,
        offer_expires_at: entry.status === 'offered' ? (entry.booking?.holdExpiresAt?.toISOString() ?? null) : null,
        created_at: entry.createdAt.toISOString(),
      })),
    );
  }

  /**
   * Off the list. A waiting place goes under the court's turn (so no offer is being made to it meanwhile);
   * an offered one is the member's cancellation of the booking holding the slot, which passes it on.
   */
  async function withdrawWaitlist(user: User, id: number) {
    const entry = await db.bookingWaitlist.findFirst({ where: { id, userId: user.id } });
    if (!entry) throw notFound(bookingMessages.waitlistNotFound);
    const withdrawn = await db.$transaction(async (tx) => {
      await takeCourtTurn(tx, entry.courtId);
      return (await tx.bookingWaitlist.updateMany({ where: { id, status: 'waiting' }, data: { status: 'withdrawn' } })).count;
    }, TRANSACTION_OPTIONS);
    if (withdrawn === 0) {
      // Offered meanwhile, perhaps: read again under no lock, the cancellation locks the booking itself.
      const now = await db.bookingWaitlist.findUniqueOrThrow({ where: { id } });
      if (now.status !== 'offered' || now.bookingId === null) throw new AppError(409, bookingMessages.waitlistOver);
      await cancelOwn(user, now.bookingId);
    }
    return { message: bookingMessages.waitlistWithdrawn };
  }

  return { joinWaitlist, myWaitlist, withdrawWaitlist };
}
