// Opening a match on the member's own hold (docs/open-matches.md#the-match): the places of the others
// are taken off what the booking owes, so the organiser then pays only their part, by any of the
// booking's ways (card, credit, carnet); paid, the booking is confirmed and holds the court for the match.
import type { BodyOf, api } from '@beach/contracts';
import type { Booking, OpenMatch, Prisma, User } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { isLiveHold, lockBooking, organiserDue, splitShares } from '../bookings/index.js';
import { bookingReceivable, discount } from '../ledger/index.js';
import type { Checkouts } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { formatOf, matchMessages } from './match-terms.js';

export const tenthsOf = (level: number | null | undefined) => (level == null ? null : Math.round(level * 10));

export function createMatchOpening({ db, checkouts }: { db: Db; checkouts: Checkouts }) {
  return async function open(viewer: User, body: BodyOf<typeof api.openMatches.open>) {
    const now = new Date();
    const settings = await readSettings(db);
    // A card payment already made for the whole booking stops this (409): the hold is paid, not a match.
    await checkouts.refuseIfPaid('booking', body.booking_id);
    return db.$transaction(async (tx) => {
      const booking = await lockBooking(tx, body.booking_id);
      if (!booking || booking.userId !== viewer.id) throw new AppError(404, matchMessages.bookingNotFound);
      if (!isLiveHold(booking, now)) throw new AppError(409, matchMessages.notHeld);
      if ((await tx.openMatch.count({ where: { bookingId: booking.id } })) > 0 || (await tx.bookingPlayer.count({ where: { bookingId: booking.id } })) > 0) throw new AppError(409, matchMessages.already);
      const cutoffAt = new Date(booking.startsAt.getTime() - settings.openMatchCutoffHours * 3_600_000);
      if (cutoffAt <= now) throw new AppError(422, matchMessages.tooLate);
      await checkouts.closeIn(tx, 'booking', booking.id);
      // A part is the court's price over the players (docs/open-matches.md#money): nothing paid or taken off yet.
      if ((await organiserDue(tx, booking.id, { lock: true })) !== booking.priceCents) throw new AppError(409, matchMessages.notPaidWhole);
      const terms = { format: body.format, competitive: body.competitive, levelMinTenths: body.competitive ? tenthsOf(body.level_min) : null, levelMaxTenths: body.competitive ? tenthsOf(body.level_max) : null, gender: body.gender, note: body.note ? body.note : null };
      return startMatch(tx, booking, viewer.id, terms, cutoffAt);
    }, TRANSACTION_OPTIONS);
  };
}

export type MatchTerms = Pick<OpenMatch, 'format' | 'competitive' | 'levelMinTenths' | 'levelMaxTenths' | 'gender' | 'note'>;

/** The match on a hold nothing is paid on yet: the others' parts are taken off what the booking owes. */
export async function startMatch(tx: Prisma.TransactionClient, booking: Pick<Booking, 'id' | 'priceCents'>, organiserId: number, terms: MatchTerms, cutoffAt: Date) {
  const { sport, players } = formatOf(terms.format);
  const [, ...theirs] = splitShares(booking.priceCents, players);
  const partCents = theirs[0]!;
  const match = await tx.openMatch.create({ data: { ...terms, bookingId: booking.id, organiserId, sport, playersCount: players, partCents, cutoffAt } });
  await discount(tx, `open-match:${match.id}:places`, bookingReceivable(booking.id), partCents * (players - 1), { bookingId: booking.id, userId: organiserId, description: 'Posti della partita aperta' });
  return match;
}
