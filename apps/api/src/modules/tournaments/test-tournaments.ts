// Tournaments for the tests, written straight to the tables (the set-up's routes have tests of their own):
// a published tournament taking registrations now, played `startsIn` days from today.
import type { Db } from '../../lib/db.js';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';

let counter = 0;

export async function makeTournament(
  db: Db,
  { maxEntries = 8, feeCents = 2000, format = 'pools_knockout' as 'pools_knockout' | 'king_of_the_beach' | 'single_elimination' | 'round_robin', startsIn = 10, status = 'published' as 'draft' | 'published' } = {},
) {
  const day = fromIsoDate(addDays(todayInRome(), startsIn));
  return db.tournament.create({
    data: {
      name: `Torneo ${++counter}`, sport: 'beach_volley', category: 'open', format, matchFormat: 'one_set_21', matchMinutes: 30, entryFeeCents: feeCents, maxEntries,
      registrationOpensAt: new Date(Date.now() - 60_000), registrationClosesAt: new Date(day.getTime() - 24 * 3_600_000), startsOn: day, endsOn: day, status,
    },
  });
}
