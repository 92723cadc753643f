// Carnets (docs/domain.md#carnets): the admin's products, the desk's sale (a completed payment of kind
// 'carnet', so it gets its receipt) and a booking paid with one use. A use is taken by one atomic
// decrement that needs a use left (and the CHECK keeps uses_left >= 0): concurrent payments queue on the
// carnet's row, so a carnet of 3 uses pays 3 bookings, never 4.
import { centsToMoney, type api, type BodyOf, type TCarnet, type TCarnetProduct } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Booking, Carnet, CarnetProduct, Prisma, Transaction, User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { fromIsoDate, todayInRome, toIsoDate } from '../../lib/time.js';
import { bandOf, lockLiveHold, owedParts, closeCheckoutsOf } from '../bookings/index.js';
import { accounts, moneyAccount, available, balancesOf, credit, debit, post, INSUFFICIENT_CREDIT, settleDebt, spendingLegs, walletOf, earnExpiredCarnets, spendUse } from '../ledger/index.js';
import type { Checkouts, PaymentTarget } from '../payments/index.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { carnetBoughtEmail } from './carnets.emails.js';

export const CARNET_MESSAGES = {
  productNotFound: 'Carnet non trovato.',
  unknownCourts: 'Uno o più campi non esistono o non sono prenotabili.',
  notOnSale: 'Questo carnet non è in vendita o è scaduto.',
  sold: 'Carnet venduto.',
  boughtWithCredit: 'Carnet acquistato con il tuo credito: puoi già usarlo.',
  notPayable: 'La prenotazione non è più in attesa di pagamento.',
  noneUsable: 'Non hai un carnet valido con ingressi rimasti: è scaduto o esaurito.',
  notCovered: 'Nessuno dei tuoi carnet copre questa prenotazione (fascia o campo diversi).',
  usedUp: 'Il carnet non ha più ingressi.',
  bookingPaid: 'La tua quota è pagata con un ingresso del carnet: gli altri giocatori pagano la loro.',
  bookingPaidCourt: 'Campo pagato con un ingresso del carnet: vale per tutti i giocatori.',
} as const;

type CarnetRow = Carnet & { product: CarnetProduct };

const toProductDto = (product: CarnetProduct): TCarnetProduct => ({
  id: product.id,
  name: product.name,
  uses: product.uses,
  band: product.band,
  covers: product.covers,
  court_ids: product.courtIds,
  price: centsToMoney(product.priceCents),
  valid_from: toIsoDate(product.validFrom),
  valid_until: toIsoDate(product.validUntil),
  is_active: product.isActive,
});

const toCarnetDto = (carnet: CarnetRow, today: string): TCarnet => ({
  id: carnet.id,
  product: { id: carnet.product.id, name: carnet.product.name, band: carnet.product.band, covers: carnet.product.covers, court_ids: carnet.product.courtIds },
  uses_total: carnet.usesTotal,
  uses_left: carnet.usesLeft,
  valid_from: toIsoDate(carnet.validFrom),
  valid_until: toIsoDate(carnet.validUntil),
  usable: toIsoDate(carnet.validUntil) >= today,
  created_at: carnet.createdAt.toISOString(),
});

/** Whether the carnet's product covers this booking: its band (or any) and its courts (or all). */
const covers = (product: CarnetProduct, booking: Pick<Booking, 'courtId' | 'startsAt' | 'endsAt'>) =>
  (product.band === 'any' || product.band === bandOf(booking)) && (product.courtIds.length === 0 || product.courtIds.includes(booking.courtId));

/** A product already called "Carnet …" is not called "Carnet Carnet …" on the receipt and in the books. */
const carnetTitle = (name: string) => (/^carnet\b/i.test(name) ? name : `Carnet ${name}`);

export function createCarnetsService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts) {
  const { db } = deps;
  const productData = async (body: BodyOf<typeof api.carnets.createProduct>): Promise<Prisma.CarnetProductUncheckedCreateInput> => {
    const courtIds = [...new Set(body.court_ids)].sort((a, b) => a - b);
    const bookable = await db.court.count({ where: { id: { in: courtIds }, purpose: 'bookable' } });
    if (bookable !== courtIds.length) throw invalid({ court_ids: [CARNET_MESSAGES.unknownCourts] });
    return {
      name: body.name,
      uses: body.uses,
      band: body.band,
      covers: body.covers,
      courtIds,
      priceCents: body.price,
      validFrom: fromIsoDate(body.valid_from),
      validUntil: fromIsoDate(body.valid_until),
      isActive: body.is_active,
    };
  };

  /** A product on sale today: switched on and not past its last day. */
  async function productOnSale(productId: number, today: string) {
    const product = await db.carnetProduct.findUnique({ where: { id: productId } });
    if (!product || !product.isActive || toIsoDate(product.validUntil) < today) throw invalid({ product_id: [CARNET_MESSAGES.notOnSale] });
    return product;
  }

  const newCarnet = (tx: Prisma.TransactionClient, product: CarnetProduct, userId: number, origin: { transactionId: number | null; createdById: number | null }) =>
    tx.carnet.create({
      data: { userId, productId: product.id, usesTotal: product.uses, usesLeft: product.uses, validFrom: product.validFrom, validUntil: product.validUntil, ...origin },
      include: { product: true },
    });

  /** The member is told their carnet is theirs (bought online, by card or credit), once: queued with it. */
  const tellBought = (tx: Prisma.TransactionClient, user: { email: string; firstName: string }, carnet: CarnetRow, paidWith: 'card' | 'credit') =>
    deps.jobs.send('send-email', carnetBoughtEmail(user, toCarnetDto(carnet, todayInRome()), paidWith, `${webOriginOf(deps.config)}/profilo`), { tx });

  /**
   * The carnet a completed payment buys, with the product's uses and validity as they are now, and the
   * money received owed back as its uses (the carnet's account holds it).
   */
  async function issue(tx: Prisma.TransactionClient, product: CarnetProduct, userId: number, payment: Transaction, createdById: number | null) {
    const carnet = await newCarnet(tx, product, userId, { transactionId: payment.id, createdById });
    await post(tx, {
      key: `payment:${payment.id}`,
      kind: 'carnet_sale',
      description: payment.description,
      createdById,
      userId,
      carnetId: carnet.id,
      transactionId: payment.id,
      legs: [debit(moneyAccount(payment.method), payment.amountCents), credit(accounts.carnet(carnet.id, userId), payment.amountCents)],
    });
    return carnet;
  }

  /** A completed online purchase makes its carnet once: the payment may carry one carnet only. */
  const paymentTarget: PaymentTarget = {
    async confirm(tx, userId, payment) {
      if (await tx.carnet.findUnique({ where: { transactionId: payment.id } })) return true;
      const product = payment.carnetProductId === null ? null : await tx.carnetProduct.findUnique({ where: { id: payment.carnetProductId } });
      if (!product) return false;
      const carnet = await issue(tx, product, userId, payment, null);
      await tellBought(tx, await tx.user.findUniqueOrThrow({ where: { id: userId } }), carnet, 'card');
      return true;
    },

    /**
     * A carnet's payment refunded on Stripe's side takes back the value it still holds, and the uses that
     * value no longer pays for; what was already used the member owes.
     */
    async takenBack(tx, userId, payment, { cents, from, context }) {
      const carnet = await tx.carnet.findUnique({ where: { transactionId: payment.id } });
      if (!carnet) {
        await post(tx, { ...context, kind: 'stripe_refund', legs: [debit(accounts.debt(userId), cents), credit(from, cents)] });
        await settleDebt(tx, userId, `${context.key}:debt`, { transactionId: context.transactionId });
        return;
      }
      const account = accounts.carnet(carnet.id, userId);
      const left = available((await balancesOf(tx, [account.key], { lock: true }))[0]);
      const taken = Math.min(left, cents);
      await post(tx, { ...context, kind: 'stripe_refund', carnetId: carnet.id, legs: [debit(account, taken), debit(accounts.debt(userId), cents - taken), credit(from, cents)] });
      await settleDebt(tx, userId, `${context.key}:debt`, { transactionId: context.transactionId });
      // The uses left are those the value left still pays in full.
      const perUse = Math.floor(payment.amountCents / carnet.usesTotal);
      const usable = perUse === 0 ? 0 : Math.floor((left - taken) / perUse);
      if (usable < carnet.usesLeft) await tx.carnet.update({ where: { id: carnet.id }, data: { usesLeft: usable } });
    },
  };

  const carnetsOf = async (userId: number) => {
    const rows = await db.carnet.findMany({ where: { userId }, include: { product: true }, orderBy: [{ validUntil: 'desc' }, { id: 'desc' }] });
    const today = todayInRome();
    return { data: rows.map((row) => toCarnetDto(row, today)) };
  };

  return {
    paymentTarget,

    /** Job (daily): expired carnets earn what they still hold. */
    earnExpired: () => earnExpiredCarnets(db),

    async onSale() {
      const today = fromIsoDate(todayInRome());
      const rows = await db.carnetProduct.findMany({ where: { isActive: true, validUntil: { gte: today }, priceCents: { gt: 0 } }, orderBy: [{ priceCents: 'asc' }, { id: 'asc' }] });
      return { data: rows.map(toProductDto) };
    },

    async buy(user: User, { product_id }: BodyOf<typeof api.carnets.buy>) {
      const product = await productOnSale(product_id, todayInRome());
      // A free carnet has nothing to pay online: the desk gives it.
      if (product.priceCents === 0) throw invalid({ product_id: [CARNET_MESSAGES.notOnSale] });
      const checkoutUrl = await checkouts.open({
        kind: 'carnet',
        targetId: user.id,
        customer: user,
        amountCents: product.priceCents,
        itemName: carnetTitle(product.name),
        cancelPath: '/profilo?pagamento=annullato',
        carnetProductId: product.id,
      });
      return { checkout_url: checkoutUrl };
    },

    /**
     * Bought with the member's credit, all of it: the wallet is locked while read, the carnet made and its
     * value moved from the credit to the carnet's account in one entry (no money comes in, so no receipt:
     * the top-up's receipt covers it).
     */
    async payWithCredit(user: User, { product_id }: BodyOf<typeof api.carnets.payWithCredit>) {
      const product = await productOnSale(product_id, todayInRome());
      if (product.priceCents === 0) throw invalid({ product_id: [CARNET_MESSAGES.notOnSale] });
      const carnet = await db.$transaction(async (tx) => {
        const legs = spendingLegs(await walletOf(tx, user.id, { lock: true }), product.priceCents);
        if (!legs) throw new AppError(409, INSUFFICIENT_CREDIT, { product_id: [INSUFFICIENT_CREDIT] });
        const made = await newCarnet(tx, product, user.id, { transactionId: null, createdById: null });
        await post(tx, {
          key: `carnet:${made.id}:credit`,
          kind: 'carnet_sale',
          description: `${carnetTitle(product.name)} pagato con il credito`,
          userId: user.id,
          carnetId: made.id,
          legs: [...legs, credit(accounts.carnet(made.id, user.id), product.priceCents)],
        });
        await tellBought(tx, user, made, 'credit');
        return made;
      }, TRANSACTION_OPTIONS);
      return { message: CARNET_MESSAGES.boughtWithCredit, carnet: toCarnetDto(carnet, todayInRome()) };
    },

    products: async () => ({ data: (await db.carnetProduct.findMany({ orderBy: { id: 'desc' } })).map(toProductDto) }),

    async createProduct(body: BodyOf<typeof api.carnets.createProduct>) {
      return toProductDto(await db.carnetProduct.create({ data: await productData(body) }));
    },

    async updateProduct(id: number, body: BodyOf<typeof api.carnets.updateProduct>) {
      if (!(await db.carnetProduct.findUnique({ where: { id } }))) throw notFound(CARNET_MESSAGES.productNotFound);
      return toProductDto(await db.carnetProduct.update({ where: { id }, data: await productData(body) }));
    },

    mine: (user: User) => carnetsOf(user.id),

    async ofMember(userId: number) {
      if (!(await db.user.findUnique({ where: { id: userId } }))) throw notFound('Utente non trovato.');
      return carnetsOf(userId);
    },

    /** Sold at the desk: the completed payment (its receipt follows) and the carnet, together. */
    async sell(staff: User, userId: number, { product_id, method }: BodyOf<typeof api.carnets.sell>) {
      if (!(await db.user.findUnique({ where: { id: userId } }))) throw notFound('Utente non trovato.');
      const today = todayInRome();
      const product = await productOnSale(product_id, today);
      const carnet = await db.$transaction(async (tx) => {
        const payment = await tx.transaction.create({
          data: { kind: 'carnet', userId, carnetProductId: product.id, amountCents: product.priceCents, method, status: 'completed', paidAt: new Date(), description: carnetTitle(product.name) },
        });
        return issue(tx, product, userId, payment, staff.id);
      }, TRANSACTION_OPTIONS);
      return { message: CARNET_MESSAGES.sold, carnet: toCarnetDto(carnet, today) };
    },

    /**
     * A live hold paid with one use of the member's covering carnet that expires first: the organiser's
     * share, or every share still owed when the carnet covers the whole court. The use, its entry and the
     * confirmation commit together; the booking's row lock stops paying it twice.
     */
    async payBooking(user: User, bookingId: number) {
      const booking = await db.booking.findUnique({ where: { id: bookingId }, select: { userId: true } });
      if (!booking || booking.userId !== user.id) throw notFound('Prenotazione non trovata.');
      // A card checkout already paid stops this (409); one still open is closed with the payment.
      await checkouts.refuseIfPaid('booking', bookingId);
      const today = todayInRome();
      const carnet = await db.$transaction(async (tx) => {
        const held = await lockLiveHold(tx, bookingId, CARNET_MESSAGES.notPayable);
        // Usable: the booking's day (Rome) within the carnet's validity; a hold is never for a past day.
        const bookingDay = fromIsoDate(todayInRome(held.startsAt));
        const usable = await tx.carnet.findMany({
          where: { userId: user.id, usesLeft: { gt: 0 }, validFrom: { lte: bookingDay }, validUntil: { gte: bookingDay } },
          include: { product: true },
          orderBy: [{ validUntil: 'asc' }, { id: 'asc' }],
        });
        if (usable.length === 0) throw new AppError(409, CARNET_MESSAGES.noneUsable);
        const chosen = usable.find((row) => covers(row.product, held));
        if (!chosen) throw new AppError(422, CARNET_MESSAGES.notCovered);
        // Credit set aside for a card's rest is released: the use pays instead.
        await closeCheckoutsOf(tx, checkouts, bookingId);
        const owed = await owedParts(tx, bookingId);
        const parts = chosen.product.covers === 'court' ? owed : owed.filter((part) => part.receivable.account.kind === 'booking_receivable');
        if (!(await spendUse(tx, chosen, { id: bookingId }, parts))) throw new AppError(409, CARNET_MESSAGES.usedUp);
        const shareIds = parts.flatMap((part) => (part.receivable.account.kind === 'share_receivable' ? [part.receivable.account.booking_player_id!] : []));
        if (shareIds.length > 0) await tx.bookingPlayer.updateMany({ where: { id: { in: shareIds } }, data: { status: 'paid', paidWith: 'carnet', paidAt: new Date() } });
        await tx.booking.update({ where: { id: bookingId }, data: { status: 'confirmed', holdExpiresAt: null } });
        return tx.carnet.findUniqueOrThrow({ where: { id: chosen.id }, include: { product: true } });
      }, TRANSACTION_OPTIONS);
      const message = carnet.product.covers === 'court' ? CARNET_MESSAGES.bookingPaidCourt : CARNET_MESSAGES.bookingPaid;
      return { message, carnet: toCarnetDto(carnet, today) };
    },
  };
}

export type CarnetsService = ReturnType<typeof createCarnetsService>;
