// Tournaments (docs/tournaments.md): set-up, registration with each player's part on the ledger, the
// waiting list, withdrawing (the members or the organiser), the desk's collecting and the partner finder.
// Each part in its own file; this composes them.
import type { api, BodyOf, QueryOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { MessageDescriptor } from '../../lib/i18n.js';
import { fromIsoDate, todayInRome } from '../../lib/time.js';
import type { Checkouts, StripeRequests } from '../payments/index.js';
import { createEntryMoney } from './entry-money.js';
import { createEntryPayments, myPlayerIn } from './entry-payments.js';
import { createPartnerFinder } from './partner-finder.js';
import { createRegistration, lockTournament, partnerOf } from './registration.js';
import { createTournamentSetup } from './tournament-setup.js';
import { TOURNAMENT_MESSAGES, toTournamentSummary } from './tournament-terms.js';
import { adminViewOf, liveViewOf, myEntriesOf } from './tournament-view.js';
import { createTournamentWaitlist } from './waitlist.js';

export function createTournamentsService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts, stripeRequests: StripeRequests) {
  const { db } = deps;
  const money = createEntryMoney(checkouts, stripeRequests);
  const registration = createRegistration(deps);
  const waitlist = createTournamentWaitlist(deps, money);
  const setup = createTournamentSetup(deps, checkouts, money, waitlist);
  const payments = createEntryPayments(deps, checkouts);
  const partners = createPartnerFinder(deps, registration);

  const adminView = async (id: number) => {
    const tournament = await db.tournament.findUnique({ where: { id } });
    if (!tournament) throw notFound(TOURNAMENT_MESSAGES.notFound);
    return adminViewOf(db, tournament, new Date());
  };
  const adminAnswer = async (message: MessageDescriptor, id: number) => ({ message, tournament: await adminView(id) });
  const myEntry = async (user: User, id: number) => (await myEntriesOf(db, user, { id }))[0]!;

  return {
    paymentTarget: payments.paymentTarget,
    /** A bank transfer paying a player's part (the bank's matching), in its transaction. */
    collectTransfer: payments.collectTransfer,
    /** The minute job tournament-waitlist-offers: offers not paid in time lapse, their places passed on. */
    expireOffers: waitlist.expireOffers,

    /** A tournament is past once finished or once its last day is gone; the others are to come (or being played). */
    async list({ when }: QueryOf<typeof api.tournaments.list>) {
      const today = fromIsoDate(todayInRome());
      const past: Prisma.TournamentWhereInput = { OR: [{ status: 'finished' }, { endsOn: { lt: today } }] };
      const rows = await db.tournament.findMany({
        where: { status: { in: ['published', 'drawn', 'finished'] }, ...(when === 'past' ? past : { NOT: past }) },
        orderBy: when === 'past' ? [{ startsOn: 'desc' }, { id: 'desc' }] : [{ startsOn: 'asc' }, { id: 'asc' }],
      });
      const now = new Date();
      return { data: rows.map((row) => toTournamentSummary(row, now)) };
    },
    async live(id: number) {
      const tournament = await db.tournament.findUnique({ where: { id } });
      if (!tournament || tournament.status === 'draft') throw notFound(TOURNAMENT_MESSAGES.notFound);
      return liveViewOf(db, tournament, new Date());
    },

    async register(user: User, id: number, body: BodyOf<typeof api.tournaments.register>) {
      try {
        const made = await db.$transaction(async (tx) => registration.registerIn(tx, id, user, await partnerOf(tx, body.partner_email), new Date()), TRANSACTION_OPTIONS);
        return { message: registration.messageOf(made.status), entry: await myEntry(user, made.id) };
      } catch (error) {
        throw registration.conflictOf(error);
      }
    },
    mine: async (user: User) => ({ data: await myEntriesOf(db, user) }),
    checkout: payments.checkout,
    async payWithCredit(user: User, id: number) {
      const message = await payments.payWithCredit(user, id);
      return { message, entry: await myEntry(user, id) };
    },

    /** Either player, before registration closes: every paid part back to its payer, the place passed on. */
    async withdraw(user: User, id: number) {
      const players = await db.$transaction(async (tx) => {
        await myPlayerIn(tx, id, user);
        return tx.tournamentPlayer.findMany({ where: { entryId: id }, select: { id: true } });
      }, TRANSACTION_OPTIONS);
      for (const player of players) await checkouts.refuseIfPaid('tournament_fee', player.id);
      await db.$transaction(async (tx) => {
        const entry = await tx.tournamentEntry.findUniqueOrThrow({ where: { id } });
        const tournament = (await lockTournament(tx, entry.tournamentId))!;
        if (new Date() >= tournament.registrationClosesAt || tournament.status !== 'published') throw new AppError(409, TOURNAMENT_MESSAGES.withdrawClosed);
        const heldPlace = await money.withdrawEntry(tx, id, user.id, 'Coppia ritirata: restituita la quota');
        if (heldPlace === null) throw new AppError(409, TOURNAMENT_MESSAGES.alreadyWithdrawn);
        if (heldPlace) await waitlist.passPlaceOn(tx, tournament, new Date());
      }, TRANSACTION_OPTIONS);
      return { message: TOURNAMENT_MESSAGES.withdrawn };
    },

    ...partners,
    async acceptPartner(user: User, answerId: number) {
      const made = await partners.acceptPartner(user, answerId);
      return { message: registration.messageOf(made.status), entry: await myEntry(user, made.id) };
    },

    async adminList() {
      const rows = await db.tournament.findMany({ orderBy: [{ startsOn: 'desc' }, { id: 'desc' }] });
      const now = new Date();
      return { data: rows.map((row) => toTournamentSummary(row, now)) };
    },
    adminGet: adminView,
    create: async (staff: User, body: BodyOf<typeof api.tournaments.create>) => adminAnswer(TOURNAMENT_MESSAGES.created, (await setup.create(staff, body)).id),
    async update(staff: User, id: number, body: BodyOf<typeof api.tournaments.update>) {
      await setup.update(staff, id, body);
      return adminAnswer(TOURNAMENT_MESSAGES.updated, id);
    },
    async publish(id: number) {
      await setup.publish(id);
      return adminAnswer(TOURNAMENT_MESSAGES.published, id);
    },
    async collectPlayer(staff: User, playerId: number, { method }: BodyOf<typeof api.tournaments.collectPlayer>) {
      return adminAnswer(TOURNAMENT_MESSAGES.collected, await payments.collectPlayer(staff, playerId, method));
    },
    async collectEntry(staff: User, entryId: number, { method }: BodyOf<typeof api.tournaments.collectEntry>) {
      return adminAnswer(TOURNAMENT_MESSAGES.entryCollected, await payments.collectEntry(staff, entryId, method));
    },

    /** The organiser withdraws a pair until the draw (after the close too): every paid part back to its payer, the place passed on. */
    async withdrawEntry(staff: User, entryId: number) {
      const players = await db.tournamentPlayer.findMany({ where: { entryId }, select: { id: true, tournamentId: true } });
      if (players.length === 0) throw notFound(TOURNAMENT_MESSAGES.entryNotFound);
      for (const player of players) await checkouts.refuseIfPaid('tournament_fee', player.id);
      const { tournamentId } = players[0]!;
      await db.$transaction(async (tx) => {
        const tournament = (await lockTournament(tx, tournamentId))!;
        if (tournament.status !== 'published') throw new AppError(409, TOURNAMENT_MESSAGES.alreadyDrawn);
        const heldPlace = await auditRow(tx, { entity: 'tournament_entries', id: entryId, action: 'cancel' }, () =>
          money.withdrawEntry(tx, entryId, staff.id, 'Coppia ritirata dall’organizzatore: restituita la quota'),
        );
        if (heldPlace === null) throw new AppError(409, TOURNAMENT_MESSAGES.alreadyWithdrawn);
        if (heldPlace) await waitlist.passPlaceOn(tx, tournament, new Date());
      }, TRANSACTION_OPTIONS);
      return adminAnswer(TOURNAMENT_MESSAGES.entryWithdrawn, tournamentId);
    },
    async cancel(staff: User, id: number) {
      await setup.cancel(staff, id);
      return adminAnswer(TOURNAMENT_MESSAGES.cancelled, id);
    },
  };
}

export type TournamentsService = ReturnType<typeof createTournamentsService>;
