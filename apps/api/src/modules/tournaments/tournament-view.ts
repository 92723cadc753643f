// A tournament as its pages show it (docs/tournaments.md): the public live page (settings, courts,
// registered pairs; the draw's matches, pools and placements once drawn), the organiser's view with every
// player's money, and a member's own entries with what they owe (read from the ledger) and their next match.
import { centsToMoney, type TAdminTournament, type TMyEntry, type TTournamentLive } from '@beach/contracts';
import type { Prisma, Tournament, User } from '../../generated/prisma/client.js';
import { timeOf, todayInRome } from '../../lib/time.js';
import { drawnView, nextMatchesOf } from './drawn-view.js';
import { owedByPlayer } from './entry-money.js';
import { playerName, publicName, toTournamentSummary } from './tournament-terms.js';

const PLAYERS = { players: { include: { user: true }, orderBy: { id: 'asc' } } } as const satisfies Prisma.TournamentEntryInclude;
type DrawnParts = Pick<TTournamentLive, 'matches' | 'pools' | 'placements'>;

const NOT_DRAWN: DrawnParts = { matches: [], pools: [], placements: [] };

/**
 * The drawn parts of the live page, the one place they come from: none before the draw. Once `draw` is
 * set, the draw day's `drawnView(tx, tournament)` (tournament-day*.ts) answers here instead.
 */
async function drawnPartsOf(tx: Prisma.TransactionClient, tournament: Tournament): Promise<DrawnParts> {
  if (tournament.draw === null) return NOT_DRAWN;
  return drawnView(tx, tournament);
}

export async function liveViewOf(tx: Prisma.TransactionClient, tournament: Tournament, now: Date): Promise<TTournamentLive> {
  const [courts, entries] = await Promise.all([
    tx.tournamentCourt.findMany({ where: { tournamentId: tournament.id }, include: { court: true }, orderBy: [{ startsAt: 'asc' }, { courtId: 'asc' }] }),
    tx.tournamentEntry.findMany({ where: { tournamentId: tournament.id, status: { in: ['pending', 'confirmed'] } }, include: PLAYERS, orderBy: [{ seed: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] }),
  ]);
  return {
    ...toTournamentSummary(tournament, now),
    rules_text: tournament.rulesText,
    courts: courts.map((row) => ({ court_id: row.courtId, code: row.court.code, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString(), lit: row.court.hasLights })),
    entries: entries.map((entry) => ({ id: entry.id, seed: entry.seed, names: entry.players.map(publicName), ranking_points: entry.rankingPoints })),
    ...(await drawnPartsOf(tx, tournament)),
    live_version: tournament.liveVersion,
  };
}

export async function adminViewOf(tx: Prisma.TransactionClient, tournament: Tournament, now: Date): Promise<TAdminTournament> {
  // The court hours are the live view's courts (read once); the entries all of them, withdrawn and waiting too.
  const [live, entries] = await Promise.all([
    liveViewOf(tx, tournament, now),
    tx.tournamentEntry.findMany({ where: { tournamentId: tournament.id }, include: PLAYERS, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
  ]);
  const owed = await owedByPlayer(tx, entries.flatMap((entry) => entry.players.map((player) => player.id)));
  return {
    ...live,
    under_age: tournament.underAge,
    match_minutes: tournament.matchMinutes,
    time_cap_minutes: tournament.timeCapMinutes,
    rest_minutes: tournament.restMinutes,
    pool_size: tournament.poolSize,
    court_hours: live.courts.map((row) => {
      const [startsAt, endsAt] = [new Date(row.starts_at), new Date(row.ends_at)];
      return { court_id: row.court_id, date: todayInRome(startsAt), from: timeOf(startsAt), to: timeOf(endsAt, true) };
    }),
    admin_entries: entries.map((entry) => ({
      id: entry.id, status: entry.status, seed: entry.seed, ranking_points: entry.rankingPoints, created_at: entry.createdAt.toISOString(),
      players: entry.players.map((player) => {
        const cents = owed.get(player.id) ?? 0;
        return { id: player.id, user_id: player.userId, name: playerName(player), email: player.user?.email ?? player.invitedEmail ?? '', paid: isPaid(entry.status, player.feeCents, cents), owed: centsToMoney(cents) };
      }),
    })),
  };
}

/** A part is paid once charged and settled (a free one once the entry holds its place). */
const isPaid = (status: string, feeCents: number, owedCents: number) => (status === 'pending' || status === 'confirmed') && (feeCents === 0 ? status === 'confirmed' : owedCents === 0);

/** The user's entries (as a member, or as the guest invited with their e-mail), newest tournament first. */
export async function myEntriesOf(tx: Prisma.TransactionClient, user: User, where: Prisma.TournamentEntryWhereInput = {}): Promise<TMyEntry[]> {
  const mine = { OR: [{ userId: user.id }, { userId: null, invitedEmail: { equals: user.email, mode: 'insensitive' as const } }] };
  const entries = await tx.tournamentEntry.findMany({ where: { ...where, players: { some: mine } }, include: { ...PLAYERS, tournament: true }, orderBy: [{ tournament: { startsOn: 'desc' } }, { id: 'desc' }] });
  const [owed, next] = await Promise.all([
    owedByPlayer(tx, entries.flatMap((entry) => entry.players.map((player) => player.id))),
    nextMatchesOf(tx, entries),
  ]);
  const now = new Date();
  return entries.map((entry) => ({
    id: entry.id,
    tournament: toTournamentSummary(entry.tournament, now),
    status: entry.status,
    players: entry.players.map((player) => {
      const me = player.userId === user.id || (player.userId === null && player.invitedEmail?.toLowerCase() === user.email.toLowerCase());
      const cents = owed.get(player.id) ?? 0;
      const paid = isPaid(entry.status, player.feeCents, cents);
      // A partner named by e-mail has done nothing yet: shown by that e-mail (not their name) until they pay their part.
      const named = me || paid || player.userId === entry.createdById;
      const name = named ? (publicName(player) ?? player.invitedEmail ?? '') : (player.user?.email ?? player.invitedEmail ?? '');
      return { id: player.id, name, me, invited: player.userId === null, paid, owed: centsToMoney(me ? cents : 0) };
    }),
    offered_until: entry.offeredUntil?.toISOString() ?? null,
    next_match: next.get(entry.id) ?? null,
  }));
}
