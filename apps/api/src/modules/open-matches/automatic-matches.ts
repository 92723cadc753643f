// Automatic matches (docs/open-matches.md#automatic-matches): the admin's rules, the slots they offer and
// the first player who turns a slot into a match; from then on it is an ordinary open match.
import type { BodyOf, QueryOf, TOpenMatch, api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { readSettings } from '../settings/index.js';
import { createAutomaticJoining } from './automatic-join.js';
import { createAutomaticRules } from './automatic-rules.js';
import { offeredSlots } from './automatic-slots.js';
import { memberLevel, withinRange } from './match-terms.js';

export function createAutomaticMatches(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, show: (viewer: User, id: number) => Promise<TOpenMatch>) {
  const { db } = deps;
  const joinFirst = createAutomaticJoining(deps);
  return {
    rules: createAutomaticRules(db),
    /** "At my level" keeps the slots the member may be first in: friendly, or a range their level is inside. */
    async slots(viewer: User, query: QueryOf<typeof api.automaticMatches.slots>) {
      const offered = await offeredSlots(db, await readSettings(db), new Date(), query);
      const levels = new Map<string, number | null>();
      const wanted = [];
      for (const slot of offered) {
        const { sport } = slot.wire;
        if (query.at_my_level === 'true') {
          if (!levels.has(sport)) levels.set(sport, await memberLevel(db, viewer.id, sport));
          if (!withinRange(slot.rule, levels.get(sport)!)) continue;
        }
        wanted.push(slot.wire);
      }
      return { data: wanted };
    },
    async join(viewer: User, body: BodyOf<typeof api.automaticMatches.join>) {
      const joined = await joinFirst(viewer, body);
      return { match: await show(viewer, joined.matchId), booking_id: joined.bookingId, paid: joined.paid };
    },
  };
}
export type AutomaticMatches = ReturnType<typeof createAutomaticMatches>;
