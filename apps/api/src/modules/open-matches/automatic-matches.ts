// Automatic matches (docs/open-matches.md#automatic-matches): the admin's rules, the slots they offer and
// the first player who turns a slot into a match; from then on it is an ordinary open match.
import type { BodyOf, QueryOf, TOpenMatch, api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { readSettings } from '../settings/index.js';
import { createAutomaticJoining } from './automatic-join.js';
import { createAutomaticRules } from './automatic-rules.js';
import { offeredSlots } from './automatic-slots.js';

export function createAutomaticMatches(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, show: (viewer: User, id: number) => Promise<TOpenMatch>) {
  const { db } = deps;
  const joinFirst = createAutomaticJoining(deps);
  return {
    rules: createAutomaticRules(db),
    async slots(query: QueryOf<typeof api.automaticMatches.slots>) {
      return { data: (await offeredSlots(db, await readSettings(db), new Date(), query)).map((slot) => slot.wire) };
    },
    async join(viewer: User, body: BodyOf<typeof api.automaticMatches.join>) {
      const joined = await joinFirst(viewer, body);
      return { match: await show(viewer, joined.matchId), booking_id: joined.bookingId, paid: joined.paid };
    },
  };
}
export type AutomaticMatches = ReturnType<typeof createAutomaticMatches>;
