// The tournament's waiting list (docs/tournaments.md#registration-and-money): a freed place goes to the
// first waiting entry with the school's fair offer — the entry becomes pending, takes the place at once
// and has until `offered_until` to pay — or, with no one waiting (or too close to the start), back to the
// tournament's counter.
import type { AppDeps } from '../../deps.js';
import type { Prisma, Tournament } from '../../generated/prisma/client.js';
import { localizedUrl } from '../../lib/i18n.js';
import { instantInRome, toIsoDate } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { offerExpiry } from '../course-waitlist/index.js';
import { readSettings } from '../settings/index.js';
import { chargePlayers } from './entry-money.js';
import { placeOfferedEmail } from './tournaments.emails.js';

export function createTournamentWaitlist(deps: Pick<AppDeps, 'jobs' | 'config'>) {
  /** The tournament's first court hour (else its first day's midnight, Rome): the offer's cutoff counts back from it. */
  const firstPlay = async (tx: Prisma.TransactionClient, tournament: Tournament) =>
    (await tx.tournamentCourt.findFirst({ where: { tournamentId: tournament.id }, orderBy: { startsAt: 'asc' }, select: { startsAt: true } }))?.startsAt ??
    instantInRome(toIsoDate(tournament.startsOn), '00:00');

  return {
    /** A place freed in a tournament whose row the caller holds locked: offered on, or given back. */
    async passPlaceOn(tx: Prisma.TransactionClient, tournament: Tournament, now: Date) {
      const { waitlistOfferHours, waitlistCutoffHours } = await readSettings(tx);
      const expiresAt = offerExpiry(now, await firstPlay(tx, tournament), { offerHours: waitlistOfferHours, cutoffHours: waitlistCutoffHours });
      const first = expiresAt ? await tx.tournamentEntry.findFirst({ where: { tournamentId: tournament.id, status: 'waiting' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }) : null;
      if (!expiresAt || !first) {
        await tx.$executeRaw`UPDATE tournaments SET entries_taken = entries_taken - 1, updated_at = now() WHERE id = ${tournament.id}`;
        return false;
      }
      // The place passes straight to the offered entry: the counter keeps counting it.
      const free = tournament.entryFeeCents === 0;
      await tx.tournamentEntry.update({ where: { id: first.id, status: 'waiting' }, data: { status: free ? 'confirmed' : 'pending', offeredUntil: free ? null : expiresAt } });
      const players = await tx.tournamentPlayer.findMany({ where: { entryId: first.id }, include: { user: true }, orderBy: { id: 'asc' } });
      await chargePlayers(tx, tournament, players);
      for (const player of players) {
        if (!player.user) continue;
        const url = localizedUrl(player.user.locale, `${webOriginOf(deps.config)}/tornei/${tournament.id}`);
        await deps.jobs.send('send-email', placeOfferedEmail(player.user, { tournament: tournament.name, expiresAt: free ? null : expiresAt }, url), { tx });
      }
      return true;
    },
  };
}

export type TournamentWaitlist = ReturnType<typeof createTournamentWaitlist>;
