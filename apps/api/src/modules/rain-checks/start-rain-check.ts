// Starting a rain check (docs/domain.md#rain-check): the courts closed for the range, the bookings it
// hits listed and the job queued, in one transaction that first takes each court's turn.
import type { BodyOf } from '@beach/contracts';
import type { RainCheck, User } from '../../generated/prisma/client.js';
import { audit, auditMany, rowOf, rowsOf } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import type { Prisma } from '../../lib/db.js';
import { isAdmin, refuseOwnMoney } from '../auth/index.js';
import { liveBookingIdsTouching, planReturns, takeCourtTurns } from '../bookings/index.js';
import type { RainCheckProgress } from './rain-check-progress.js';
import { courtsOf, type RainCheckDeps, rangeOf, requireAllowedReturn, type Routes, WITH_AUTHOR } from './rain-check-terms.js';

/**
 * Money a hit booking gives back to the staff member who starts the rain check — theirs, or one they play
 * in — is their own (docs/domain.md#own-money): an admin's rain check, not theirs.
 */
async function refuseOwnReturns(tx: Prisma.TransactionClient, actor: User, rainCheck: Pick<RainCheck, 'id' | 'returnTo'>) {
  if (isAdmin(actor)) return;
  const own = await tx.booking.findMany({
    where: { rainCheck: { rainCheckId: rainCheck.id }, OR: [{ userId: actor.id }, { players: { some: { userId: actor.id } } }] },
    select: { id: true, userId: true, players: { select: { userId: true } } },
  });
  for (const booking of own) {
    const { planned } = await planReturns(tx, booking.id, { by: 'rain', returnTo: rainCheck.returnTo });
    if (planned.some((part) => part.destination !== 'keep')) refuseOwnMoney(actor, [booking.userId, ...booking.players.map((player) => player.userId)]);
  }
}

export function createRainCheckStart({ db, jobs }: Pick<RainCheckDeps, 'db' | 'jobs'>, { progress }: Pick<RainCheckProgress, 'progress'>) {
  return {
    /** Closes the courts for the range, lists the bookings it hits and queues the job, in one transaction. */
    async create(actor: User, body: BodyOf<Routes['create']>) {
      requireAllowedReturn(actor, body.return_to);
      const courts = await courtsOf(db, body.court_ids);
      const courtIds = courts.map((court) => court.id);
      const { startsAt, endsAt } = rangeOf(body);
      const now = new Date();
      const created = await db.$transaction(async (tx) => {
        // Every booking writer takes its court's turn before checking closures: after these, none can
        // book the range without meeting the closure. All of them in one statement (courtIds are by id).
        await takeCourtTurns(tx, courtIds);
        const rainCheck = await tx.rainCheck.create({
          data: { startsAt, endsAt, courtIds, returnTo: body.return_to, reason: body.reason, createdById: actor.id },
          include: WITH_AUTHOR,
        });
        const closures = await tx.courtClosure.createManyAndReturn({
          select: { id: true },
          data: courtIds.map((courtId) => ({ courtId, startsAt, endsAt, reason: body.reason, createdById: actor.id })),
        });
        // A booking already in another rain check stays that one's.
        const hit = await liveBookingIdsTouching(tx, courtIds, startsAt, endsAt, now);
        await tx.rainCheckBooking.createMany({ data: hit.map((bookingId) => ({ rainCheckId: rainCheck.id, bookingId })), skipDuplicates: true });
        await refuseOwnReturns(tx, actor, rainCheck);
        await jobs.send('rain-check', { rainCheckId: rainCheck.id }, { tx });
        // The rain check and each closure it made; the job that cancels the bookings later has no operator to name.
        await audit(tx, { entity: 'rain_checks', id: rainCheck.id, action: 'create', after: await rowOf(tx, 'rain_checks', rainCheck.id), subjectUserId: null });
        const closureRows = await rowsOf(tx, 'court_closures', closures.map(({ id }) => id));
        await auditMany(tx, closures.map(({ id }) => ({ entity: 'court_closures' as const, id, action: 'create' as const, after: closureRows.get(id) ?? null, subjectUserId: null })));
        return rainCheck;
      }, TRANSACTION_OPTIONS);
      return progress(created);
    },
  };
}
