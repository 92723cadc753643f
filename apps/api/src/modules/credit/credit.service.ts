// Credit (docs/domain.md#credit): a member's money in the centre's keeping, kept in the ledger — one
// account per top-up (refundable where it came from) and one of promotional credit (spendable only).
// Money that comes in (a top-up online or at the desk) is also a completed payment row of kind 'credit',
// so it gets its receipt like any payment; a booking later paid from credit is not money received again.
import { centsToMoney, type api, type BodyOf, type QueryOf, type TCreditCorrections, type TCreditMovement, type TCreditStatement } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Setting, User } from '../../generated/prisma/client.js';
import { conflictOn, Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { formatEuros } from '../../lib/format.js';
import { pagedList, skipTake, type PageRequest } from '../../lib/paging.js';
import { instantInRome, todayInRome } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { accounts, membershipReceivable, available, balancesOf, credit, debit, post, owedOne, settlingLegs, debtOf, INSUFFICIENT_CREDIT, settleDebt, spendingLegs, walletOf } from '../ledger/index.js';
import { isAdmin } from '../auth/index.js';
import { organiserDue, spendCreditOnBooking, lockLiveHold, tellBookingPaid } from '../bookings/index.js';
import type { Checkouts, PaymentTarget, StripeRequests } from '../payments/index.js';
import { MEMBERSHIP_MESSAGES, type MembershipsService, toMyMembershipDto, WITH_PAYMENTS } from '../memberships/index.js';
import { readSettings } from '../settings/index.js';
import { creditMovementEmail, topUpEmail } from './credit.emails.js';
import { createCreditRefunds } from './credit-refunds.js';


export const CREDIT_MESSAGES = {
  notPayable: 'La prenotazione non è più in attesa di pagamento.',
  bookingPaid: 'Prenotazione pagata con il credito.',
  membershipPaid: 'Tessera pagata con il credito: è attiva, il PDF ti arriva per e-mail.',
  ownCorrection: 'Non puoi rettificare il tuo credito: chiedi a un amministratore.',
  aboveLimit: (limit: number) => `Oltre ${formatEuros(limit)} di credito in più la rettifica la fa un amministratore.`,
} as const;

type MovementRow = {
  id: number;
  kind: string;
  phase: string;
  amount: number;
  toCard: boolean;
  description: string | null;
  bookingId: number | null;
  byId: number | null;
  byName: string | null;
  effectiveAt: Date;
};

/** How the member reads an entry that moved their credit. */
const movementKind = (row: Pick<MovementRow, 'kind' | 'phase' | 'amount' | 'toCard'>): TCreditMovement['kind'] => {
  if (row.phase === 'pending') return 'hold';
  switch (row.kind) {
    case 'top_up':
      return 'top_up';
    case 'credit_return':
      return 'returned';
    case 'credit_refund':
      return row.toCard ? 'refund_to_card' : 'cash_refund';
    case 'correction':
      return 'desk_adjustment';
    case 'rain_credit':
      return 'rain_credit';
    case 'stripe_refund':
      return 'stripe_refund';
    case 'refund_failed':
      return 'refund_failed';
    case 'debt_settled':
      return 'debt_settled';
    default:
      return 'payment';
  }
};

const toMovementDto = (row: MovementRow): TCreditMovement => ({
  id: row.id,
  amount: centsToMoney(row.amount),
  kind: movementKind(row),
  pending: row.phase === 'pending',
  reason: row.description,
  by: row.byId !== null ? { id: row.byId, name: row.byName ?? '' } : null,
  booking_id: row.bookingId,
  created_at: row.effectiveAt.toISOString(),
});

/**
 * The entries that moved a member's credit, as movements: their amount on the member's credit accounts
 * (positive adds). Set-aside amounts show while they are set aside; once posted, the posting is the
 * movement; released, neither shows.
 */
const MOVEMENTS = (userId: number) => Prisma.sql`
  SELECT e.id, e.kind::text AS kind, e.phase::text AS phase, -sum(p.amount_cents)::int AS amount,
    EXISTS (SELECT 1 FROM ledger_postings q JOIN ledger_accounts r ON r.id = q.account_id WHERE q.entry_id = e.id AND r.kind = 'refund_payable') AS "toCard",
    coalesce(e.description, pe.description) AS description, coalesce(e.booking_id, pe.booking_id) AS "bookingId",
    u.id AS "byId", u.first_name || ' ' || u.last_name AS "byName", e.effective_at AS "effectiveAt"
  FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id JOIN ledger_entries e ON e.id = p.entry_id
  LEFT JOIN ledger_entries pe ON pe.id = e.pending_id
  LEFT JOIN users u ON u.id = coalesce(e.created_by_id, pe.created_by_id)
  WHERE a.user_id = ${userId} AND a.kind IN ('credit_funded', 'credit_promo')
    AND (e.phase IN ('posted', 'post_pending') OR (e.phase = 'pending' AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.pending_id = e.id)))
  GROUP BY e.id, pe.id, u.id HAVING sum(p.amount_cents) <> 0`;


export function createCreditService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'stripe' | 'logger'>, checkouts: Checkouts, stripeRequests: StripeRequests, activateMembership: MembershipsService['activate']) {
  const { db, jobs, config } = deps;
  const refunds = createCreditRefunds(deps, stripeRequests);

  async function statement(userId: number, page: PageRequest): Promise<TCreditStatement> {
    const { skip, take } = skipTake(page);
    const [wallet, rows, [counted], settings, owed] = await Promise.all([
      walletOf(db, userId),
      db.$queryRaw<MovementRow[]>`${MOVEMENTS(userId)} ORDER BY "effectiveAt" DESC, id DESC LIMIT ${take} OFFSET ${skip}`,
      db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM (${MOVEMENTS(userId)}) movements`,
      readSettings(db),
      debtOf(db, userId),
    ]);
    return {
      ...pagedList(rows.map(toMovementDto), counted?.total ?? 0, page),
      balance: centsToMoney(wallet.balance),
      reserved: centsToMoney(wallet.reserved),
      available: centsToMoney(wallet.available),
      refundable: centsToMoney(wallet.funded),
      owed: centsToMoney(owed),
      ...settingsDto(settings),
    };
  }

  /** The movement an entry made (none when nothing moved), with the balance after it: what a change answers. */
  async function changed(message: string, userId: number, entryId: number | undefined) {
    const [wallet, [row]] = await Promise.all([walletOf(db, userId), db.$queryRaw<MovementRow[]>`SELECT * FROM (${MOVEMENTS(userId)}) m WHERE m.id = ${entryId ?? 0}`]);
    return { message, balance: centsToMoney(wallet.balance), movement: row ? toMovementDto(row) : null };
  }

  /** A member is e-mailed about a movement of their credit they did not make themselves. */
  async function tellMember(tx: Prisma.TransactionClient, userId: number, movement: { kind: TCreditMovement['kind']; amountCents: number; reason: string | null }) {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    const { balance } = await walletOf(tx, userId);
    await jobs.send('send-email', creditMovementEmail(user, movement, balance, `${webOriginOf(config)}/profilo`), { tx });
  }

  async function memberOf(userId: number) {
    const user = await db.user.findUnique({ where: { id: userId } });
    if (!user) throw notFound('Utente non trovato.');
    return user;
  }

  const settingsDto = (settings: Pick<Setting, 'creditTopUpMinCents' | 'creditTopUpMaxCents' | 'creditCorrectionLimitCents'>) => ({
    top_up_min: centsToMoney(settings.creditTopUpMinCents),
    top_up_max: centsToMoney(settings.creditTopUpMaxCents),
    correction_limit: centsToMoney(settings.creditCorrectionLimitCents),
  });

  const overdrawn = conflictOn('ledger_accounts_never_overdrawn', INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });

  /** A completed online top-up credits its amount once, to an account of its own. */
  const paymentTarget: PaymentTarget = {
    async confirm(tx, userId, payment) {
      await post(tx, {
        key: `payment:${payment.id}`,
        kind: 'top_up',
        description: 'Ricarica online',
        userId,
        transactionId: payment.id,
        legs: [debit(accounts.stripe, payment.amountCents), credit(accounts.funded(userId, payment.id), payment.amountCents)],
      });
      await settleDebt(tx, userId, `payment:${payment.id}:debt`, { transactionId: payment.id });
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
      const { available: balance } = await walletOf(tx, userId);
      await jobs.send('send-email', topUpEmail(user, payment.amountCents, balance, `${webOriginOf(config)}/profilo`), { tx });
      return true;
    },
    /** A top-up refunded on Stripe's side takes back the credit it left; what was spent already the member owes. */
    async takenBack(tx, userId, payment, { cents, from, context }) {
      const topUp = accounts.funded(userId, payment.id);
      const left = available((await balancesOf(tx, [topUp.key], { lock: true }))[0]);
      const taken = Math.min(left, cents);
      await post(tx, { ...context, kind: 'stripe_refund', legs: [debit(topUp, taken), debit(accounts.debt(userId), cents - taken), credit(from, cents)] });
      await settleDebt(tx, userId, `${context.key}:debt`, { transactionId: context.transactionId });
    },
  };

  return {
    paymentTarget,

    settings: async () => settingsDto(await readSettings(db)),

    async saveSettings({ top_up_min, top_up_max, correction_limit }: BodyOf<typeof api.credit.saveSettings>) {
      return settingsDto(
        await db.setting.update({ where: { id: 1 }, data: { creditTopUpMinCents: top_up_min, creditTopUpMaxCents: top_up_max, creditCorrectionLimitCents: correction_limit } }),
      );
    },

    /** A live hold paid from credit alone: the organiser's due spent and the booking confirmed together. */
    async payBooking(user: User, bookingId: number) {
      const booking = await db.booking.findUnique({ where: { id: bookingId }, select: { userId: true } });
      if (!booking || booking.userId !== user.id) throw notFound('Prenotazione non trovata.');
      // A card checkout already paid stops this (409); one still open is closed with the payment.
      await checkouts.refuseIfPaid('booking', bookingId);
      const entryId = await db.$transaction(async (tx) => {
        await lockLiveHold(tx, bookingId, CREDIT_MESSAGES.notPayable);
        // Credit set aside for a card checkout is released first, then counted again here.
        await checkouts.closeIn(tx, 'booking', bookingId);
        const due = await organiserDue(tx, bookingId, { lock: true });
        const spent = await spendCreditOnBooking(tx, { id: bookingId, userId: user.id }, due, { key: `booking:${bookingId}:credit:${Date.now()}` });
        if (spent === 'insufficient') throw new AppError(409, INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });
        await tx.booking.update({ where: { id: bookingId }, data: { status: 'confirmed', holdExpiresAt: null } });
        await tellBookingPaid(tx, deps, bookingId, 'credit');
        return spent?.id;
      }, TRANSACTION_OPTIONS);
      return changed(CREDIT_MESSAGES.bookingPaid, user.id, entryId);
    },

    /**
     * The member's own card awaiting payment, paid from credit alone: the debit and the activation (as a
     * card payment activates it: the PDF and its e-mail follow) commit together, under the card's row lock.
     */
    async payMembership(user: User, membershipId: number) {
      const owned = await db.membership.findFirst({ where: { id: membershipId, userId: user.id }, select: { id: true } });
      if (!owned) throw notFound(MEMBERSHIP_MESSAGES.notFound);
      await checkouts.refuseIfPaid('membership', membershipId);
      const entryId = await db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM memberships WHERE id = ${membershipId} FOR UPDATE`;
        await checkouts.closeIn(tx, 'membership', membershipId);
        const membership = await tx.membership.findUniqueOrThrow({ where: { id: membershipId }, include: WITH_PAYMENTS });
        if (toMyMembershipDto(membership, webOriginOf(deps.config)).awaiting !== 'payment') throw new AppError(409, MEMBERSHIP_MESSAGES.notPayable);
        const receivable = membershipReceivable(membershipId);
        const due = await owedOne(tx, receivable.account, { lock: true });
        const legs = spendingLegs(await walletOf(tx, user.id, { lock: true }), due);
        if (!legs) throw new AppError(409, INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });
        const spent = await post(tx, {
          key: `membership:${membershipId}:credit`,
          kind: 'credit_payment',
          description: `Pagamento tessera ${membership.membershipNumber}`,
          userId: user.id,
          membershipId,
          legs: [...legs, ...settlingLegs([{ receivable, cents: due }])],
        });
        await activateMembership(tx, membershipId);
        return spent?.id;
      }, TRANSACTION_OPTIONS);
      return changed(CREDIT_MESSAGES.membershipPaid, user.id, entryId);
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
        cancelPath: '/profilo?pagamento=annullato',
      });
      return { checkout_url: checkoutUrl };
    },

    async show(userId: number, query: QueryOf<typeof api.credit.show>) {
      await memberOf(userId);
      return statement(userId, query);
    },

    /** Money handed over at the desk: a completed payment (its receipt follows) and the credit it buys. */
    async deskTopUp(staff: User, userId: number, { amount, method }: BodyOf<typeof api.credit.deskTopUp>) {
      await memberOf(userId);
      const entryId = await db.$transaction(async (tx) => {
        const payment = await tx.transaction.create({
          data: { kind: 'credit', userId, amountCents: amount, method, status: 'completed', paidAt: new Date(), description: 'Ricarica credito in segreteria' },
        });
        const posted = await post(tx, {
          key: `payment:${payment.id}`,
          kind: 'top_up',
          description: 'Ricarica in segreteria',
          createdById: staff.id,
          userId,
          transactionId: payment.id,
          legs: [debit(accounts.till(method), amount), credit(accounts.funded(userId, payment.id), amount)],
        });
        await settleDebt(tx, userId, `payment:${payment.id}:debt`, { transactionId: payment.id, createdById: staff.id });
        await tellMember(tx, userId, { kind: 'top_up', amountCents: amount, reason: 'Ricarica in segreteria' });
        return posted!.id;
      }, TRANSACTION_OPTIONS);
      return changed('Ricarica registrata.', userId, entryId);
    },

    /**
     * A correction by staff, up or down, always with its reason; never below zero. Adding more than the
     * limit, or correcting one's own credit, is an admin's. Up: promotional credit (never paid out); down:
     * promotional credit first.
     */
    async adjust(staff: User, userId: number, { amount, reason }: BodyOf<typeof api.credit.adjust>) {
      await memberOf(userId);
      const { creditCorrectionLimitCents } = await readSettings(db);
      if (!isAdmin(staff) && staff.id === userId) throw forbidden(CREDIT_MESSAGES.ownCorrection);
      if (!isAdmin(staff) && amount > creditCorrectionLimitCents) throw forbidden(CREDIT_MESSAGES.aboveLimit(creditCorrectionLimitCents));
      const entryId = await db
        .$transaction(async (tx) => {
          let legs;
          if (amount > 0) legs = [debit(accounts.adjustments, amount), credit(accounts.promo(userId), amount)];
          else {
            const wallet = await walletOf(tx, userId, { lock: true });
            const spent = spendingLegs({ ...wallet, accounts: [...wallet.accounts].reverse() }, -amount);
            if (!spent) throw new AppError(409, INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });
            legs = [...spent, credit(accounts.adjustments, -amount)];
          }
          const posted = await post(tx, { key: `correction:${userId}:${Date.now()}:${staff.id}`, kind: 'correction', description: reason, createdById: staff.id, userId, legs });
          await tellMember(tx, userId, { kind: 'desk_adjustment', amountCents: amount, reason });
          return posted!.id;
        }, TRANSACTION_OPTIONS)
        .catch(overdrawn);
      return changed('Rettifica registrata.', userId, entryId);
    },

    /** The corrections of a Rome day, for the dashboard: who, whose, how much and why. */
    async corrections({ date = todayInRome() }: QueryOf<typeof api.credit.corrections>): Promise<TCreditCorrections> {
      const from = instantInRome(date, '00:00');
      const to = instantInRome(date, '24:00');
      const rows = await db.$queryRaw<{ id: number; amount: number; reason: string | null; memberId: number; memberName: string; byId: number | null; byName: string | null; createdAt: Date }[]>`
        SELECT e.id, -sum(p.amount_cents) FILTER (WHERE a.kind IN ('credit_funded', 'credit_promo'))::int AS amount, e.description AS reason,
          m.id AS "memberId", m.first_name || ' ' || m.last_name AS "memberName", s.id AS "byId", s.first_name || ' ' || s.last_name AS "byName", e.created_at AS "createdAt"
        FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
        JOIN users m ON m.id = e.user_id LEFT JOIN users s ON s.id = e.created_by_id
        WHERE e.kind = 'correction' AND e.effective_at >= ${from} AND e.effective_at < ${to}
        GROUP BY e.id, m.id, s.id ORDER BY e.created_at DESC, e.id DESC`;
      const sum = (sign: 1 | -1) => rows.reduce((total, row) => total + (Math.sign(row.amount) === sign ? row.amount : 0), 0);
      return {
        date,
        data: rows.map((row) => ({
          id: row.id,
          member: { id: row.memberId, name: row.memberName },
          amount: centsToMoney(row.amount),
          reason: row.reason,
          by: row.byId !== null ? { id: row.byId, name: row.byName ?? '' } : null,
          created_at: row.createdAt.toISOString(),
        })),
        added: centsToMoney(sum(1)),
        taken: centsToMoney(-sum(-1)),
      };
    },

    /** Credit given back to the card of the online top-ups or in cash (audited; the member is e-mailed). */
    async refund(staff: User, userId: number, body: BodyOf<typeof api.credit.refund>) {
      await memberOf(userId);
      const { message, entryId, cents } = await refunds.refund(staff.id, userId, body);
      await db.$transaction((tx) => tellMember(tx, userId, { kind: body.method === 'card' ? 'refund_to_card' : 'cash_refund', amountCents: -cents, reason: message }), TRANSACTION_OPTIONS);
      return changed(message, userId, entryId);
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
