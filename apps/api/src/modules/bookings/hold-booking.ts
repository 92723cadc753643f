// Taking a slot (docs/domain.md#holds): a hold that occupies it while the member pays.
import type { BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { localizedDay, withValues } from '../../lib/i18n.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { inSeason, seasonOf } from '../memberships/index.js';
import { requireStripe } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { assertCertificateForBooking } from '../certificates/index.js';
import { priceSlots } from './booking-terms.js';
import { holdForMember } from './member-hold.js';
import { bookingMessages, type Routes } from './booking-view.js';
import type { BookingReads } from './booking-view.js';

export function createBookingHolds(deps: Pick<AppDeps, 'db' | 'stripe'>, { dtoOf }: BookingReads) {
  const { db } = deps;
  /**
   * A hold on the slots, its price owed from now. The member's row is locked so their own limits hold
   * under concurrent requests; two members racing for one slot are separated by the exclusion constraint.
   */
  async function create(user: User, body: BodyOf<Routes['create']>) {
    requireStripe(deps.stripe); // a hold nobody can pay would only block the slot
    const now = new Date();
    const settings = await readSettings(db);
    const court = await db.court.findUnique({ where: { id: body.court_id } });
    if (!court) throw new AppError(422, bookingMessages.courtNotFound, { court_id: [bookingMessages.courtNotFound] });
    if (!court.isBookable) throw new AppError(422, bookingMessages.notBookable);
    const today = todayInRome(now);
    const season = seasonOf(Number(body.date.slice(0, 4)), settings);
    if (!inSeason(body.date, season)) throw new AppError(422, withValues(bookingMessages.outOfSeason, { start: localizedDay(season.start), end: localizedDay(season.end) }));
    if (body.date > addDays(today, settings.bookingHorizonDays)) throw new AppError(422, withValues(bookingMessages.beyondHorizon, { days: settings.bookingHorizonDays }));
    const { startsAt, endsAt, priceCents } = await priceSlots(db, court, body);
    if (startsAt <= now) throw new AppError(422, bookingMessages.past);
    await assertCertificateForBooking(db, settings, user.id, body.date);

    const booking = await db.$transaction((tx) => holdForMember(tx, user, { courtId: court.id, startsAt, endsAt, priceCents }, settings, now), TRANSACTION_OPTIONS);
    return { message: bookingMessages.held, booking: await dtoOf(booking, now, settings.freeCancellationHours) };
  }

  return { create };
}
