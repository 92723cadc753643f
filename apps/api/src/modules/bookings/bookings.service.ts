// Court booking for members (design §1, §4). So far: the day's availability grid.
import { centsToMoney, type TAvailability, type ZAvailabilityQuery } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { PriceCode } from '../../generated/prisma/enums.js';
import type { User } from '../../generated/prisma/client.js';
import { fromIsoDate, addDays, todayInRome } from '../../lib/time.js';
import { seasonOf } from '../memberships/membership-terms.js';
import { priceListInForce } from '../prices/prices.service.js';
import { readSettings } from '../settings/settings.service.js';
import { dayGrid } from './availability.js';
import { romeInstant } from './slots.js';

type AvailabilityQuery = ReturnType<typeof ZAvailabilityQuery.parse>;

export function createBookingsService({ db }: Pick<AppDeps, 'db'>) {
  return {
    /**
     * One read per kind for the whole day: the bookable courts (for a sport: those set up for it that
     * day, or with no setup), the live bookings and the closures touching it, and the year's prices.
     * A hold whose time has run out no longer counts, even before the job marks it expired.
     */
    async availability(viewer: User, query: AvailabilityQuery): Promise<TAvailability> {
      const now = new Date();
      const today = todayInRome(now);
      const settings = await readSettings(db);
      const year = Number(query.date.slice(0, 4));
      const season = seasonOf(year, settings);
      const dayStart = romeInstant(query.date, '00:00');
      const dayEnd = romeInstant(addDays(query.date, 1), '00:00');
      const day = fromIsoDate(query.date);
      const setupThatDay = { validFrom: { lte: day }, validTo: { gte: day } };
      const [courts, bookings, closures, priceList] = await Promise.all([
        db.court.findMany({
          where: {
            isBookable: true,
            ...(query.sport ? { OR: [{ setups: { some: { ...setupThatDay, setup: { sport: query.sport } } } }, { setups: { none: setupThatDay } }] } : {}),
          },
          orderBy: [{ row: 'asc' }, { position: 'asc' }],
        }),
        db.booking.findMany({
          where: {
            startsAt: { lt: dayEnd },
            endsAt: { gt: dayStart },
            OR: [{ status: 'confirmed' }, { status: 'pending_payment', OR: [{ holdExpiresAt: null }, { holdExpiresAt: { gt: now } }] }],
          },
          select: { courtId: true, startsAt: true, endsAt: true, userId: true },
        }),
        db.courtClosure.findMany({ where: { startsAt: { lt: dayEnd }, endsAt: { gt: dayStart } }, select: { courtId: true, startsAt: true, endsAt: true } }),
        priceListInForce(db, year),
      ]);
      const prices = new Map<PriceCode, number>(priceList.entries.map((entry) => [entry.code, entry.amount_cents]));
      const money = (code: PriceCode) => (prices.has(code) ? centsToMoney(prices.get(code)!) : null);
      const lastBookableDay = addDays(today, settings.bookingHorizonDays);
      return {
        date: query.date,
        season: { start: season.start, end: season.end },
        today,
        last_bookable_day: lastBookableDay,
        prices: { day_slot: money('court_day_slot'), evening_slot: money('court_evening_slot'), full_day: money('court_full_day'), full_day_equipment: money('court_full_day_equipment') },
        courts: dayGrid({ date: query.date, now, lastBookableDay, season, courts, bookings, closures, prices, viewerId: viewer.id }),
      };
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
