// Split payment (docs/domain.md#split-payment): the organiser adds up to three other players; once the
// booking is confirmed each is invited by e-mail to pay their share (card or credit), once. A minute job
// sends the invitations and, at the deadline before play, charges the shares still unpaid to the
// organiser. Each part in its own file; this composes them.
import type { api, BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { audit, rowOf } from '../../lib/audit.js';
import type { Checkouts } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { createPlayerChanges } from './player-changes.js';
import { createShareDeadline } from './share-deadline.js';
import { createShareDesk } from './share-desk.js';
import { createSharePayments } from './share-payments.js';
import { createSplitReads } from './split-reads.js';

export function createBookingPlayersService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'logger'>, checkouts: Checkouts) {
  const { db } = deps;
  const parts = { ...deps, checkouts };
  const reads = createSplitReads(parts);
  const deadline = createShareDeadline(parts);
  const { add, remove, leave } = createPlayerChanges(parts, reads, deadline);
  const { paymentTarget, checkout, payWithCredit } = createSharePayments(parts, reads);
  return {
    paymentTarget,
    split: reads.split,
    searchMembers: reads.searchMembers,
    mine: reads.mine,
    show: reads.show,
    add,
    remove,
    leave,
    checkout,
    payWithCredit,
    collect: createShareDesk(parts, checkouts),
    runShareJob: deadline.runShareJob,
    settings: async () => ({ deadline_hours: (await readSettings(db)).splitDeadlineHours }),
    /** The centre's settings are one row, not a thing of their own: logged with no id. */
    async saveSettings(body: BodyOf<typeof api.bookingPlayers.saveSettings>) {
      const saved = await db.$transaction(async (tx) => {
        const before = await rowOf(tx, 'settings', 1);
        const row = await tx.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: body.deadline_hours } });
        await audit(tx, { entity: 'settings', id: null, action: 'update', before, after: await rowOf(tx, 'settings', 1), subjectUserId: null });
        return row;
      });
      return { deadline_hours: saved.splitDeadlineHours };
    },
  };
}

export type BookingPlayersService = ReturnType<typeof createBookingPlayersService>;
