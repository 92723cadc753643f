// Memberships back-office (docs/screens.md#memberships-screen): list, stats, cards
// waiting for activation, activation, deletion, linking a Stripe payment by hand, and cards made or
// corrected at the desk. Every rule the screen applies is applied here again.
import { randomBytes } from 'node:crypto';
import { type api, type BodyOf, centsToMoney, MEMBERSHIP_TYPES, type QueryOf, type TAdminMembership, type TMembershipStats } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Transaction, User } from '../../generated/prisma/client.js';
import { isUniqueViolation, Prisma, readRows, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { fromIsoDate, toIsoDateOrNull } from '../../lib/time.js';
import { isAdmin, newEmailToken } from '../auth/index.js';
import { releaseCoupon } from '../coupons/index.js';
import { liabilities, revenueTotals } from '../finance/index.js';
import { type Checkouts, requireStripe } from '../payments/index.js';
import { accounts, membershipReceivable, moneyAccount, payment as paymentEntry, writeOff } from '../ledger/index.js';
import { fiscalCodeProblem } from './fiscal-code.js';
import { BACK_OFFICE_CARD_JSON, backOfficeCardOfJson, toAdminMembershipDto, toBackOfficeMembershipDto, WITH_HOLDER } from './memberships.dto.js';
import { invitationEmail } from './memberships.emails.js';
import { MEMBERSHIP_MESSAGES, rethrowOverlap, type MembershipsService } from './memberships.service.js';

type Routes = typeof api.adminMemberships;
type ListQuery = QueryOf<Routes['list']>;
type DeskBody = BodyOf<Routes['create']>;

export const ADMIN_MEMBERSHIP_MESSAGES = {
  notPending: 'Questa tessera non è in attesa di attivazione.',
  activated: (number: string) => `Tessera ${number} attivata con successo!`,
  deleted: (number: string) =>
    `Tessera ${number} eliminata. I suoi pagamenti restano registrati nei conti (un eventuale rimborso si fa dalle transazioni) e i pagamenti online ancora aperti sono stati chiusi.`,
  linked: 'Pagamento collegato con successo!',
  paymentUnknown: 'Nessun pagamento Stripe con questo ID.',
  paymentNotSucceeded: (status: string) => `Il pagamento non è andato a buon fine su Stripe (stato: ${status}): non si può collegare.`,
  paymentCurrency: (currency: string) => `Il pagamento è in ${currency.toUpperCase()}, non in euro: non si può collegare.`,
  paymentAmount: (paid: string, expected: string) => `Il pagamento su Stripe è di € ${paid}, la tessera costa € ${expected}: gli importi devono coincidere.`,
  amountMismatch: (paid: string) => `L’importo indicato non corrisponde al pagamento su Stripe (€ ${paid}).`,
  paymentLinked: 'Questo pagamento è già collegato a una tessera o a una prenotazione.',
  created: (number: string) => `Tessera ${number} creata e attivata.`,
  updated: (number: string) => `Tessera ${number} aggiornata.`,
  emailTaken: 'Esiste già un account con questo indirizzo e-mail: cercalo tra i tesserati esistenti.',
  holderUnknown: 'Tesserato non trovato.',
} as const;

/** A member created at the desk has a week to choose a password (a reset link lasts an hour). */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const SORT_COLUMNS: Record<ListQuery['sort_by'], string> = {
  created_at: 'm.created_at',
  membership_number: 'm.membership_number',
  start_date: 'm.start_date',
  end_date: 'm.end_date',
  status: 'm.status',
  type: 'm.type',
};

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The WHERE of the list over `memberships m`. The free-text search is a union of two index scans
 * (trigram indexes on the number and on the holder's name and e-mail): one OR across both tables
 * would read every card.
 */
export function membershipListFilter(query: Pick<ListQuery, 'search' | 'status' | 'type' | 'bvu_status'>): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (query.status) conditions.push(Prisma.sql`m.status = ${query.status}::membership_status`);
  if (query.type) conditions.push(Prisma.sql`m.type = ${query.type}::membership_type`);
  if (query.bvu_status) conditions.push(Prisma.sql`m.is_bvu_member = ${query.bvu_status === 'bvu'}`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(Prisma.sql`m.id IN (
      SELECT id FROM memberships WHERE membership_number ILIKE ${pattern}
      UNION
      SELECT held.id FROM users u JOIN memberships held ON held.user_id = u.id WHERE (u.first_name || ' ' || u.last_name || ' ' || u.email) ILIKE ${pattern})`);
  }
  return conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

export function createAdminMembershipsService(deps: Pick<AppDeps, 'db' | 'config' | 'jobs' | 'stripe'>, memberships: MembershipsService, checkouts: Checkouts) {
  const { db, jobs, config } = deps;

  async function find(id: number) {
    const membership = await db.membership.findUnique({ where: { id }, include: WITH_HOLDER });
    if (!membership) throw notFound(MEMBERSHIP_MESSAGES.notFound);
    return membership;
  }
  const load = async (id: number): Promise<TAdminMembership> => toAdminMembershipDto(await find(id));

  /** The desk activates a pending card (404 for none, 409 for a card that is not pending). */
  async function activateIn(tx: Prisma.TransactionClient, id: number, sendEmail: boolean) {
    if (await memberships.activate(tx, id, sendEmail)) return;
    if (!(await tx.membership.findUnique({ where: { id }, select: { id: true } }))) throw notFound(MEMBERSHIP_MESSAGES.notFound);
    throw new AppError(409, ADMIN_MEMBERSHIP_MESSAGES.notPending);
  }

  /** A payment recorded at the desk pays what the card owes (money in by its method). */
  async function payCard(tx: Prisma.TransactionClient, payment: Transaction, membershipId: number, userId: number) {
    await paymentEntry(tx, `payment:${payment.id}`, moneyAccount(payment.method), [{ receivable: membershipReceivable(membershipId), cents: payment.amountCents }], {
      membershipId,
      userId,
      transactionId: payment.id,
      description: payment.description,
    });
  }

  /** The holder of a desk card: an existing member, or a new account with an invitation to set a password. */
  async function holderFor(tx: Prisma.TransactionClient, body: DeskBody): Promise<Pick<User, 'id' | 'birthDate'>> {
    if (body.user_id) {
      const user = await tx.user.findUnique({ where: { id: body.user_id } });
      if (!user) throw invalid({ user_id: [ADMIN_MEMBERSHIP_MESSAGES.holderUnknown] });
      return user;
    }
    const fresh = body.new_user!;
    const user = await tx.user
      .create({
        data: {
          firstName: fresh.first_name,
          lastName: fresh.last_name,
          email: fresh.email,
          phone: fresh.phone,
          birthDate: fromIsoDate(fresh.birth_date),
          // Nobody knows this password: the member chooses one from the invitation.
          passwordHash: await hashPassword(randomBytes(32).toString('base64url'), config.BCRYPT_COST),
          emailVerifiedAt: new Date(),
        },
      })
      .catch((error: unknown) => {
        // The only unique key of users is the e-mail.
        if (isUniqueViolation(error)) throw invalid({ 'new_user.email': [ADMIN_MEMBERSHIP_MESSAGES.emailTaken] });
        throw error;
      });
    const { token, hash } = newEmailToken();
    await tx.userToken.create({ data: { userId: user.id, purpose: 'password_reset', tokenHash: hash, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) } });
    await jobs.send('send-email', invitationEmail(user, `${config.WEB_ORIGIN}/reset-password?token=${token}`), { tx });
    return user;
  }

  /** The birth date the rules check: the member's, or the new member's. */
  async function birthDateOf(body: DeskBody): Promise<Pick<User, 'birthDate'>> {
    if (body.new_user) return { birthDate: fromIsoDate(body.new_user.birth_date) };
    const user = await db.user.findUnique({ where: { id: body.user_id! }, select: { birthDate: true } });
    if (!user) throw invalid({ user_id: [ADMIN_MEMBERSHIP_MESSAGES.holderUnknown] });
    return user;
  }

  /** A Stripe PaymentIntent that may pay `priceCents`: succeeded, in euros, of that amount, not yet recorded. */
  async function verifiedPaymentIntent(paymentIntentId: string, priceCents: number, typedCents?: number) {
    const stripe = requireStripe(deps.stripe);
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId).catch((error: { code?: string }) => {
      if (error.code === 'resource_missing') throw invalid({ stripe_payment_id: [ADMIN_MEMBERSHIP_MESSAGES.paymentUnknown] });
      throw error;
    });
    const paid = centsToMoney(intent.amount_received || intent.amount);
    if (intent.status !== 'succeeded') throw invalid({ stripe_payment_id: [ADMIN_MEMBERSHIP_MESSAGES.paymentNotSucceeded(intent.status)] });
    if (intent.currency !== 'eur') throw invalid({ stripe_payment_id: [ADMIN_MEMBERSHIP_MESSAGES.paymentCurrency(intent.currency)] });
    if (typedCents !== undefined && typedCents !== intent.amount_received) throw invalid({ amount: [ADMIN_MEMBERSHIP_MESSAGES.amountMismatch(paid)] });
    if (intent.amount_received !== priceCents) throw invalid({ amount: [ADMIN_MEMBERSHIP_MESSAGES.paymentAmount(paid, centsToMoney(priceCents))] });
    if (await db.transaction.findUnique({ where: { stripePaymentIntentId: intent.id }, select: { id: true } })) throw new AppError(409, ADMIN_MEMBERSHIP_MESSAGES.paymentLinked);
    return intent;
  }

  const rethrowLinked = (error: unknown): never => {
    // The payment row written here can only clash on its payment intent.
    if (isUniqueViolation(error)) throw new AppError(409, ADMIN_MEMBERSHIP_MESSAGES.paymentLinked);
    throw error;
  };

  return {
    async list(viewer: User, query: ListQuery) {
      const where = membershipListFilter(query);
      const order = Prisma.raw(`${SORT_COLUMNS[query.sort_by]} ${query.sort_order}, m.id ${query.sort_order}`);
      const { skip, take } = skipTake(query);
      // Two statements side by side on two connections, so the request waits for the slower one only:
      // the count, and the page's rows in one round trip, read through the filter's index with each
      // card's holder and latest payment, built as JSON by PostgreSQL in the page's order. Read past
      // Prisma's client (readRows): the desk's busiest list.
      const [[counted], [page]] = await Promise.all([
        readRows<{ total: number }>(db, Prisma.sql`SELECT count(*)::int AS total FROM memberships m ${where}`),
        readRows<{ cards: Parameters<typeof backOfficeCardOfJson>[0][] }>(
          db,
          Prisma.sql`
          SELECT coalesce(json_agg(page.card ORDER BY page.position), '[]'::json) AS cards FROM (
            SELECT row_number() OVER (ORDER BY ${order}) AS position, ${BACK_OFFICE_CARD_JSON} AS card
            FROM memberships m JOIN users u ON u.id = m.user_id
            LEFT JOIN LATERAL (
              SELECT * FROM transactions t WHERE t.membership_id = m.id AND t.type = 'payment' ORDER BY t.created_at DESC LIMIT 1
            ) t ON true
            ${where} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}) page`,
        ),
      ]);
      return pagedList(
        page!.cards.map((card) => toBackOfficeMembershipDto(backOfficeCardOfJson(card), viewer)),
        counted!.total,
        query,
      );
    },

    async stats(viewer: User): Promise<TMembershipStats> {
      const [byType, active] = await Promise.all([db.membership.groupBy({ by: ['type'], _count: { _all: true } }), db.membership.count({ where: { status: 'active' } })]);
      const counts = Object.fromEntries(MEMBERSHIP_TYPES.map((type) => [type, byType.find((row) => row.type === type)?._count._all ?? 0])) as TMembershipStats['by_type'];
      return {
        total: byType.reduce((sum, row) => sum + row._count._all, 0),
        active,
        by_type: counts,
        revenue: isAdmin(viewer) ? await revenue() : null,
        liabilities: isAdmin(viewer) ? await liabilities(db) : null,
      };
    },

    async orphaned() {
      const pending = await db.membership.findMany({
        where: { status: 'pending', NOT: { transactions: { some: { type: 'payment', status: 'completed' } } } },
        include: WITH_HOLDER,
        orderBy: { createdAt: 'asc' },
      });
      return { memberships: pending.map(toAdminMembershipDto) };
    },

    show: async (viewer: User, id: number) => toBackOfficeMembershipDto(await find(id), viewer),

    pdf: async (id: number) => memberships.pdfFile(await find(id)),

    async activate(id: number, sendEmail: boolean) {
      await db.$transaction((tx) => activateIn(tx, id, sendEmail), TRANSACTION_OPTIONS);
      const membership = await load(id);
      return { message: ADMIN_MEMBERSHIP_MESSAGES.activated(membership.membership_number), membership };
    },

    /**
     * Irreversible. Payments stay in the accounts (their rows keep the kind, the card link becomes
     * empty); open Stripe sessions are closed first, and a payment that still arrives for the deleted
     * card is refunded automatically. A coupon use is given back when the card was never paid.
     */
    async remove(id: number) {
      const membership = await find(id);
      await checkouts.refuseIfPaid('membership', id);
      await db.$transaction(async (tx) => {
        // Locks in the order a payment's confirmation takes them: its payment rows, the card, what it owes.
        await checkouts.closeIn(tx, 'membership', id);
        const paid = await tx.transaction.count({ where: { membershipId: id, type: 'payment', status: { in: ['completed', 'partially_refunded'] } } });
        const deleted = await tx.membership.deleteMany({ where: { id } });
        if (deleted.count === 0) throw notFound(MEMBERSHIP_MESSAGES.notFound);
        // What it still owes is no longer owed; what was paid stays in the books.
        await writeOff(tx, `membership:${id}:deleted`, [accounts.membership(id)], { membershipId: id, userId: membership.userId, description: `Tessera ${membership.membershipNumber} eliminata` });
        if (membership.couponId && paid === 0 && membership.status !== 'active') await releaseCoupon(tx, membership.couponId);
      }, TRANSACTION_OPTIONS);
      return { message: ADMIN_MEMBERSHIP_MESSAGES.deleted(membership.membershipNumber) };
    },

    async linkStripePayment(id: number, body: BodyOf<Routes['linkStripePayment']>) {
      const membership = await find(id);
      if (membership.status !== 'pending') throw new AppError(409, ADMIN_MEMBERSHIP_MESSAGES.notPending);
      const intent = await verifiedPaymentIntent(body.stripe_payment_id, membership.priceCents, body.amount);
      await db
        .$transaction(async (tx) => {
          await activateIn(tx, id, true);
          const payment = await tx.transaction.create({
            data: {
              kind: 'membership',
              userId: membership.userId,
              membershipId: id,
              amountCents: intent.amount_received,
              method: 'stripe',
              status: 'completed',
              stripePaymentIntentId: intent.id,
              description: `Tessera ${membership.membershipNumber} (pagamento collegato a mano)`,
              paidAt: new Date(intent.created * 1000),
            },
          });
          await payCard(tx, payment, id, membership.userId);
        }, TRANSACTION_OPTIONS)
        .catch(rethrowLinked);
      return { message: ADMIN_MEMBERSHIP_MESSAGES.linked, membership: await load(id) };
    },

    async quote(body: DeskBody) {
      return (await memberships.price(await birthDateOf(body), body)).quote;
    },

    /** A card made at the desk: priced by the same rules, active at once, its payment recorded. */
    async createAtDesk(body: DeskBody) {
      const card = await memberships.price(await birthDateOf(body), body);
      const { method, stripe_payment_id: paymentIntentId } = body.payment;
      const intent = method === 'stripe' ? await verifiedPaymentIntent(paymentIntentId!, card.priceCents) : null;
      const membershipNumber = await memberships.nextMembershipNumber(card);
      const created = await db
        .$transaction(async (tx) => {
          const holder = await holderFor(tx, body);
          const membership = await memberships.insertCard(tx, holder.id, body, card, { membershipNumber, status: 'active', activatedAt: new Date(), notes: body.notes ?? null });
          if (card.priceCents > 0) {
            const payment = await tx.transaction.create({
              data: {
                kind: 'membership',
                userId: holder.id,
                membershipId: membership.id,
                amountCents: card.priceCents,
                method,
                status: 'completed',
                stripePaymentIntentId: intent?.id ?? null,
                description: `Tessera ${membership.membershipNumber} (segreteria)`,
                paidAt: intent ? new Date(intent.created * 1000) : new Date(),
              },
            });
            await payCard(tx, payment, membership.id, holder.id);
          }
          await jobs.send('membership-activated', { membershipId: membership.id }, { tx });
          return membership;
        }, TRANSACTION_OPTIONS)
        .catch(rethrowOverlap)
        .catch(rethrowLinked);
      return { message: ADMIN_MEMBERSHIP_MESSAGES.created(created.membershipNumber), membership: await load(created.id) };
    },

    async update(id: number, body: BodyOf<Routes['update']>) {
      const membership = await find(id);
      const fiscalCodeError = fiscalCodeProblem(body.fiscal_code, toIsoDateOrNull(membership.user.birthDate));
      if (fiscalCodeError) throw invalid({ fiscal_code: [fiscalCodeError] });
      const updated = await db.membership
        .update({
          where: { id },
          data: {
            type: body.type,
            startDate: fromIsoDate(body.start_date),
            endDate: fromIsoDate(body.end_date),
            fiscalCode: body.fiscal_code,
            hasInsurance: body.has_insurance,
            notes: body.notes,
            // The card's PDF shows these fields: made again on next download.
            pdfPath: null,
          },
        })
        .catch(rethrowOverlap);
      return { message: ADMIN_MEMBERSHIP_MESSAGES.updated(updated.membershipNumber), membership: await load(id) };
    },
  };

  /** All-time income by source and expenses, net of refunds: the finance module's one computation. */
  async function revenue(): Promise<NonNullable<TMembershipStats['revenue']>> {
    const { membership, booking, extra, expenses } = await revenueTotals(db);
    return {
      membership_income: centsToMoney(membership),
      booking_income: centsToMoney(booking),
      extra_income: centsToMoney(extra),
      total_income: centsToMoney(membership + booking + extra),
      total_expenses: centsToMoney(expenses),
    };
  }
}

export type AdminMembershipsService = ReturnType<typeof createAdminMembershipsService>;
