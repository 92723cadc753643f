// The tournament's waiting list (docs/tournaments.md#registration-and-money), on the shared offer engine
// (waitlist-offers): a freed place goes to the first waiting entry with the school's fair offer — the entry becomes pending, takes the place at once
// and has until `offered_until` to pay — or, with no one waiting (or too close to the start), back to the
// tournament's counter. An offer not paid in full by then lapses (the minute job tournament-waitlist-offers):
// the entry is withdrawn as a withdrawal is, and its place passes on to the next waiting entry.
import { titleIn } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, Tournament } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { i18nFor, localizedUrl } from '../../lib/i18n.js';
import { instantInRome, toIsoDate } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { transferForEmail } from '../bank-transfer/index.js';
import { readSettings } from '../settings/index.js';
import { FIRST_IN_LINE, offerExpiry, offerToFirstInLine } from '../waitlist-offers/index.js';
import { chargePlayers, type EntryMoney } from './entry-money.js';
import { lockTournament } from './registration.js';
import { offerLapsedEmail, placeOfferedEmail } from './tournaments.emails.js';
import { notifyMember } from '../push/index.js';

export function createTournamentWaitlist(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, money: EntryMoney) {
  const { db } = deps;
  const tournamentUrl = (locale: string, tournament: Tournament) => localizedUrl(locale, `${webOriginOf(deps.config)}/tornei/${tournament.id}`);

  /** The tournament's first court hour (else its first day's midnight, Rome): the offer's cutoff counts back from it. */
  const firstPlay = async (tx: Prisma.TransactionClient, tournament: Tournament) =>
    (await tx.tournamentCourt.findFirst({ where: { tournamentId: tournament.id }, orderBy: { startsAt: 'asc' }, select: { startsAt: true } }))?.startsAt ??
    instantInRome(toIsoDate(tournament.startsOn), '00:00');

  /** Until when an offer made now holds: the school's rule, and never past the registration's close (no part is paid after it). */
  async function expiryOf(tx: Prisma.TransactionClient, tournament: Tournament, now: Date) {
    if (tournament.registrationClosesAt <= now) return null;
    const { waitlistOfferHours, waitlistCutoffHours } = await readSettings(tx);
    const expiresAt = offerExpiry(now, await firstPlay(tx, tournament), { offerHours: waitlistOfferHours, cutoffHours: waitlistCutoffHours });
    return expiresAt && new Date(Math.min(expiresAt.getTime(), tournament.registrationClosesAt.getTime()));
  }

  /** A place freed in a tournament whose row the caller holds locked: offered on, or given back. */
  async function passPlaceOn(tx: Prisma.TransactionClient, tournament: Tournament, now: Date) {
    return offerToFirstInLine(
      await expiryOf(tx, tournament, now),
      () => tx.tournamentEntry.findFirst({ where: { tournamentId: tournament.id, status: 'waiting' }, orderBy: FIRST_IN_LINE }),
      {
        offer: async (first, expiresAt) => {
          // The place passes straight to the offered entry: the counter keeps counting it.
          const free = tournament.entryFeeCents === 0;
          await tx.tournamentEntry.update({ where: { id: first.id, status: 'waiting' }, data: { status: free ? 'confirmed' : 'pending', offeredUntil: free ? null : expiresAt } });
          const players = await tx.tournamentPlayer.findMany({ where: { entryId: first.id }, include: { user: true }, orderBy: { id: 'asc' } });
          await chargePlayers(tx, tournament, players);
          for (const player of players) {
            if (!player.user) continue;
            const transfer = free ? null : await transferForEmail(tx, i18nFor(player.user.locale), { kind: 'tournament', playerId: player.id }, player.feeCents);
            const email = placeOfferedEmail(player.user, { tournament: titleIn(player.user.locale, tournament), expiresAt: free ? null : expiresAt }, tournamentUrl(player.user.locale, tournament), transfer);
            await notifyMember(deps.jobs, tx, { userId: player.user.id, kind: 'waitlist_offer', email });
          }
        },
        giveBack: async () => {
          await tx.$executeRaw`UPDATE tournaments SET entries_taken = entries_taken - 1, updated_at = now() WHERE id = ${tournament.id}`;
        },
      },
    );
  }

  return {
    passPlaceOn,

    /**
     * Offers past `offered_until` and still pending (not paid in full: paying the last part confirms the
     * entry) lapse, each in its own transaction under the tournament's row lock: the entry withdrawn with
     * every part already paid given back, its players told, the place passed on. The checks are repeated
     * under the locks, so two runs (or a payment at that moment) lapse an offer once or not at all.
     */
    async expireOffers(now = new Date()) {
      const due = await db.tournamentEntry.findMany({ where: { status: 'pending', offeredUntil: { lte: now } }, select: { id: true, tournamentId: true }, orderBy: { id: 'asc' } });
      let lapsed = 0;
      const failures: unknown[] = [];
      for (const entry of due) {
        // One offer that fails does not keep the others from lapsing; the job is retried after.
        await db
          .$transaction(async (tx) => {
            const tournament = (await lockTournament(tx, entry.tournamentId))!;
            if (tournament.status !== 'published') return;
            if ((await tx.tournamentEntry.count({ where: { id: entry.id, status: 'pending', offeredUntil: { lte: now } } })) === 0) return;
            if (!(await money.withdrawEntry(tx, entry.id, null, 'Offerta del posto scaduta: restituita la quota', ['pending']))) return;
            const players = await tx.tournamentPlayer.findMany({ where: { entryId: entry.id }, include: { user: true }, orderBy: { id: 'asc' } });
            for (const { user } of players) {
              if (user) await deps.jobs.send('send-email', offerLapsedEmail(user, { tournament: titleIn(user.locale, tournament) }, tournamentUrl(user.locale, tournament)), { tx });
            }
            await passPlaceOn(tx, tournament, now);
            lapsed += 1;
          }, TRANSACTION_OPTIONS)
          .catch((error: unknown) => failures.push(error));
      }
      if (failures.length > 0) throw failures[0];
      return lapsed;
    },
  };
}

export type TournamentWaitlist = ReturnType<typeof createTournamentWaitlist>;
