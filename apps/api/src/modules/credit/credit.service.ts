// Credit (docs/domain.md#credit): every change is a movement in the ledger; the database moves the balance
// with it and refuses one that would take it below zero. Money that comes in (a top-up online or at the
// desk) is also a completed payment row of kind 'credit', so it gets its receipt like any payment; a
// booking later paid from credit is not money received again and gets none.
import { centsToMoney, type api, type BodyOf, type QueryOf, type TCreditMovement, type TCreditStatement } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Booking, CreditMovement, Setting, User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { formatEuros } from '../../lib/format.js';
import { pagedList, skipTake, type PageRequest } from '../../lib/paging.js';
import { isLiveHold } from '../bookings/booking-terms.js';
import { organiserShareCents } from '../booking-players/booking-shares.js';
import type { Checkouts } from '../payments/checkout.js';
import type { PaymentTarget } from '../payments/payments.service.js';
import { MEMBERSHIP_MESSAGES, type MembershipsService } from '../memberships/memberships.service.js';
import { toMyMembershipDto, WITH_PAYMENTS } from '../memberships/memberships.dto.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { readSettings } from '../settings/settings.service.js';
import { balanceOf, createCreditLedger, WITH_AUTHOR } from './credit-ledger.js';
import { createCreditRefunds } from './credit-refunds.js';

type MovementRow = CreditMovement & { createdBy: { id: number; firstName: string; lastName: string } | null };

const toMovementDto = (row: MovementRow): TCreditMovement => ({
  id: row.id,
  amount: centsToMoney(row.amountCents),
  kind: row.kind,
  reason: row.reason,
  by: row.createdBy ? { id: row.createdBy.id, name: `${row.createdBy.firstName} ${row.createdBy.lastName}` } : null,
  booking_id: row.bookingId,
  created_at: row.createdAt.toISOString(),
});

export const CREDIT_MESSAGES = {
  notPayable: 'La prenotazione non è più in attesa di pagamento.',
  bookingPaid: 'Prenotazione pagata con il credito.',
  membershipPaid: 'Tessera pagata con il credito: è attiva, il PDF ti arriva per e-mail.',
} as const;

export function createCreditService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'stripe'>, checkouts: Checkouts, activateMembership: MembershipsService['activate']) {
  const { db } = deps;

  const { move, heldFor, returnBookingPayment } = createCreditLedger(deps);
  const refunds = createCreditRefunds(deps, { move });

  async function statement(userId: number, page: PageRequest): Promise<TCreditStatement> {
    const [balanceCents, rows, total, settings] = await Promise.all([
      balanceOf(db, userId),
      db.creditMovement.findMany({ where: { userId }, include: WITH_AUTHOR, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...skipTake(page) }),
      db.creditMovement.count({ where: { userId } }),
      readSettings(db),
    ]);
    return {
      ...pagedList(rows.map(toMovementDto), total, page),
      balance: centsToMoney(balanceCents),
      ...settingsDto(settings),
    };
  }

  async function memberOf(userId: number) {
    const user = await db.user.findUnique({ where: { id: userId } });
    if (!user) throw notFound('Utente non trovato.');
    return user;
  }

  const settingsDto = (settings: Pick<Setting, 'creditTopUpMinCents' | 'creditTopUpMaxCents'>) => ({
    top_up_min: centsToMoney(settings.creditTopUpMinCents),
    top_up_max: centsToMoney(settings.creditTopUpMaxCents),
  });

  const changed = (message: string, { movement, balanceCents }: Awaited<ReturnType<typeof move>>) => ({
    message,
    balance: centsToMoney(balanceCents),
    movement: toMovementDto(movement),
  });

  /** A completed online top-up credits its amount once: the payment row may carry one movement only. */
  const paymentTarget: PaymentTarget = {
    async confirm(tx, userId, payment) {
      const credited = await tx.creditMovement.findUnique({ where: { transactionId: payment.id } });
      if (!credited) await move(tx, { userId, amountCents: payment.amountCents, kind: 'top_up', reason: 'Ricarica online', transactionId: payment.id, createdById: null, byMember: true });
      return true;
    },
  };

  return {
    paymentTarget,
    returnBookingPayment,

    settings: async () => settingsDto(await readSettings(db)),

    async saveSettings({ top_up_min, top_up_max }: BodyOf<typeof api.credit.saveSettings>) {
      return settingsDto(await db.setting.update({ where: { id: 1 }, data: { creditTopUpMinCents: top_up_min, creditTopUpMaxCents: top_up_max } }));
    },

    /** A live hold paid from credit alone: the debit and the confirmation commit together. */
    async payBooking(user: User, bookingId: number) {
      const booking = await db.booking.findUnique({ where: { id: bookingId }, select: { userId: true } });
      if (!booking || booking.userId !== user.id) throw notFound('Prenotazione non trovata.');
      // A card checkout still open is closed first; one already paid stops this (409).
      await checkouts.closeOpenSessions('booking', bookingId);
      const result = await db.$transaction(async (tx) => {
        const [held] = await tx.$queryRaw<{ status: Booking['status']; holdExpiresAt: Date | null; priceCents: number }[]>`
          SELECT status, hold_expires_at AS "holdExpiresAt", price_cents AS "priceCents" FROM bookings WHERE id = ${bookingId} FOR UPDATE`;
        if (!held || !isLiveHold(held, new Date())) throw new AppError(409, CREDIT_MESSAGES.notPayable);
        // Credit set aside for a card's rest that was never paid counts towards what is due: with other
        // players, the organiser's own share.
        const setAside = await heldFor(tx, { id: bookingId, userId: user.id });
        const dueCents = await organiserShareCents(tx, { id: bookingId, priceCents: held.priceCents });
        const moved = await move(tx, { userId: user.id, amountCents: setAside - dueCents, kind: 'payment', reason: 'Pagamento prenotazione', bookingId, transactionId: null, createdById: null, byMember: true });
        await tx.booking.update({ where: { id: bookingId }, data: { status: 'confirmed', holdExpiresAt: null } });
        return moved;
      }, TRANSACTION_OPTIONS);
      return changed(CREDIT_MESSAGES.bookingPaid, result);
    },

    /**
     * The member's own card awaiting payment, paid from credit alone: the debit and the activation (as a
     * card payment activates it: the PDF and its e-mail follow) commit together, under the card's row lock.
     */
    async payMembership(user: User, membershipId: number) {
      const owned = await db.membership.findFirst({ where: { id: membershipId, userId: user.id }, select: { id: true } });
      if (!owned) throw notFound(MEMBERSHIP_MESSAGES.notFound);
      const result = await db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM memberships WHERE id = ${membershipId} FOR UPDATE`;
        // Under the card's lock, so two requests never close the same session: a card checkout still open
        // is closed first; one already paid stops this (409).
        await checkouts.closeOpenSessions('membership', membershipId, tx);
        const membership = await tx.membership.findUniqueOrThrow({ where: { id: membershipId }, include: WITH_PAYMENTS });
        if (toMyMembershipDto(membership, webOriginOf(deps.config)).awaiting !== 'payment') throw new AppError(409, MEMBERSHIP_MESSAGES.notPayable);
        const moved = await move(tx, {
          userId: user.id, amountCents: -membership.priceCents, kind: 'payment', reason: `Pagamento tessera ${membership.membershipNumber}`,
          membershipId, transactionId: null, createdById: null, byMember: true,
        });
        await activateMembership(tx, membershipId);
        return moved;
      }, TRANSACTION_OPTIONS);
      return changed(CREDIT_MESSAGES.membershipPaid, result);
    },

    mine: (user: User, query: QueryOf<typeof api.credit.mine>) => statement(user.id, query),

    async topUp(user: User, { amount }: BodyOf<typeof api.credit.topUp>) {
      const settings = await readSettings(db);
      if (amount < settings.creditTopUpMinCents || amount > settings.creditTopUpMaxCents) {
        const message = `Puoi ricaricare da ${formatEuros(settings.creditTopUpMinCents)} a ${formatEuros(settings.creditTopUpMaxCents)}.`;
        throw new AppError(422, message, { amount: [message] });
      }
      const checkoutUrl = await checkouts.open({
        kind: 'credit',
        targetId: user.id,
        customer: user,
        amountCents: amount,
        itemName: `Ricarica credito ${formatEuros(amount)}`,
        cancelPath: '/profilo',
      });
      return { checkout_url: checkoutUrl };
    },

    async show(userId: number, query: QueryOf<typeof api.credit.show>) {
      await memberOf(userId);
      return statement(userId, query);
    },

    /** Money handed over at the desk: a completed payment (its receipt follows) and the movement it buys. */
    async deskTopUp(staff: User, userId: number, { amount, method }: BodyOf<typeof api.credit.deskTopUp>) {
      await memberOf(userId);
      const result = await db.$transaction(async (tx) => {
        const payment = await tx.transaction.create({
          data: { kind: 'credit', userId, amountCents: amount, method, status: 'completed', paidAt: new Date(), description: 'Ricarica credito in segreteria' },
        });
        return move(tx, { userId, amountCents: amount, kind: 'top_up', reason: 'Ricarica in segreteria', transactionId: payment.id, createdById: staff.id, byMember: false });
      }, TRANSACTION_OPTIONS);
      return changed('Ricarica registrata.', result);
    },

    /** A correction by staff, up or down, always with its reason; never below zero. */
    async adjust(staff: User, userId: number, { amount, reason }: BodyOf<typeof api.credit.adjust>) {
      await memberOf(userId);
      const result = await db.$transaction(
        (tx) => move(tx, { userId, amountCents: amount, kind: 'desk_adjustment', reason, transactionId: null, bookingId: null, createdById: staff.id, byMember: false }),
        TRANSACTION_OPTIONS,
      );
      return changed('Rettifica registrata.', result);
    },

    /** Credit given back to the card of the online top-ups or in cash (audited; the member is e-mailed). */
    async refund(staff: User, userId: number, body: BodyOf<typeof api.credit.refund>) {
      await memberOf(userId);
      const { message, ...result } = await refunds.refund(staff.id, userId, body);
      return changed(message, result);
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
