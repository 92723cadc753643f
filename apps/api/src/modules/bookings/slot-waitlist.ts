// The courts' fair waiting list (docs/domain.md#waitlist), on the waiting lists' shared offer engine (waitlist-offers): a freed
// slot goes to the first member waiting for it alone, held for them as a booking awaiting payment until the
// offer's expiry; when that hold lapses or is given up, the slot passes to the next. Inside the cut-off
// before the start, everyone still waiting is told at once (a last call): the first to book it has it.
// Every path that frees a slot comes through here in its transaction, under the court's turn, so two frees
// of one slot (a cancellation racing the hold-expiry job, two workers) never make two offers.
import type { AppDeps } from '../../deps.js';
import type { Booking, BookingWaitlist, BookingWaitlistLapse, Court, Setting, User } from '../../generated/prisma/client.js';
import type { Prisma } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { localizedEuros, localizedUrl } from '../../lib/i18n.js';
import { timeOf, todayInRome } from '../../lib/time.js';
import { certificateWarning } from '../certificates/index.js';
import { readSettings } from '../settings/index.js';
import { FIRST_IN_LINE, offerExpiry } from '../waitlist-offers/index.js';
import { LIVE, priceSlots, UNDER_OVERLAP_CONSTRAINT, whatOf } from './booking-terms.js';
import { chargeBooking } from './booking-money.js';
import { slotFreedEmail, slotOfferEmail } from './bookings.emails.js';
import { takeCourtTurn } from './reserve-slot.js';
import { notifyMember } from '../push/index.js';

/** A booking that just gave up its span (cancelled, lapsed, or moved away from it). */
export type FreedSlot = Pick<Booking, 'id' | 'courtId' | 'startsAt' | 'endsAt'>;
type Entry = BookingWaitlist & { user: User; court: Court };

/** Whether nothing stands on the entry's span: no booking the exclusion constraint counts, no closure. */
async function slotIsFree(tx: Prisma.TransactionClient, { courtId, startsAt, endsAt }: Pick<BookingWaitlist, 'courtId' | 'startsAt' | 'endsAt'>) {
  const overlapping = { courtId, startsAt: { lt: endsAt }, endsAt: { gt: startsAt } };
  const [taken, closed] = await Promise.all([tx.booking.count({ where: { ...overlapping, ...UNDER_OVERLAP_CONSTRAINT } }), tx.courtClosure.count({ where: overlapping })]);
  return taken === 0 && closed === 0;
}

/**
 * The offer the freed booking held, if it was one, ends: lapsed when its hold ran out ('unpaid') or the
 * staff cancelled it ('cancelled'); withdrawn when the member gave it up (their own cancellation records
 * no canceller). A booking moved elsewhere still stands: its offer goes on.
 */
async function endOfferOf(tx: Prisma.TransactionClient, bookingId: number) {
  const booking = await tx.booking.findUnique({ where: { id: bookingId }, select: { status: true, cancelledById: true } });
  if (!booking || (booking.status !== 'expired' && booking.status !== 'cancelled')) return;
  const ending =
    booking.status === 'expired'
      ? { status: 'lapsed' as const, lapsedReason: 'unpaid' as const }
      : booking.cancelledById === null
        ? { status: 'withdrawn' as const }
        : { status: 'lapsed' as const, lapsedReason: 'cancelled' as const };
  await tx.bookingWaitlist.updateMany({ where: { bookingId, status: 'offered' }, data: ending });
}

/** Why the entry's member cannot be offered the slot as a booking would refuse them, if so. */
async function offerProblem(tx: Prisma.TransactionClient, settings: Setting, entry: Entry, now: Date): Promise<BookingWaitlistLapse | null> {
  if (await certificateWarning(tx, entry.userId, todayInRome(entry.startsAt))) return 'certificate';
  // The member's row is not locked as a hold locks it: the court's turn is already held here, and taking
  // the member's after it could deadlock with their own hold (member, then court). At worst a booking made
  // at the same instant passes the limit by this one.
  const future = await tx.booking.count({ where: { userId: entry.userId, endsAt: { gt: now }, ...LIVE(now) } });
  return future >= settings.maxFutureBookings ? 'limit' : null;
}

export function createSlotHandOff(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'stripe'>) {
  const { db, jobs, config } = deps;

  /** Inside the cut-off (or when the slot cannot be held): the member is told it is free, and their turn is over. */
  async function lastCall(tx: Prisma.TransactionClient, entry: Entry, now: Date) {
    await jobs.send('send-email', slotFreedEmail(entry.user, whatOf(entry), localizedUrl(entry.user.locale, `${config.WEB_ORIGIN}/prenotazioni?campo=${entry.court.code}`)), { tx });
    await tx.bookingWaitlist.update({ where: { id: entry.id }, data: { status: 'lapsed', lapsedReason: 'last_call', notifiedAt: now } });
  }

  /** The slot held for the entry's member as a booking awaiting payment until `expiresAt`, priced as any booking. */
  async function offer(tx: Prisma.TransactionClient, entry: Entry, expiresAt: Date, now: Date) {
    const { priceCents } = await priceSlots(db, entry.court, { date: todayInRome(entry.startsAt), start: timeOf(entry.startsAt), slots: 1, full_day: false, equipment: false });
    const booking = await tx.booking.create({
      data: { courtId: entry.courtId, userId: entry.userId, startsAt: entry.startsAt, endsAt: entry.endsAt, priceCents, status: 'pending_payment', holdExpiresAt: expiresAt },
    });
    await chargeBooking(tx, booking, priceCents, undefined, { description: 'Prenotazione campo (lista d’attesa)' });
    await tx.bookingWaitlist.update({ where: { id: entry.id }, data: { status: 'offered', bookingId: booking.id, offeredAt: now } });
    const payUrl = localizedUrl(entry.user.locale, `${config.WEB_ORIGIN}/prenotazioni/pagamento/${booking.id}`);
    await notifyMember(jobs, tx, { userId: entry.userId, kind: 'waitlist_offer', email: slotOfferEmail(entry.user, { ...whatOf(entry), price: localizedEuros(priceCents) }, expiresAt, payUrl) });
  }

  /**
   * The freed span's waiting entries, first come first served: each whose slot is now free is offered it
   * (or told, inside the cut-off); a member a booking would refuse (certificate, limit) is skipped, their
   * entry lapsed with the reason, and the next has it. Returns how many offers were made.
   */
  async function passSlotOn(tx: Prisma.TransactionClient, freed: FreedSlot, now = new Date()) {
    await takeCourtTurn(tx, freed.courtId);
    await endOfferOf(tx, freed.id);
    const settings = await readSettings(tx);
    const waiting = await tx.bookingWaitlist.findMany({
      where: { courtId: freed.courtId, status: 'waiting', startsAt: { lt: freed.endsAt, gt: now }, endsAt: { gt: freed.startsAt } },
      include: { user: true, court: true },
      orderBy: FIRST_IN_LINE,
    });
    let offers = 0;
    for (const entry of waiting) {
      // Taken meanwhile, by the offer just made to someone ahead, or still partly in use.
      if (!(await slotIsFree(tx, entry))) continue;
      // A hold nobody can pay (no Stripe) would only block the slot: everyone is told instead.
      const expiresAt = deps.stripe ? offerExpiry(now, entry.startsAt, { offerHours: settings.courtWaitlistOfferHours, cutoffHours: settings.courtWaitlistCutoffHours }) : null;
      if (!expiresAt) {
        await lastCall(tx, entry, now);
        continue;
      }
      const problem = await offerProblem(tx, settings, entry, now);
      if (problem) {
        await tx.bookingWaitlist.update({ where: { id: entry.id }, data: { status: 'lapsed', lapsedReason: problem } });
        continue;
      }
      try {
        await offer(tx, entry, expiresAt, now);
        offers++;
      } catch (error) {
        // The price list changed under the slot (no list, no lights): it cannot be priced, so it is simply free.
        if (!(error instanceof AppError)) throw error;
        await lastCall(tx, entry, now);
      }
    }
    return offers;
  }

  return { passSlotOn };
}

export type SlotHandOff = ReturnType<typeof createSlotHandOff>;
