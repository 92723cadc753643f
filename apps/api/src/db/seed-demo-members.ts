// The demo's people (db/seed-demo.ts): 2,000 members registered last year, the BVU records of some of them
// (each one of the members, under their own name and birth date), coupons, and this year's cards of every type
// and status with their payments. Deterministic: the seeded random numbers are drawn in this order.
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import type { Prisma } from '../lib/db.js';
import type { MembershipType, PaymentMethod } from '../generated/prisma/enums.js';
import { fiscalCodeFor, ageProblem, newQrToken } from '../modules/memberships/index.js';
import { CENTRE_TIME_ZONE, fromIsoDate, todayInRome, toIsoDate } from '../lib/time.js';
import type { seededRandom } from '../lib/seeded-random.js';
import { PRICES } from './seed-data.js';
import { insertRows } from './insert-rows.js';

export const DEMO_MEMBERS = 2000;
export const DEMO_EMAIL_DOMAIN = 'esempio.it';

const FIRST_NAMES = ['Marco', 'Giulia', 'Luca', 'Francesca', 'Matteo', 'Chiara', 'Alessandro', 'Sara', 'Davide', 'Martina', 'Lorenzo', 'Elena', 'Simone', 'Valentina', 'Andrea', 'Federica', 'Riccardo', 'Alice', 'Tommaso', 'Giorgia', 'Nicola', 'Beatrice', 'Filippo', 'Anna', 'Gabriele', 'Silvia', 'Pietro', 'Laura', 'Enrico', 'Marta'];
const LAST_NAMES = ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone'];

/** A wall-clock time in Rome as a UTC instant. */
export const romeTime = (year: number, monthIndex: number, day: number, hour: number, minute: number) =>
  new Date(new TZDate(year, monthIndex, day, hour, minute, 0, CENTRE_TIME_ZONE).getTime());
/** A calendar date (stored as a date column). */
export const calendarDate = (year: number, monthIndex: number, day: number) => new Date(Date.UTC(year, monthIndex, day));


const TYPE_WEIGHTS: [MembershipType, number][] = [
  ['seasonal', 40], ['under_23', 15], ['under_18', 10], ['monthly', 15], ['weekly', 10], ['daily', 10],
];
const TYPE_DAYS: Record<MembershipType, number> = { seasonal: 0, under_23: 0, under_18: 0, monthly: 30, weekly: 7, daily: 1 };
const TYPE_PRICE: Record<MembershipType, number> = {
  seasonal: PRICES.membership_seasonal,
  under_23: PRICES.membership_under_23,
  under_18: PRICES.membership_under_18,
  monthly: PRICES.membership_monthly,
  weekly: PRICES.membership_weekly,
  daily: PRICES.membership_daily,
};
const INSURANCE_ADD_ON: MembershipType[] = ['seasonal', 'under_23', 'under_18'];

/** The demo's days: today in Rome, a day between two (never after today), an instant by now. */
export function demoCalendar(random: ReturnType<typeof seededRandom>, now: Date) {
  const today = fromIsoDate(todayInRome(now));
  return {
    today,
    /** A calendar day from `from` to `to`, neither after today. */
    dayBetween(from: Date, to: Date) {
      const last = to < today ? to : today;
      const first = from < last ? from : last;
      return addDays(first, random.int(0, Math.round((last.getTime() - first.getTime()) / 86_400_000)));
    },
    /** The instant itself if it is past, else a moment of the last week. */
    byNow: (instant: Date) => (instant <= now ? instant : new Date(now.getTime() - random.int(1, 7 * 24 * 60) * 60_000)),
  };
}

/** The members, their BVU records, the coupons and the cards, written; the cards' payments returned for the year's payments. */
export async function seedDemoMembers(
  tx: Prisma.TransactionClient,
  { random, year, passwordHash, calendar: { today, dayBetween, byNow } }: { random: ReturnType<typeof seededRandom>; year: number; passwordHash: string; calendar: ReturnType<typeof demoCalendar> },
) {
  const fiscalCodes = new Set<string>();
  const userRows = Array.from({ length: DEMO_MEMBERS }, (_, index) => {
      const firstName = random.pick(FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      const slug = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
      const registeredAt = romeTime(year - 1, random.int(0, 11), random.int(1, 28), random.int(8, 22), random.int(0, 59));
      return {
        firstName,
        lastName,
        email: `${slug}.${String(index + 1).padStart(4, '0')}@${DEMO_EMAIL_DOMAIN}`,
        phone: `+39 3${random.int(20, 49)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
        birthDate: calendarDate(random.int(1960, 2012), random.int(0, 11), random.int(1, 28)),
        passwordHash,
        // Registered last year, before any of this year's cards and bookings.
        createdAt: registeredAt,
        emailVerifiedAt: registeredAt,
        privacyAcceptedAt: registeredAt,
      } satisfies Prisma.UserCreateManyInput;
    });
  const userIds = await insertRows(tx, 'users', userRows);
  const users = userRows.map(({ firstName, lastName, birthDate }, index) => ({ id: userIds[index]!, firstName, lastName, birthDate }));

  // BVU members are members of this centre too: each record is one of the users, under their own
  // name and birth date, and a seasonal card of theirs is the BVU card.
  const bvuHolders = [];
  for (const user of users) {
    if (bvuHolders.length === 300) break;
    if (!random.chance(0.2)) continue;
    const gender = random.chance(0.5) ? ('M' as const) : ('F' as const);
    const fiscalCode = fiscalCodeFor({ firstName: user.firstName, lastName: user.lastName, gender, birthDate: toIsoDate(user.birthDate!) });
    // One card per fiscal code and season: a namesake born the same day is left out.
    if (fiscalCodes.has(fiscalCode)) continue;
    fiscalCodes.add(fiscalCode);
    bvuHolders.push({ user, gender, fiscalCode });
  }
  const bvuRows = bvuHolders.map(({ user, gender, fiscalCode }, index) => ({
      cardCode: `BVU-${String(10000 + index)}`,
      season: String(year),
      lastName: user.lastName,
      firstName: user.firstName,
      fiscalCode,
      gender,
      birthDate: user.birthDate,
      email: random.chance(0.8) ? `bvu${index + 1}@${DEMO_EMAIL_DOMAIN}` : null,
      issueDate: dayBetween(calendarDate(year, 0, 1), calendarDate(year, 0, 28)),
      expiryDate: calendarDate(year, 11, 31),
    }) satisfies Prisma.BvuMemberCreateManyInput);
  const bvuIds = await insertRows(tx, 'bvu_members', bvuRows);
  const bvuMembers = bvuRows.map(({ cardCode, fiscalCode }, index) => ({ id: bvuIds[index]!, cardCode, fiscalCode }));
  const bvuOf = new Map(bvuHolders.map(({ user }, index) => [user.id, bvuMembers[index]!]));

  const coupons = await tx.membershipCoupon.createManyAndReturn({
    data: Array.from({ length: 25 }, (_, index) => {
      const percentage = index % 3 !== 0;
      return {
        code: `DEMO${year}-${String(index + 1).padStart(2, '0')}`,
        description: percentage ? 'Sconto promozionale' : 'Buono benvenuto',
        discountType: percentage ? ('percentage' as const) : ('fixed' as const),
        discountValue: percentage ? random.pick([10, 15, 20, 25]) : random.pick([5, 10]),
        applicableTo: index % 4 === 0 ? ('both' as const) : ('membership' as const),
        usageLimit: index % 5 === 0 ? null : random.int(20, 200),
        startDate: calendarDate(year, 0, 1),
        endDate: calendarDate(year, 11, 31),
        isActive: index % 6 !== 0,
      };
    }),
  });

  const memberships = [];
  let number = 0;
  for (const user of users) {
    if (random.chance(0.1)) continue; // registered, no card yet
    let roll = random.int(1, 100);
    const drawn = TYPE_WEIGHTS.find(([, weight]) => (roll -= weight) <= 0)![0];
    // Under-18 and under-23 cards only for holders under that age on the season's first day; the others get a seasonal one.
    const type = ageProblem(drawn, toIsoDate(user.birthDate!), `${year}-01-01`) ? 'seasonal' : drawn;
    const startDate = TYPE_DAYS[type] === 0 ? calendarDate(year, 0, 1) : dayBetween(calendarDate(year, 4, 1), calendarDate(year, 10, 28));
    const endDate = TYPE_DAYS[type] === 0 ? calendarDate(year, 11, 31) : addDays(startDate, TYPE_DAYS[type] - 1);
    const bvu = type === 'seasonal' ? (bvuOf.get(user.id) ?? null) : null;
    const hasInsurance = INSURANCE_ADD_ON.includes(type) && !bvu ? random.chance(0.6) : true;
    const originalPriceCents = bvu ? PRICES.membership_seasonal_bvu : TYPE_PRICE[type] + (INSURANCE_ADD_ON.includes(type) && hasInsurance ? PRICES.insurance_addon : 0);
    const coupon = originalPriceCents > 0 && random.chance(0.1) ? random.pick(coupons) : null;
    const discountCents = !coupon
      ? 0
      : Math.min(originalPriceCents, coupon.discountType === 'percentage' ? Math.round((originalPriceCents * coupon.discountValue.toNumber()) / 100) : coupon.discountValue.toNumber() * 100);
    const pending = random.chance(0.06);
    const createdAt = byNow(romeTime(year, startDate.getUTCMonth(), startDate.getUTCDate(), random.int(9, 19), random.int(0, 59)));
    number += 1;
    memberships.push({
      membershipNumber: `T${year}-${String(number).padStart(5, '0')}`,
      userId: user.id,
      type,
      status: pending ? ('pending' as const) : endDate < today ? ('expired' as const) : ('active' as const),
      isBvuMember: Boolean(bvu),
      bvuMemberId: bvu?.id ?? null,
      bvuCardCode: bvu?.cardCode ?? null,
      fiscalCode: bvu?.fiscalCode ?? null,
      startDate,
      endDate,
      hasInsurance,
      originalPriceCents,
      discountCents,
      priceCents: originalPriceCents - discountCents,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      activatedAt: pending ? null : createdAt,
      // An activated card carries its QR code, as a real purchase's does.
      qrCode: pending ? null : newQrToken(),
      createdAt,
    } satisfies Prisma.MembershipCreateManyInput);
  }
  const membershipIds = await insertRows(tx, 'memberships', memberships);
  const createdMemberships = memberships.map(({ userId, status, priceCents, createdAt }, index) => ({ id: membershipIds[index]!, userId, status, priceCents, createdAt }));
  // The demo numbers its cards itself: move the per-year counters past them.
  await tx.$executeRaw`SELECT sync_membership_number_counters()`;
  let cashCards = 0;
  const membershipPayments = createdMemberships
    .filter((membership) => membership.status !== 'pending' && membership.priceCents > 0)
    .map((membership) => {
      const drawn: PaymentMethod = random.chance(0.7) ? 'stripe' : 'cash';
      // One card in forty of those paid at the desk was paid by bank transfer instead, its line on the month's statement (seed-demo-bank.ts).
      const method: PaymentMethod = drawn === 'cash' && (cashCards += 1) % 40 === 0 ? 'bank_transfer' : drawn;
      return {
        kind: 'membership' as const,
        userId: membership.userId,
        membershipId: membership.id,
        amountCents: membership.priceCents,
        method,
        status: 'completed' as const,
        stripePaymentIntentId: method === 'stripe' ? `pi_demo_m${membership.id}` : null,
        paidAt: membership.createdAt,
        createdAt: membership.createdAt,
      };
    });
  return { users, bvuMembers, coupons, createdMemberships, membershipPayments };
}
