// Realistic volume for trying the back-office: 2,000 members with memberships of every type and
// status, BVU members, coupons, a season of bookings on the bookable courts, payments, expenses and
// income, medical certificates, and the association's details. Deterministic (seeded random numbers), and skipped when already present. Nothing in it
// happened after now: cards start, money moves and rows are made up to today only (bookings may be
// played later, but were made and paid by now), and every fiscal code is valid for its holder.
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import type { Db, Prisma } from '../lib/db.js';
import type { MembershipType, PaymentMethod } from '../generated/prisma/enums.js';
import { fiscalCodeFor, ageProblem, newQrToken } from '../modules/memberships/index.js';
import { financialYear } from '../modules/annual-accounts/index.js';
import { CENTRE_TIME_ZONE, fromIsoDate, todayInRome, toIsoDate } from '../lib/time.js';
import { seededRandom } from '../lib/seeded-random.js';
import { PRICES } from './seed-data.js';
import { bookDemoSchoolFees, DEMO_COACHES, seedDemoSchool } from './seed-demo-school.js';
import { seedDemoTournaments } from './seed-demo-tournaments.js';
import { seedDemoAutomaticMatches } from './seed-demo-automatic-matches.js';
import { seedDemoOpenMatches } from './seed-demo-open-matches.js';
import { seedDemoBank } from './seed-demo-bank.js';
import { insertRows } from './insert-rows.js';

const DEMO_MEMBERS = 2000;
const DEMO_EMAIL_DOMAIN = 'esempio.it';

const FIRST_NAMES = ['Marco', 'Giulia', 'Luca', 'Francesca', 'Matteo', 'Chiara', 'Alessandro', 'Sara', 'Davide', 'Martina', 'Lorenzo', 'Elena', 'Simone', 'Valentina', 'Andrea', 'Federica', 'Riccardo', 'Alice', 'Tommaso', 'Giorgia', 'Nicola', 'Beatrice', 'Filippo', 'Anna', 'Gabriele', 'Silvia', 'Pietro', 'Laura', 'Enrico', 'Marta'];
const LAST_NAMES = ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone'];
const EXPENSE_CATEGORIES = ['Manutenzione campi', 'Sabbia', 'Illuminazione', 'Attrezzatura', 'Pulizie', 'Utenze'];
const INCOME_CATEGORIES = ['Sponsor', 'Bar', 'Tornei', 'Affitto spazi'];

/** A wall-clock time in Rome as a UTC instant. */
const romeTime = (year: number, monthIndex: number, day: number, hour: number, minute: number) =>
  new Date(new TZDate(year, monthIndex, day, hour, minute, 0, CENTRE_TIME_ZONE).getTime());
/** A calendar date (stored as a date column). */
const calendarDate = (year: number, monthIndex: number, day: number) => new Date(Date.UTC(year, monthIndex, day));

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

export async function seedDemoVolume(
  db: Db,
  {
    year,
    passwordHash,
    log,
    now = new Date(),
    books = true,
  }: {
    year: number;
    passwordHash: string;
    log: (line: string) => void;
    now?: Date;
    /** False: the documents alone, as they were written before the ledger and the school (its migration's test). */
    books?: boolean;
  },
) {
  const existing = await db.user.count({ where: { email: { endsWith: `@${DEMO_EMAIL_DOMAIN}` } } });
  if (existing >= DEMO_MEMBERS) {
    log('Dati demo già presenti: nessuna modifica.');
    return;
  }
  const random = seededRandom(year);
  const today = fromIsoDate(todayInRome(now));
  /** A calendar day from `from` to `to`, neither after today. */
  const dayBetween = (from: Date, to: Date) => {
    const last = to < today ? to : today;
    const first = from < last ? from : last;
    return addDays(first, random.int(0, Math.round((last.getTime() - first.getTime()) / 86_400_000)));
  };
  /** The instant itself if it is past, else a moment of the last week. */
  const byNow = (instant: Date) => (instant <= now ? instant : new Date(now.getTime() - random.int(1, 7 * 24 * 60) * 60_000));
  const fiscalCodes = new Set<string>();

  await db.$transaction(
    async (tx) => {
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

      // A season of bookings: 1 May - 30 September, 1h30 slots on the bookable courts.
      const courts = await tx.court.findMany({ where: { isBookable: true }, select: { id: true } });
      const slots = [9 * 60, 10 * 60 + 30, 12 * 60, 13 * 60 + 30, 15 * 60, 16 * 60 + 30, 18 * 60, 19 * 60 + 30, 21 * 60, 22 * 60 + 30];
      const bookings = [];
      for (let day = calendarDate(year, 4, 1); day <= calendarDate(year, 8, 30); day = addDays(day, 1)) {
        for (const court of courts) {
          for (const minutes of slots) {
            if (!random.chance(0.35)) continue;
            const startsAt = romeTime(year, day.getUTCMonth(), day.getUTCDate(), Math.floor(minutes / 60), minutes % 60);
            const cancelled = random.chance(0.05);
            const createdAt = byNow(addDays(startsAt, -random.int(1, 10)));
            const cancelledAt = cancelled ? byNow(addDays(startsAt, -1)) : null;
            bookings.push({
              courtId: court.id,
              userId: random.pick(users).id,
              startsAt,
              endsAt: new Date(startsAt.getTime() + 90 * 60 * 1000),
              status: cancelled ? ('cancelled' as const) : ('confirmed' as const),
              priceCents: minutes >= 19 * 60 + 30 ? PRICES.court_evening_slot : PRICES.court_day_slot,
              cancelledAt: cancelledAt && cancelledAt < createdAt ? createdAt : cancelledAt,
              cancellationReason: cancelled ? 'Maltempo' : null,
              createdAt,
            } satisfies Prisma.BookingCreateManyInput);
          }
        }
      }
      const bookingIds = await insertRows(tx, 'bookings', bookings);
      const createdBookings = bookings.map(({ userId, status, priceCents, createdAt }, index) => ({ id: bookingIds[index]!, userId, status, priceCents, createdAt }));
      const bookingPayments = createdBookings
        .filter((booking) => booking.status === 'confirmed')
        .map((booking) => ({
          kind: 'booking' as const,
          userId: booking.userId,
          bookingId: booking.id,
          amountCents: booking.priceCents,
          method: 'stripe' as const,
          status: 'completed' as const,
          stripePaymentIntentId: `pi_demo_b${booking.id}`,
          paidAt: booking.createdAt,
          createdAt: booking.createdAt,
        }));
      // In the order they were paid: receipts are numbered as their payments are written and dated by them,
      // so the numbers of the year follow the days (docs/domain.md#receipts).
      await insertRows(tx, 'transactions', [...membershipPayments, ...bookingPayments].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime()) satisfies Prisma.TransactionCreateManyInput[]);

      await tx.expense.createMany({
        data: Array.from({ length: 60 }, () => ({
          date: dayBetween(calendarDate(year, 0, 1), calendarDate(year, 10, 28)),
          category: random.pick(EXPENSE_CATEGORIES),
          description: 'Spesa di gestione',
          amountCents: random.int(50, 2500) * 100,
          paymentMethod: random.pick(['bank_transfer', 'card', 'cash'] as const),
          supplier: 'Fornitore demo',
        })),
      });
      await tx.income.createMany({
        data: Array.from({ length: 30 }, () => ({
          date: dayBetween(calendarDate(year, 3, 1), calendarDate(year, 9, 28)),
          category: random.pick(INCOME_CATEGORIES),
          description: 'Entrata extra',
          amountCents: random.int(100, 3000) * 100,
          paymentMethod: random.pick(['bank_transfer', 'cash'] as const),
        })),
      });
      // Medical certificates of the holders of an active card: mostly valid, some expiring within 30 days,
      // some expired, a few uploaded and waiting for staff, the rest missing. None issued after today.
      const certificates = createdMemberships
        .filter((membership) => membership.status === 'active')
        .flatMap((membership) => {
          const roll = random.int(1, 100);
          if (roll > 90) return [];
          const expiryDate = addDays(today, roll <= 70 ? random.int(31, 360) : roll <= 80 ? random.int(0, 30) : roll <= 85 ? -random.int(1, 90) : random.int(200, 365));
          const issueDate = addDays(expiryDate, -364) < today ? addDays(expiryDate, -364) : today;
          const createdAt = byNow(romeTime(issueDate.getUTCFullYear(), issueDate.getUTCMonth(), issueDate.getUTCDate(), random.int(9, 19), random.int(0, 59)));
          const verified = roll <= 85;
          return [{
            userId: membership.userId,
            kind: random.chance(0.8) ? ('non_agonistico' as const) : ('agonistico' as const),
            issuedBy: random.pick(['Centro di medicina dello sport, Rimini', 'Dott. Paolo Neri, medico di base', 'Poliambulatorio Cattolica']),
            issueDate,
            expiryDate,
            uploadedById: verified ? null : membership.userId,
            verifiedAt: verified ? createdAt : null,
            createdAt,
          }];
        });
      await insertRows(tx, 'medical_certificates', certificates satisfies Prisma.MedicalCertificateCreateManyInput[]);
      // The association's details a receipt states, where the admin has not written them yet.
      const association = await tx.association.findUniqueOrThrow({ where: { id: 1 } });
      await tx.association.update({
        where: { id: 1 },
        data: {
          address: association.address ?? 'Spiaggia di fronte a Piazza Marconi, 47841 Cattolica (RN)',
          fiscalCode: association.fiscalCode ?? '01234567897',
          email: association.email ?? 'info@adriaticabeach.it',
          receiptSignatory: association.receiptSignatory ?? 'Mario Bianchi, presidente',
        },
      });
      // The school, with random numbers of its own (the rest of the demo stays as it was); its members and
      // parents are adults, born 25 years or more before the season. Not in a database from before the
      // ledger (`books` false), which has no school either.
      const adults = users.filter((user) => user.birthDate!.getUTCFullYear() <= year - 25);
      const school = books ? await seedDemoSchool(tx, { random: seededRandom(year + 39), now, year, passwordHash, members: adults }) : null;
      const tournaments = books ? await seedDemoTournaments(tx, { random: seededRandom(year + 40), now, members: adults }) : null;
      if (books) await seedDemoAutomaticMatches(tx);
      // The books of all of it: what each card and booking owed, what its payment settled, extra income and expenses.
      if (books) await tx.$executeRaw`SELECT ledger_post_history()`;
      if (school) await bookDemoSchoolFees(tx);
      if (books) await seedDemoOpenMatches(tx, { random: seededRandom(year + 41), now, members: adults, log });
      // Last season's accounts approved by the assembly in April: that year is closed (docs/annual-accounts.md#closing-the-year).
      const admin = books ? await tx.user.findFirst({ where: { role: 'admin' }, orderBy: { id: 'asc' } }) : null;
      if (admin) {
        const closed = financialYear(year - 1, 1);
        await tx.closedYear.create({ data: { startsOn: fromIsoDate(closed.from), endsOn: fromIsoDate(closed.to), closedById: admin.id, closedAt: byNow(romeTime(year, 3, 28, 18, 30)) } });
      }
      log(`Dati demo: ${users.length} utenti, ${createdMemberships.length} tessere, ${bvuMembers.length} tesserati BVU, ${coupons.length} coupon, ${createdBookings.length} prenotazioni, ${certificates.length} certificati medici.`);
      if (tournaments) log(`Tornei demo: ${tournaments.tournaments} (uno concluso con ${tournaments.matches} partite e la classifica, uno con le iscrizioni aperte).`);
      if (school) log(`Scuola demo: ${school.coaches} allenatori (${DEMO_COACHES.map((coach) => coach.email).join(', ')}), ${school.courses} corsi, ${school.camps} settimane di centro estivo, ${school.sessions} lezioni, ${school.children} bambini, ${school.attendances} presenze, ${school.lessonSlots} lezioni private da prenotare.`);
    },
    // One transaction for thousands of rows: on a busy machine it may wait for a connection longer than 2 s,
    // and take minutes (over 120 s at a load average of 25).
    { maxWait: 30_000, timeout: 300_000 },
  );
  // Thousands of rows at once, before autovacuum has looked at them: without statistics the planner reads
  // the empty tables' and the books' verification took 25 s instead of a tenth of a second.
  await db.$executeRaw`ANALYZE`;
  if (books) log(`Banca demo: ${await seedDemoBank(db, { year, now, randomInt: seededRandom(year + 41).int })} movimenti negli estratti conto.`);
}
