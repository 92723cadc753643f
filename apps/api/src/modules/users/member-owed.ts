// What a member owes the centre beyond their own bookings, as the desk sees it on the member's page
// (docs/screens.md, "Da incassare"): their unpaid shares in others' bookings, their enrolments still owing
// (their children's included: the enrolment is on the payer's account) and their debt — each read from
// the ledger, never worked out from a status — and the total with what their bookings still owe.
import { centsToMoney, type TMemberOwed } from '@beach/contracts';
import type { Db } from '../../lib/db.js';
import { sharesOf } from '../bookings/index.js';
import { participantName } from '../enrolments/index.js';
import { accounts, debtOf, owedBy } from '../ledger/index.js';

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

export async function memberOwed(db: Db, userId: number, bookingsOwedCents: number): Promise<TMemberOwed> {
  const [players, enrolments, debt] = await Promise.all([
    // A share charged to the organiser is theirs now: it is in their booking's own amount still owed.
    db.bookingPlayer.findMany({
      where: { userId, status: { in: ['invited', 'paid'] }, booking: { status: 'confirmed' } },
      include: { booking: { include: { court: { select: { name: true } }, user: { select: { firstName: true, lastName: true } } } } },
      orderBy: [{ booking: { startsAt: 'asc' } }, { id: 'asc' }],
    }),
    db.courseEnrolment.findMany({
      where: { userId, status: { not: 'cancelled' } },
      include: { course: { select: { name: true } }, child: true, user: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
    debtOf(db, userId),
  ]);
  const shareOwed = await sharesOf(db, [...new Set(players.map((player) => player.bookingId))]);
  const enrolmentOwed = await owedBy(db, enrolments.map((row) => accounts.enrolment(row.id)));
  const shares = players
    .filter((player) => player.booking.userId !== userId)
    .map((player) => ({ player, cents: shareOwed.get(player.id)?.owed ?? 0 }))
    .filter(({ cents }) => cents > 0)
    .map(({ player: { id, booking }, cents }) => ({
      id,
      booking_id: booking.id,
      court_name: booking.court.name,
      starts_at: booking.startsAt.toISOString(),
      organiser: booking.user ? fullName(booking.user) : (booking.customerName ?? ''),
      cents,
    }));
  const owing = enrolments
    .map((row) => ({ row, cents: enrolmentOwed.get(accounts.enrolment(row.id).key) ?? 0 }))
    .filter(({ cents }) => cents > 0)
    .map(({ row, cents }) => ({ id: row.id, course_name: row.course.name, participant: participantName(row), cents }));
  const sum = (lines: { cents: number }[]) => lines.reduce((total, line) => total + line.cents, 0);
  return {
    total: centsToMoney(bookingsOwedCents + sum(shares) + sum(owing) + Math.max(debt, 0)),
    shares: shares.map(({ cents, ...share }) => ({ ...share, owed: centsToMoney(cents) })),
    enrolments: owing.map(({ cents, ...enrolment }) => ({ ...enrolment, owed: centsToMoney(cents) })),
    debt: centsToMoney(Math.max(debt, 0)),
  };
}
