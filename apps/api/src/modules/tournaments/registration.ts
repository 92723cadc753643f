// Registering a pair (or a King of the Beach player) (docs/tournaments.md#registration-and-money): under
// the tournament's row lock, the registration window, the registrant's card and certificate, the partner
// by e-mail (a member's player row, or a guest's with an invitation), then the place: one conditional
// increment of `entries_taken` that its CHECK caps — concurrent registrations queue on the row and those
// past the last place get a waiting entry instead. Each player's part is charged to their own receivable
// once the entry holds a place; a free tournament confirms it at once.
import { titleIn } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, Tournament, User } from '../../generated/prisma/client.js';
import { isConstraintViolation, isUniqueViolation } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { i18nFor, localizedUrl } from '../../lib/i18n.js';
import { toIsoDate } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { transferForEmail } from '../bank-transfer/index.js';
import { assertCertificateForBooking } from '../certificates/index.js';
import { readSettings } from '../settings/index.js';
import { chargePlayers } from './entry-money.js';
import { registrationOpen, TOURNAMENT_MESSAGES } from './tournament-terms.js';
import { partnerInvitationEmail } from './tournaments.emails.js';

/** The partner named: a member (their account), a guest by e-mail, or none (King of the Beach). */
export type Partner = { user: User } | { email: string } | null;

/** The tournament's row locked, as registering, withdrawing and cancelling take it (one queue per tournament). */
export async function lockTournament(tx: Prisma.TransactionClient, id: number) {
  await tx.$queryRaw`SELECT id FROM tournaments WHERE id = ${id} FOR UPDATE`;
  return tx.tournament.findUnique({ where: { id } });
}

/** As for booking a court: a card valid on every day of the tournament, and the certificate on its first. */
export async function assertMayPlay(tx: Prisma.TransactionClient, userId: number, tournament: Pick<Tournament, 'startsOn' | 'endsOn'>) {
  const card = await tx.membership.findFirst({ where: { userId, status: 'active', startDate: { lte: tournament.startsOn }, endDate: { gte: tournament.endsOn } } });
  if (!card) throw new AppError(422, TOURNAMENT_MESSAGES.noMembership);
  await assertCertificateForBooking(tx, await readSettings(tx), userId, toIsoDate(tournament.startsOn));
}

const inTournament = async (tx: Prisma.TransactionClient, tournamentId: number, userId: number) =>
  (await tx.tournamentPlayer.count({ where: { tournamentId, userId, withdrawnAt: null } })) > 0;

/** The partner's e-mail resolved: a member's account when there is one, else a guest. */
export async function partnerOf(db: Prisma.TransactionClient, email: string | null): Promise<Partner> {
  if (email === null) return null;
  const user = await db.user.findFirst({ where: { email: { equals: email, mode: 'insensitive' } } });
  return user ? { user } : { email: email.toLowerCase() };
}

export function createRegistration(deps: Pick<AppDeps, 'jobs' | 'config'>) {
  /** In the caller's transaction: the entry made (waiting when full); its id and status. */
  async function registerIn(tx: Prisma.TransactionClient, tournamentId: number, registrant: User, partner: Partner, now: Date) {
    const tournament = await lockTournament(tx, tournamentId);
    if (!tournament || tournament.status === 'draft' || tournament.status === 'cancelled') throw notFound(TOURNAMENT_MESSAGES.notFound);
    if (!registrationOpen(tournament, now)) throw new AppError(409, TOURNAMENT_MESSAGES.registrationClosed);
    const kob = tournament.format === 'king_of_the_beach';
    if (kob && partner) throw invalid({ partner_email: [TOURNAMENT_MESSAGES.noPartnerInKob] });
    if (!kob && !partner) throw invalid({ partner_email: [TOURNAMENT_MESSAGES.partnerNeeded] });
    if (partner && 'user' in partner && partner.user.id === registrant.id) throw invalid({ partner_email: [TOURNAMENT_MESSAGES.partnerIsYou] });
    await assertMayPlay(tx, registrant.id, tournament);
    if (await inTournament(tx, tournament.id, registrant.id)) throw new AppError(409, TOURNAMENT_MESSAGES.alreadyRegistered);
    if (partner && 'user' in partner && (await inTournament(tx, tournament.id, partner.user.id))) throw new AppError(409, TOURNAMENT_MESSAGES.partnerAlreadyRegistered);

    const placed = (await tx.$executeRaw`UPDATE tournaments SET entries_taken = entries_taken + 1, updated_at = now() WHERE id = ${tournament.id} AND entries_taken < max_entries`) === 1;
    const free = tournament.entryFeeCents === 0;
    const entry = await tx.tournamentEntry.create({ data: { tournamentId: tournament.id, status: !placed ? 'waiting' : free ? 'confirmed' : 'pending', createdById: registrant.id } });
    const fee = { tournamentId: tournament.id, entryId: entry.id, feeCents: tournament.entryFeeCents };
    const players = [await tx.tournamentPlayer.create({ data: { ...fee, userId: registrant.id, acceptedAt: now } })];
    if (partner) players.push(await tx.tournamentPlayer.create({ data: { ...fee, ...('user' in partner ? { userId: partner.user.id } : { invitedEmail: partner.email }) } }));
    if (placed) await chargePlayers(tx, tournament, players);
    if (partner) {
      const to = 'user' in partner ? partner.user : { email: partner.email, firstName: null, locale: registrant.locale };
      const url = localizedUrl(to.locale, `${webOriginOf(deps.config)}/tornei/${tournament.id}`);
      // A member's part charged can be paid by transfer (docs/annual-accounts.md#paying-by-transfer); a guest's cannot yet.
      const transfer = placed && !free && 'user' in partner ? await transferForEmail(tx, i18nFor(to.locale), { kind: 'tournament', playerId: players[1]!.id }, tournament.entryFeeCents) : null;
      const email = partnerInvitationEmail(to, `${registrant.firstName} ${registrant.lastName}`, { name: titleIn(to.locale, tournament), startsOn: toIsoDate(tournament.startsOn), feeCents: tournament.entryFeeCents }, url, transfer);
      await deps.jobs.send('send-email', email, { tx });
    }
    return { id: entry.id, status: entry.status };
  }

  /** The messages a registration answers with, by the entry's status. */
  const messageOf = (status: string) => (status === 'waiting' ? TOURNAMENT_MESSAGES.waiting : status === 'confirmed' ? TOURNAMENT_MESSAGES.registeredFree : TOURNAMENT_MESSAGES.registered);

  /** A player twice in one tournament (two registrations at once) is refused by the database's unique index. */
  function conflictOf(error: unknown): unknown {
    if (isUniqueViolation(error) || isConstraintViolation(error, 'tournament_players_once')) return new AppError(409, TOURNAMENT_MESSAGES.alreadyRegistered);
    return error;
  }

  return { registerIn, messageOf, conflictOf };
}

export type Registration = ReturnType<typeof createRegistration>;
