// How far a rain check has got (docs/domain.md#rain-check): its bookings done, skipped and failed, what
// went back, and the list of rain checks.
import { centsToMoney, type QueryOf, type TRainCheck } from '@beach/contracts';
import type { RainCheck } from '../../generated/prisma/client.js';
import { notFound } from '../../lib/errors.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { todayInRome } from '../../lib/time.js';
import { timeOf } from '../bookings/index.js';
import { RAIN_CHECK_MESSAGES, type RainCheckDeps, returnedBy, type Routes, WITH_AUTHOR } from './rain-check-terms.js';

export function createRainCheckProgress({ db }: Pick<RainCheckDeps, 'db'>) {
  async function progress(rainCheck: RainCheck & { createdBy: { firstName: string; lastName: string } | null }): Promise<TRainCheck> {
    const [counts, courts, returned] = await Promise.all([
      db.rainCheckBooking.groupBy({ by: ['status'], where: { rainCheckId: rainCheck.id }, _count: { _all: true } }),
      db.court.findMany({ where: { id: { in: rainCheck.courtIds } }, select: { id: true, code: true, name: true }, orderBy: [{ row: 'asc' }, { position: 'asc' }] }),
      returnedBy(db, rainCheck.id),
    ]);
    const count = (status: string) => counts.find((row) => row.status === status)?._count._all ?? 0;
    return {
      id: rainCheck.id,
      date: todayInRome(rainCheck.startsAt),
      from: timeOf(rainCheck.startsAt),
      to: timeOf(rainCheck.endsAt, true),
      courts,
      return_to: rainCheck.returnTo,
      reason: rainCheck.reason,
      status: rainCheck.status,
      total: counts.reduce((sum, row) => sum + row._count._all, 0),
      done: count('done'),
      skipped: count('skipped'),
      failed: count('failed'),
      returned: centsToMoney(returned.reduce((sum, part) => sum + part.cents, 0)),
      created_by: rainCheck.createdBy ? `${rainCheck.createdBy.firstName} ${rainCheck.createdBy.lastName}` : null,
      created_at: rainCheck.createdAt.toISOString(),
      finished_at: rainCheck.finishedAt?.toISOString() ?? null,
    };
  }

  return {
    progress,

    async list(query: QueryOf<Routes['list']>) {
      const [rows, total] = await Promise.all([
        db.rainCheck.findMany({ include: WITH_AUTHOR, orderBy: { id: 'desc' }, ...skipTake(query) }),
        db.rainCheck.count(),
      ]);
      return pagedList(await Promise.all(rows.map(progress)), total, query);
    },

    async show(id: number) {
      const rainCheck = await db.rainCheck.findUnique({ where: { id }, include: WITH_AUTHOR });
      if (!rainCheck) throw notFound(RAIN_CHECK_MESSAGES.notFound);
      return progress(rainCheck);
    },
  };
}

export type RainCheckProgress = ReturnType<typeof createRainCheckProgress>;
