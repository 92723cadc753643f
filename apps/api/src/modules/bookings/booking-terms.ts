// What the member's booking and the desk's share: the slots asked for as instants with their list
// price, which bookings are live, times shown in Rome, and the waitlist told when a slot frees.
import { FULL_DAY_SLOTS, SLOTS } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Booking, Court, Transaction } from '../../generated/prisma/client.js';
import type { PriceCode } from '../../generated/prisma/enums.js';
import type { Prisma } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { formatItalianDate } from '../../lib/format.js';
import { CENTRE_TIME_ZONE, todayInRome } from '../../lib/time.js';
import { priceListInForce } from '../prices/prices.service.js';
import { slotFreedEmail } from './bookings.emails.js';
import { SLOT_PRICE_CODE, slotsOf } from './slots.js';

export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

export const LIVE_HOLD = (now: Date): Prisma.BookingWhereInput => ({ status: 'pending_payment', OR: [{ holdExpiresAt: null }, { holdExpiresAt: { gt: now } }] });
export const LIVE = (now: Date): Prisma.BookingWhereInput => ({ OR: [{ status: 'confirmed' }, LIVE_HOLD(now)] });

export const SLOT_MESSAGES = {
  taken: 'Questo orario è appena stato prenotato da un altro utente.',
  noLights: 'Questo campo non ha le luci: la sera non si può prenotare.',
  closed: 'Il campo è chiuso in quell’orario.',
  noPriceList: 'Il listino prezzi di quell’anno non è ancora pubblicato: chiedi in segreteria.',
} as const;

const romeTime = new Intl.DateTimeFormat('it-IT', { timeZone: CENTRE_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** HH:MM in Rome; an end at midnight reads 24:00. */
export const timeOf = (instant: Date, isEnd = false) => {
  const text = romeTime.format(instant);
  return isEnd && text === '00:00' ? '24:00' : text;
};

export interface SlotChoice {
  date: string;
  start: string;
  slots: number;
  full_day: boolean;
  equipment: boolean;
}

/** The slots asked for, priced from the list of the booking's year (frozen on the booking). */
export async function priceSlots(db: AppDeps['db'], court: Pick<Court, 'hasLights'>, choice: SlotChoice) {
  const startIndex = choice.full_day ? 0 : SLOTS.findIndex((slot) => slot.start === choice.start);
  const count = choice.full_day ? FULL_DAY_SLOTS : choice.slots;
  const slots = slotsOf(choice.date).slice(startIndex, startIndex + count);
  const list = await priceListInForce(db, Number(choice.date.slice(0, 4)));
  const prices = new Map<PriceCode, number>(list.entries.map((entry) => [entry.code, entry.amount_cents]));
  const priceFor = (code: PriceCode) => {
    const amount = prices.get(code);
    if (amount === undefined) throw new AppError(409, SLOT_MESSAGES.noPriceList);
    return amount;
  };
  if (slots.some((slot) => slot.band === 'evening') && !court.hasLights) throw new AppError(422, SLOT_MESSAGES.noLights);
  const priceCents = choice.full_day ? priceFor(choice.equipment ? 'court_full_day_equipment' : 'court_full_day') : slots.reduce((sum, slot) => sum + priceFor(SLOT_PRICE_CODE[slot.band]), 0);
  const bands = new Set(slots.map((slot) => slot.band));
  return { startsAt: slots[0]!.startsAt, endsAt: slots[slots.length - 1]!.endsAt, priceCents, bands };
}

/** The online or desk payment of a booking, if any: the latest settled one, or else the latest. */
export function paymentOf(transactions: Transaction[]) {
  const payments = transactions.filter((row) => row.type === 'payment');
  return payments.find((row) => row.status !== 'pending' && row.status !== 'failed') ?? payments[0] ?? null;
}

export const whatOf = (booking: { court: Pick<Court, 'name'>; startsAt: Date; endsAt: Date }) => ({
  court: booking.court.name,
  when: `${formatItalianDate(todayInRome(booking.startsAt))} ${timeOf(booking.startsAt)}–${timeOf(booking.endsAt, true)}`,
});

/** A closure of the court that overlaps the span, if any. */
async function closureHits(tx: Prisma.TransactionClient, courtId: number, startsAt: Date, endsAt: Date) {
  return (await tx.courtClosure.count({ where: { courtId, startsAt: { lt: endsAt }, endsAt: { gt: startsAt } } })) > 0;
}

/**
 * Writers of bookings on one court take turns on the court's row, until their transaction ends:
 * concurrent writes that collide on the exclusion constraint would otherwise wait on each other's
 * uncommitted rows and deadlock (PostgreSQL finds that only after its one-second deadlock timeout),
 * while in turn the loser meets the winner's committed row at once. NO KEY UPDATE leaves the
 * bookings' foreign-key checks on the court free.
 */
export async function takeCourtTurn(tx: Prisma.TransactionClient, courtId: number) {
  await tx.$queryRaw`SELECT id FROM courts WHERE id = ${courtId} FOR NO KEY UPDATE`;
}

/**
 * Every writer that puts a booking on a slot goes through here first, in its transaction: it takes
 * the court's turn, a closure refuses it, and holds that lapsed on the slot are expired now (the job
 * only runs once a minute), so a lapsed hold never blocks a slot that the grid and the series preview
 * already show as free.
 */
export async function reserveSlot(tx: Prisma.TransactionClient, slot: { courtId: number; startsAt: Date; endsAt: Date }, now: Date) {
  const { courtId, startsAt, endsAt } = slot;
  await takeCourtTurn(tx, courtId);
  if (await closureHits(tx, courtId, startsAt, endsAt)) throw new AppError(409, SLOT_MESSAGES.closed);
  await tx.booking.updateMany({
    where: { courtId, status: 'pending_payment', holdExpiresAt: { lte: now }, startsAt: { lt: endsAt }, endsAt: { gt: startsAt } },
    data: { status: 'expired' },
  });
}

/**
 * A slot was freed (cancelled, or a hold lapsed): everyone waiting for a slot that overlaps it is
 * e-mailed, in order of sign-up, in the transaction that freed it.
 */
export function createWaitlistNotifier({ jobs, config }: Pick<AppDeps, 'jobs' | 'config'>) {
  return async function notifyWaitlist(tx: Prisma.TransactionClient, freed: Pick<Booking, 'courtId' | 'startsAt' | 'endsAt'>) {
    const waiting = await tx.bookingWaitlist.findMany({
      where: { courtId: freed.courtId, notifiedAt: null, startsAt: { lt: freed.endsAt }, endsAt: { gt: freed.startsAt } },
      include: { user: true, court: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    for (const entry of waiting) {
      await jobs.send('send-email', slotFreedEmail(entry.user, whatOf(entry), `${config.WEB_ORIGIN}/prenotazioni?campo=${entry.court.code}`), { tx });
    }
    if (waiting.length > 0) await tx.bookingWaitlist.updateMany({ where: { id: { in: waiting.map((entry) => entry.id) } }, data: { notifiedAt: new Date() } });
  };
}
