// Realistic volume for trying the back-office: 2,000 members with memberships of every type and
// status, BVU members, coupons, a season of bookings on the bookable courts, payments, expenses and
// income, medical certificates, and the association's details. Deterministic (seeded random numbers), and skipped when already present. Nothing in it
// happened after now: cards start, money moves and rows are made up to today only (bookings may be
// played later, but were made and paid by now), and every fiscal code is valid for its holder. The members
// and their cards are seed-demo-members.ts's, the school, tournaments, matches and bank each their own file's.
import { addDays } from 'date-fns';
import type { Db, Prisma } from '../lib/db.js';
import { financialYear } from '../modules/annual-accounts/index.js';
import { fromIsoDate } from '../lib/time.js';
import { seededRandom } from '../lib/seeded-random.js';
import { PRICES } from './seed-data.js';
import { calendarDate, DEMO_EMAIL_DOMAIN, DEMO_MEMBERS, demoCalendar, romeTime, seedDemoMembers } from './seed-demo-members.js';
import { bookDemoSchoolFees, DEMO_COACHES, seedDemoSchool } from './seed-demo-school.js';
import { seedDemoTournaments } from './seed-demo-tournaments.js';
import { seedDemoAutomaticMatches } from './seed-demo-automatic-matches.js';
import { seedDemoOpenMatches } from './seed-demo-open-matches.js';
import { seedDemoBank } from './seed-demo-bank.js';
import { insertRows } from './insert-rows.js';

const EXPENSE_CATEGORIES = ['Manutenzione campi', 'Sabbia', 'Illuminazione', 'Attrezzatura', 'Pulizie', 'Utenze'];
const INCOME_CATEGORIES = ['Sponsor', 'Bar', 'Tornei', 'Affitto spazi'];

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
  const calendar = demoCalendar(random, now);
  const { today, dayBetween, byNow } = calendar;

  await db.$transaction(
    async (tx) => {
      const { users, bvuMembers, coupons, createdMemberships, membershipPayments } = await seedDemoMembers(tx, { random, year, passwordHash, calendar });

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
