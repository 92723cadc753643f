// Paying one's part of an entry (docs/tournaments.md#registration-and-money): each player pays only their
// own part, by card through Stripe Checkout (the payment target below) or with their credit, or the desk
// collects it (one part, or every part of the entry); the entry is confirmed once every player's
// receivable is settled. A guest who registered with the invited e-mail pays as the player they were invited as.
import type { api, BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, TournamentPlayer, User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { isUniqueViolation, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { MessageDescriptor } from '../../lib/i18n.js';
import { refuseOwnMoney } from '../auth/index.js';
import { accounts, INSUFFICIENT_CREDIT, moneyAccount, owedOne, payment, post, settlingLegs, spendingLegs, takeBackPayment, tournamentReceivable, walletOf } from '../ledger/index.js';
import { checkoutItems, type Checkouts, type PaymentTarget } from '../payments/index.js';
import { owedByPlayer } from './entry-money.js';
import { lockTournamentPlayer } from './player-lock.js';
import { assertMayPlay } from './registration.js';
import { registrationOpen, TOURNAMENT_MESSAGES } from './tournament-terms.js';

/** The user's player row in the entry (theirs, or a guest's invited with their e-mail, claimed here); 404 otherwise. */
export async function myPlayerIn(db: Prisma.TransactionClient, entryId: number, user: User) {
  const player = await db.tournamentPlayer.findFirst({
    where: { entryId, OR: [{ userId: user.id }, { userId: null, invitedEmail: { equals: user.email, mode: 'insensitive' } }] },
  });
  if (!player) throw notFound(TOURNAMENT_MESSAGES.entryNotFound);
  if (player.userId !== null) return player;
  try {
    return await db.tournamentPlayer.update({ where: { id: player.id, userId: null }, data: { userId: user.id, acceptedAt: new Date() } });
  } catch (error) {
    // Already playing in another entry of the tournament (the unique index of a player per tournament).
    if (isUniqueViolation(error)) throw new AppError(409, TOURNAMENT_MESSAGES.alreadyRegistered);
    throw error;
  }
}

/** Once every player's part is paid, a pending entry is confirmed (its offer, if any, dropped). */
async function confirmIfPaid(tx: Prisma.TransactionClient, entryId: number) {
  // The entry locked before its parts are read (after the payer's player row, the order every writer takes):
  // two parts paid at once (the desk and the partner's card) are then read one after the other, and the
  // second sees the first paid, so a fully paid entry never stays pending.
  await tx.$queryRaw`SELECT id FROM tournament_entries WHERE id = ${entryId} FOR UPDATE`;
  const players = await tx.tournamentPlayer.findMany({ where: { entryId }, select: { id: true } });
  const owed = await owedByPlayer(tx, players.map((player) => player.id));
  if ([...owed.values()].every((cents) => cents === 0)) await tx.tournamentEntry.updateMany({ where: { id: entryId, status: 'pending' }, data: { status: 'confirmed', offeredUntil: null } });
}

type DeskMethod = BodyOf<typeof api.tournaments.collectPlayer>['method'];

export function createEntryPayments({ db }: Pick<AppDeps, 'db'>, checkouts: Checkouts) {
  /**
   * The player's row locked (the lock payments take, payments/payment-targets.ts), with what their part still
   * owes (0: paid); a player with an account must hold the card (and certificate) to play, whoever pays their part.
   */
  async function partOf(tx: Prisma.TransactionClient, playerId: number) {
    await lockTournamentPlayer(tx, playerId);
    const player = await tx.tournamentPlayer.findUniqueOrThrow({ where: { id: playerId }, include: { entry: { include: { tournament: true } } } });
    if (player.withdrawnAt || !['pending', 'confirmed'].includes(player.entry.status)) throw new AppError(409, TOURNAMENT_MESSAGES.notPayable);
    if (!registrationOpen(player.entry.tournament, new Date())) throw new AppError(409, TOURNAMENT_MESSAGES.paymentsClosed);
    // An offered place not paid by its deadline is the next waiting pair's, even before the minute job passes it on.
    if (player.entry.offeredUntil && player.entry.offeredUntil <= new Date()) throw new AppError(409, TOURNAMENT_MESSAGES.offerExpired);
    const cents = await owedOne(tx, accounts.tournamentPlayer(playerId), { lock: true });
    if (cents > 0 && player.userId !== null) await assertMayPlay(tx, player.userId, player.entry.tournament);
    return { player, cents };
  }

  /** As partOf, refused (409) when nothing is owed. */
  async function payableOf(tx: Prisma.TransactionClient, playerId: number, nothingOwed: MessageDescriptor = TOURNAMENT_MESSAGES.nothingOwed) {
    const part = await partOf(tx, playerId);
    if (part.cents <= 0) throw new AppError(409, nothingOwed);
    return part;
  }

  /** A completed desk payment (cash, POS, transfer) of the player's part, settling `cents` of their receivable on the ledger. */
  async function collectPart(tx: Prisma.TransactionClient, staff: User, player: Pick<TournamentPlayer, 'id' | 'userId'>, cents: number, method: DeskMethod) {
    // Money given back goes to the payer's credit: a guest without an account would have none to receive it.
    if (player.userId === null) throw new AppError(409, TOURNAMENT_MESSAGES.deskGuest);
    await checkouts.closeIn(tx, 'tournament_fee', player.id);
    const desk = await tx.transaction.create({
      data: { kind: 'tournament_fee', type: 'payment', tournamentPlayerId: player.id, userId: player.userId, amountCents: cents, method, status: 'completed', paidAt: new Date(), description: 'Quota torneo' },
    });
    await payment(tx, `payment:${desk.id}`, moneyAccount(method), [{ receivable: tournamentReceivable(player.id), cents }], {
      tournamentPlayerId: player.id, userId: player.userId, transactionId: desk.id, createdById: staff.id,
    });
  }

  const paymentTarget: PaymentTarget = {
    /** A completed checkout settles the player's part while it is still owed in full and the registration open; else it is refunded. */
    async confirm(tx, playerId, paidRow) {
      const player = await tx.tournamentPlayer.findUnique({ where: { id: playerId }, include: { entry: { include: { tournament: true } } } });
      if (!player || player.withdrawnAt || !['pending', 'confirmed'].includes(player.entry.status)) return false;
      // After the close the draw withdraws the entries not confirmed: a part paid then would pay for nothing.
      if (!registrationOpen(player.entry.tournament, new Date())) return false;
      if ((await owedOne(tx, accounts.tournamentPlayer(playerId), { lock: true })) < paidRow.amountCents) return false;
      await payment(tx, `payment:${paidRow.id}`, accounts.stripe, [{ receivable: tournamentReceivable(playerId), cents: paidRow.amountCents }], {
        tournamentPlayerId: playerId, userId: player.userId, transactionId: paidRow.id, description: paidRow.description,
      });
      await confirmIfPaid(tx, player.entryId);
      return true;
    },
    /** Money taken back on Stripe's side: the player owes it again (written off if the entry no longer stands). */
    async takenBack(tx, playerId, paidRow, { cents, from, context }) {
      const player = await tx.tournamentPlayer.findUnique({ where: { id: playerId } });
      await takeBackPayment(tx, { paymentId: paidRow.id, receivables: [accounts.tournamentPlayer(playerId)], cents, from, stands: !!player && !player.withdrawnAt, userId: paidRow.userId, context: { ...context, tournamentPlayerId: playerId } });
    },
  };

  return {
    paymentTarget,

    async checkout(user: User, entryId: number) {
      const player = await db.$transaction((tx) => myPlayerIn(tx, entryId, user), TRANSACTION_OPTIONS);
      const tournament = await db.tournament.findUniqueOrThrow({ where: { id: player.tournamentId } });
      const itemName = checkoutItems.tournament(tournament);
      const url = await checkouts.open({
        kind: 'tournament_fee', targetId: player.id, customer: user, amountCents: player.feeCents, itemName, cancelPath: `/tornei/${tournament.id}?pagamento=annullato`,
        // Under the player's lock: still payable (a withdrawal or another payment may have come first), and how much.
        async inTransaction(tx, row) {
          const { cents } = await payableOf(tx, player.id);
          await tx.transaction.update({ where: { id: row.id }, data: { amountCents: cents } });
          return { amountCents: cents, itemName };
        },
      });
      return { checkout_url: url };
    },

    /** Paid with the player's credit: the wallet locked while read, spent and the part settled in one entry. */
    async payWithCredit(user: User, entryId: number) {
      const player = await db.$transaction((tx) => myPlayerIn(tx, entryId, user), TRANSACTION_OPTIONS);
      await checkouts.refuseIfPaid('tournament_fee', player.id);
      await db.$transaction(async (tx) => {
        const { cents } = await payableOf(tx, player.id);
        await checkouts.closeIn(tx, 'tournament_fee', player.id);
        const legs = spendingLegs(await walletOf(tx, user.id, { lock: true }), cents);
        if (!legs) throw new AppError(409, INSUFFICIENT_CREDIT);
        // One entry per credit payment: counted under the player's lock, so its key is new each time.
        const earlier = await tx.ledgerEntry.count({ where: { tournamentPlayerId: player.id, kind: 'credit_payment' } });
        await post(tx, {
          key: `tournament-player:${player.id}:credit:${earlier + 1}`, kind: 'credit_payment', description: 'Quota torneo pagata con il credito', userId: user.id, tournamentPlayerId: player.id,
          legs: [...legs, ...settlingLegs([{ receivable: tournamentReceivable(player.id), cents }])],
        });
        await confirmIfPaid(tx, entryId);
      }, TRANSACTION_OPTIONS);
      return TOURNAMENT_MESSAGES.paidWithCredit;
    },

    /** The desk collects what the player still owes of their part; returns the tournament's id. */
    async collectPlayer(staff: User, playerId: number, method: DeskMethod) {
      const player = await db.tournamentPlayer.findUnique({ where: { id: playerId } });
      if (!player) throw notFound(TOURNAMENT_MESSAGES.entryNotFound);
      await checkouts.refuseIfPaid('tournament_fee', playerId);
      await db.$transaction(async (tx) => {
        // The player as read under its lock (a guest may have signed up since the first read).
        const { player: locked, cents } = await payableOf(tx, playerId, TOURNAMENT_MESSAGES.deskNothingOwed);
        await auditRow(tx, { entity: 'tournament_entries', id: locked.entryId, action: 'mark-paid' }, async () => {
          await collectPart(tx, staff, locked, cents, method);
          await confirmIfPaid(tx, locked.entryId);
        });
      }, TRANSACTION_OPTIONS);
      return player.tournamentId;
    },

    /**
     * A bank transfer of `cents` paying the player's part (docs/annual-accounts.md#matching), in the caller's
     * transaction: collected as at the desk when it is exactly what the part still owes and the part can be paid
     * now (registration open, entry live); else false.
     */
    async collectTransfer(tx: Prisma.TransactionClient, staff: User, playerId: number, cents: number) {
      const part = await partOf(tx, playerId).catch((error: unknown) => (error instanceof AppError ? null : Promise.reject(error)));
      if (!part || part.cents <= 0 || part.cents !== cents || part.player.userId === null) return false;
      refuseOwnMoney(staff, [part.player.userId]);
      await collectPart(tx, staff, part.player, cents, 'bank_transfer');
      await confirmIfPaid(tx, part.player.entryId);
      return true;
    },

    /** The desk collects every part still owed of the entry at once (one payment per part): the entry is confirmed. */
    async collectEntry(staff: User, entryId: number, method: DeskMethod) {
      const players = await db.tournamentPlayer.findMany({ where: { entryId }, orderBy: { id: 'asc' } });
      if (players.length === 0) throw notFound(TOURNAMENT_MESSAGES.entryNotFound);
      for (const player of players) await checkouts.refuseIfPaid('tournament_fee', player.id);
      await db.$transaction(async (tx) => {
        // Each player locked in ascending id, the order a withdrawal takes them; the parts already paid are skipped.
        const parts = [];
        for (const player of players) parts.push(await partOf(tx, player.id));
        const owing = parts.filter((part) => part.cents > 0);
        if (owing.length === 0) throw new AppError(409, TOURNAMENT_MESSAGES.deskNothingOwed);
        await auditRow(tx, { entity: 'tournament_entries', id: entryId, action: 'mark-paid' }, async () => {
          for (const { player, cents } of owing) await collectPart(tx, staff, player, cents, method);
          await confirmIfPaid(tx, entryId);
        });
      }, TRANSACTION_OPTIONS);
      return players[0]!.tournamentId;
    },
  };
}
