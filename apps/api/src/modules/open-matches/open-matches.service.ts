// Open matches (docs/open-matches.md): a member's booking offered place by place. Each part in its own
// file; this composes them and answers the reads.
import type { api, QueryOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import type { CancelBooking } from '../bookings/index.js';
import type { Checkouts, StripeRequests } from '../payments/index.js';
import { createAutomaticMatches } from './automatic-matches.js';
import { createMatchJoining } from './join-match.js';
import { createMatchLeaving } from './leave-match.js';
import { createMatchCutoff, createReplacementSettling } from './match-cutoff.js';
import { createMatchDesk } from './desk-matches.js';
import { listedMatches } from './match-list.js';
import { matchRow, matchView, viewOf } from './match-view.js';
import { createMatchOpening } from './open-match.js';

type Parts = { checkouts: Checkouts; stripeRequests: StripeRequests; cancelBooking: CancelBooking };

export function createOpenMatchesService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, parts: Parts) {
  const { db } = deps;
  const shared = { db, ...parts };
  const opening = createMatchOpening(shared);
  const joining = createMatchJoining(shared);
  const leaving = createMatchLeaving(shared);
  const show = async (viewer: User, id: number) => matchView(db, await matchRow(db, id), viewer, new Date());

  /** Matches still taking players (a place left, or the viewer's own); "at my level" keeps those the member joins at once. */
  async function list(viewer: User, query: QueryOf<typeof api.openMatches.list>) {
    const now = new Date();
    return { data: (await listedMatches(db, viewer, query, now)).map(({ row, people }) => viewOf(row, viewer, now, people)) };
  }

  /** The match on the viewer's own booking, if any: nobody else's booking says whether it is a match. */
  async function onBooking(viewer: User, bookingId: number) {
    const match = await db.openMatch.findFirst({ where: { bookingId, booking: { userId: viewer.id } }, select: { id: true } });
    return { match: match ? await show(viewer, match.id) : null };
  }

  return {
    list,
    show,
    onBooking,
    async open(viewer: User, body: Parameters<typeof opening>[1]) {
      const match = await opening(viewer, body);
      return show(viewer, match.id);
    },
    async join(viewer: User, id: number, body: Parameters<typeof joining.join>[2]) {
      const { checkout_url } = await joining.join(viewer, id, body);
      return { match: checkout_url ? null : await show(viewer, id), checkout_url };
    },
    async ask(viewer: User, id: number) {
      await joining.ask(viewer, id);
      return show(viewer, id);
    },
    async answer(viewer: User, id: number, requestId: number, accept: boolean) {
      await joining.answer(viewer, id, requestId, { accept });
      return show(viewer, id);
    },
    async withdrawRefusal(viewer: User, id: number, requestId: number, playerId: number) {
      await joining.answer(viewer, id, requestId, { withdrawRefusalOf: playerId });
      return show(viewer, id);
    },
    leave: leaving.leave,
    async keep(viewer: User, id: number) {
      await leaving.keep(viewer, id);
      return show(viewer, id);
    },
    cancelUnfilled: createMatchCutoff(shared),
    settleReplacements: createReplacementSettling(shared),
    desk: createMatchDesk(shared),
    automatic: createAutomaticMatches(deps, show),
  };
}

export type OpenMatchesService = ReturnType<typeof createOpenMatchesService>;
