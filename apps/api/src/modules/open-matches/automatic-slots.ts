// The empty slots automatic-match rules offer (docs/open-matches.md#automatic-matches), computed on every read
// from the rules and the court's live bookings and closures: no row until a first player joins, so a slot
// booked by anyone, or a rule turned off, is simply no longer offered.
import { centsToMoney, type TAutomaticSlot } from '@beach/contracts';
import type { AutomaticMatchRule, Court } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { isLive, priceSlots, slotsOf } from '../bookings/index.js';
import { inSeason, seasonOf } from '../memberships/index.js';
import type { readSettings } from '../settings/index.js';
import { splitShares } from '../bookings/index.js';
import { formatOf, timeOfDay } from './match-terms.js';

/** How many days ahead, today included, the rules' slots are offered (within the booking horizon). */
export const AUTOMATIC_DAYS = 7;

type Settings = Awaited<ReturnType<typeof readSettings>>;
type Filter = { sport?: string; date?: string; time_of_day?: string; ruleId?: number; courtId?: number; start?: string };
export type OfferedSlot = { wire: TAutomaticSlot; rule: AutomaticMatchRule; courtId: number; startsAt: Date; endsAt: Date; priceCents: number; cutoffAt: Date };

const overlaps = (span: { startsAt: Date; endsAt: Date }, startsAt: Date, endsAt: Date) => span.startsAt < endsAt && span.endsAt > startsAt;

export async function offeredSlots(db: Db, settings: Settings, now: Date, filter: Filter = {}): Promise<OfferedSlot[]> {
  const rules = await db.automaticMatchRule.findMany({ where: { active: true, ...(filter.ruleId && { id: filter.ruleId }) }, orderBy: { id: 'asc' } });
  const wanted = rules.filter((rule) => !filter.sport || formatOf(rule.format).sport === filter.sport);
  if (wanted.length === 0) return [];
  const today = todayInRome(now);
  const lastDay = addDays(today, Math.min(AUTOMATIC_DAYS - 1, settings.bookingHorizonDays));
  const days = Array.from({ length: AUTOMATIC_DAYS }, (_, index) => addDays(today, index)).filter((day) => day <= lastDay && (!filter.date || day === filter.date));
  if (days.length === 0) return [];
  const courtIds = [...new Set(wanted.flatMap((rule) => rule.courtIds))].filter((id) => !filter.courtId || id === filter.courtId);
  const courts = new Map((await db.court.findMany({ where: { id: { in: courtIds }, isBookable: true } })).map((court) => [court.id, court]));
  const from = fromIsoDate(days[0]!);
  const until = fromIsoDate(addDays(days[days.length - 1]!, 2));
  const span = { courtId: { in: courtIds }, startsAt: { lt: until }, endsAt: { gt: from } };
  const bookings = (await db.booking.findMany({ where: { ...span, status: { in: ['pending_payment', 'confirmed'] } } })).filter((booking) => isLive(booking, now));
  const closures = await db.courtClosure.findMany({ where: span });
  const taken = (courtId: number, startsAt: Date, endsAt: Date) => [...bookings, ...closures].some((busy) => busy.courtId === courtId && overlaps(busy, startsAt, endsAt));
  const prices = new Map<string, number>();
  const priceOf = async (court: Court, date: string, start: string) => {
    const key = `${date} ${start}`;
    if (!prices.has(key)) prices.set(key, (await priceSlots(db, court, { date, start, slots: 1, full_day: false, equipment: false })).priceCents);
    return prices.get(key)!;
  };

  const offered: OfferedSlot[] = [];
  const seen = new Set<string>();
  for (const date of days) {
    if (!inSeason(date, seasonOf(Number(date.slice(0, 4)), settings))) continue;
    const weekday = fromIsoDate(date).getUTCDay() || 7;
    for (const rule of wanted) {
      if (!rule.weekdays.includes(weekday)) continue;
      for (const slot of slotsOf(date)) {
        if (slot.start < rule.fromTime || slot.end > rule.toTime || (filter.start && slot.start !== filter.start)) continue;
        if (filter.time_of_day && timeOfDay(slot.start) !== filter.time_of_day) continue;
        const cutoffAt = new Date(slot.startsAt.getTime() - settings.openMatchCutoffHours * 3_600_000);
        if (cutoffAt <= now) continue;
        for (const courtId of rule.courtIds) {
          const court = courts.get(courtId);
          const key = `${courtId} ${slot.startsAt.toISOString()}`;
          if (!court || seen.has(key) || (slot.band === 'evening' && !court.hasLights) || taken(courtId, slot.startsAt, slot.endsAt)) continue;
          seen.add(key);
          const { sport, players } = formatOf(rule.format);
          const priceCents = await priceOf(court, date, slot.start);
          offered.push({
            rule, courtId, startsAt: slot.startsAt, endsAt: slot.endsAt, priceCents, cutoffAt,
            wire: {
            rule_id: rule.id, court_id: court.id, court: court.name, date, start: slot.start, end: slot.end,
            sport, format: rule.format, players_count: players, competitive: rule.competitive,
            level_min: rule.levelMinTenths === null ? null : rule.levelMinTenths / 10,
            level_max: rule.levelMaxTenths === null ? null : rule.levelMaxTenths / 10,
            gender: rule.gender,
            // The first player pays the largest part, as an organiser does (docs/open-matches.md#the-match).
            part: centsToMoney(splitShares(priceCents, players)[0]!),
            cutoff_at: cutoffAt.toISOString(),
            },
          });
        }
      }
    }
  }
  return offered.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.wire.court.localeCompare(b.wire.court));
}
