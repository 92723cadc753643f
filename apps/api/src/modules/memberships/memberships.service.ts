// Membership cards, member side (docs/domain.md#memberships): quote, purchase, online payment, PDF card, public
// verification, and the jobs that follow (activation e-mail, daily expiry and reminders).
import { randomBytes } from 'node:crypto';
import {
  type api,
  type BodyOf,
  centsToMoney,
  coveredUntil,
  SEASONAL_TYPES,
  type TMembershipQuote,
  type TMembershipVerification,
  type TMyMembership,
} from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { BvuMember, MembershipCoupon, Prisma, User } from '../../generated/prisma/client.js';
import { AppError, type FieldErrors, invalid, notFound } from '../../lib/errors.js';
import { conflictOn, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { addDays, fromIsoDate, todayInRome, toIsoDate, toIsoDateOrNull } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { couponDiscountCents, couponProblem, COUPON_MESSAGES, redeemCoupon, releaseCoupon } from '../coupons/index.js';
import { type Checkouts, requireStripe, type PaymentTarget } from '../payments/index.js';
import { accounts, membershipReceivable, charge, discount, owedOne, payment as paymentEntry, writeOff, takeBackPayment } from '../ledger/index.js';
import { pricesInForce } from '../prices/index.js';
import { readSettings } from '../settings/index.js';
import { fiscalCodeProblem } from './fiscal-code.js';
import { renderMembershipCardPdf } from './membership-card-pdf.js';
import { ageProblem, BVU_CARD_LABEL, cardLabel, cardPdfName, validityOf } from './membership-terms.js';
import { paidOnline, toMyMembershipDto, toVerificationDto, verifyUrl, WITH_PAYMENTS, type MembershipWithPayments } from './memberships.dto.js';
import { activationEmail, expiryReminderEmail } from './memberships.emails.js';
import { certificateWarning } from '../certificates/index.js';

type PurchaseBody = BodyOf<typeof api.memberships.create>;

export const MEMBERSHIP_MESSAGES = {
  overlap: 'Hai già una tessera valida o in attesa per questi giorni: la trovi tra le tue tessere in questa pagina.',
  unpaidRequest: 'Hai già una richiesta di tessera da pagare: completa il pagamento o annulla la richiesta prima di farne un’altra.',
  notFound: 'Tessera non trovata.',
  notPayable: 'Questa tessera non è da pagare online.',
  notCancellable: 'Questa tessera non si può più annullare: per qualsiasi modifica passa in segreteria.',
  cancelled: 'Richiesta di tessera annullata.',
  pdfNotYet: 'Il PDF della tessera si può scaricare dopo l’attivazione.',
  bvuSeasonalOnly: 'La tariffa BVU vale solo per la tessera stagionale.',
  bvuNotFound: (season: number) => `Nessun tesserato BVU della stagione ${season} con questo codice tessera e questo codice fiscale.`,
  priceMissing: 'Il listino prezzi della stagione non è ancora pubblicato: riprova più tardi o passa in segreteria.',
} as const;

/** Seasonal cards get the insurance add-on; BVU, monthly, weekly and daily cards include it. */
const INSURANCE_ADD_ON_TYPES = SEASONAL_TYPES;

/** A priced card, ready to be shown (quote) or written (purchase). */
interface PricedCard {
  quote: TMembershipQuote;
  startDate: string;
  endDate: string;
  seasonYear: number;
  originalCents: number;
  discountCents: number;
  priceCents: number;
  coupon: MembershipCoupon | null;
  bvuMember: BvuMember | null;
  birthDate: string | null;
}

/** An online request still unpaid after this long is withdrawn by the daily job, giving its coupon use back. */
const UNPAID_REQUEST_HOURS = 24;

export function createMembershipsService(deps: Pick<AppDeps, 'db' | 'config' | 'jobs' | 'storage' | 'logger' | 'stripe'>, checkouts: Checkouts) {
  const { db, config, jobs, storage } = deps;
  const cardsUrl = `${config.WEB_ORIGIN}/tesseramento`;

  /**
   * Every buying rule (docs/domain.md#memberships), checked against the database; all problems at once, by
   * field. A member's own purchase (`user.id`) renews the active cards they hold: it starts after them.
   */
  async function price(user: Pick<User, 'birthDate'> & Partial<Pick<User, 'id'>>, body: PurchaseBody): Promise<PricedCard> {
    const errors: FieldErrors = {};
    const today = todayInRome();
    const settings = await readSettings(db);
    const birthDate = toIsoDateOrNull(user.birthDate) ?? body.birth_date;
    const active = user.id === undefined ? [] : await db.membership.findMany({ where: { userId: user.id, status: 'active', endDate: { gte: fromIsoDate(today) } }, select: { status: true, startDate: true, endDate: true } });
    const covered = coveredUntil(active.map((card) => ({ status: card.status, start_date: toIsoDate(card.startDate), end_date: toIsoDate(card.endDate) })), today);

    const validity = validityOf(body.type, body.start_date, today, settings, covered);
    if ('errors' in validity) throw invalid(validity.errors);
    Object.assign(errors, ageProblem(body.type, birthDate, validity.start));

    const fiscalCodeError = fiscalCodeProblem(body.fiscal_code, birthDate);
    if (fiscalCodeError) errors.fiscal_code = [fiscalCodeError];

    let bvuMember: BvuMember | null = null;
    if (body.bvu_card_code) {
      const year = validity.season.year;
      if (body.type !== 'seasonal') errors.bvu_card_code = [MEMBERSHIP_MESSAGES.bvuSeasonalOnly];
      else if (!fiscalCodeError) {
        bvuMember = await db.bvuMember.findFirst({
          where: { fiscalCode: body.fiscal_code, cardCode: { equals: body.bvu_card_code, mode: 'insensitive' }, season: { in: [String(year), `${year - 1}/${year}`, `${year}/${year + 1}`] } },
        });
        if (!bvuMember) errors.bvu_card_code = [MEMBERSHIP_MESSAGES.bvuNotFound(year)];
      }
    }

    const coupon = body.coupon_code ? await db.membershipCoupon.findUnique({ where: { code: body.coupon_code } }) : null;
    const couponError = body.coupon_code ? couponProblem(coupon, today, 'membership') : null;
    if (couponError) errors.coupon_code = [couponError];

    if (Object.keys(errors).length > 0) throw invalid(errors);

    const prices = await pricesInForce(db, validity.season.year);
    const amount = (code: Parameters<typeof prices.get>[0]) => {
      const cents = prices.get(code);
      if (cents === undefined) throw new AppError(503, MEMBERSHIP_MESSAGES.priceMissing);
      return cents;
    };
    const addsInsurance = INSURANCE_ADD_ON_TYPES.includes(body.type) && !bvuMember;
    const cardLine = bvuMember
      ? { label: `${BVU_CARD_LABEL} (assicurazione inclusa)`, cents: amount('membership_seasonal_bvu') }
      : { label: cardLabel(body.type), cents: amount(`membership_${body.type}`) };
    const lines = [cardLine];
    if (addsInsurance && body.with_insurance) lines.push({ label: 'Assicurazione', cents: amount('insurance_addon') });
    const originalCents = lines.reduce((sum, line) => sum + line.cents, 0);
    const discountCents = coupon ? couponDiscountCents(coupon, originalCents) : 0;
    if (discountCents > 0) lines.push({ label: `Sconto coupon ${coupon!.code}`, cents: -discountCents });
    const priceCents = originalCents - discountCents;

    return {
      startDate: validity.start,
      endDate: validity.end,
      seasonYear: validity.season.year,
      originalCents,
      discountCents,
      priceCents,
      coupon,
      bvuMember,
      birthDate,
      quote: {
        type: body.type,
        start_date: validity.start,
        end_date: validity.end,
        has_insurance: addsInsurance ? body.with_insurance : true,
        insurance_included: !addsInsurance,
        is_bvu_member: bvuMember !== null,
        coupon_code: coupon?.code ?? null,
        lines: lines.map((line) => ({ label: line.label, amount: centsToMoney(line.cents) })),
        original_price: centsToMoney(originalCents),
        discount_amount: centsToMoney(discountCents),
        price: centsToMoney(priceCents),
        pay_online: paidOnline({ type: body.type, priceCents }),
      },
    };
  }

  /**
   * The card's number, taken in a statement of its own before the purchase's transaction: the year's
   * counter row stays locked only for that statement. Taken inside, it stayed locked until the purchase
   * committed, so a rush of sales queued on it holding every pooled connection (a request then waited
   * out its transaction's start). A purchase refused after this leaves its number unused.
   */
  async function nextMembershipNumber(card: PricedCard): Promise<string> {
    const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(${card.seasonYear}::int) AS number`;
    return issued!.number;
  }

  /**
   * Writes a priced card: the coupon use is counted here, under the coupon's row lock, so its limit
   * holds however many buy at once; the number comes from `nextMembershipNumber`.
   */
  async function insertCard(
    tx: Prisma.TransactionClient,
    userId: number,
    body: PurchaseBody,
    card: PricedCard,
    extra: Pick<Prisma.MembershipUncheckedCreateInput, 'membershipNumber' | 'status' | 'activatedAt' | 'notes'>,
  ) {
    if (card.coupon && !(await redeemCoupon(tx, card.coupon.id, todayInRome()))) throw invalid({ coupon_code: [COUPON_MESSAGES.usedUp] });
    const created = await tx.membership.create({
      data: {
        ...extra,
        userId,
        type: body.type,
        isBvuMember: card.bvuMember !== null,
        bvuMemberId: card.bvuMember?.id ?? null,
        bvuCardCode: card.bvuMember?.cardCode ?? null,
        fiscalCode: body.fiscal_code,
        startDate: fromIsoDate(card.startDate),
        endDate: fromIsoDate(card.endDate),
        hasInsurance: card.quote.has_insurance,
        originalPriceCents: card.originalCents,
        discountCents: card.discountCents,
        priceCents: card.priceCents,
        couponId: card.coupon?.id ?? null,
        couponCode: card.coupon?.code ?? null,
        qrCode: newQrToken(),
      },
      include: WITH_PAYMENTS,
    });
    // Its price is owed from now: the list's amount, less the coupon's discount.
    const receivable = membershipReceivable(created.id);
    const context = { membershipId: created.id, userId, description: `Tessera ${created.membershipNumber}` };
    if (card.originalCents > 0) await charge(tx, `membership:${created.id}:charge`, receivable, card.originalCents, context);
    if (card.discountCents > 0) await discount(tx, `membership:${created.id}:coupon`, receivable, card.discountCents, { ...context, description: `Sconto coupon ${card.coupon!.code}` });
    return created;
  }

  async function ownMembership(userId: number, id: number): Promise<MembershipWithPayments> {
    const membership = await db.membership.findFirst({ where: { id, userId }, include: WITH_PAYMENTS });
    if (!membership) throw notFound(MEMBERSHIP_MESSAGES.notFound);
    return membership;
  }

  const openCheckout = (membership: MembershipWithPayments, user: User) =>
    checkouts.open({
      kind: 'membership',
      targetId: membership.id,
      customer: { id: user.id, email: user.email },
      amountCents: membership.priceCents,
      itemName: `${cardLabel(membership.type)} ${membership.membershipNumber}`,
      cancelPath: '/tesseramento?pagamento=annullato',
    });

  /** The card's PDF, made and stored on first need (and again if the file went missing). */
  async function cardPdf(membership: MembershipWithPayments & { user: User }): Promise<{ file: Buffer; path: string }> {
    const path = membership.pdfPath ?? `memberships/${cardPdfName(membership.membershipNumber)}`;
    const stored = membership.pdfPath ? await storage.read(path) : null;
    if (stored) return { file: stored, path };
    const file = await renderMembershipCardPdf({
      holderName: `${membership.user.firstName} ${membership.user.lastName}`,
      fiscalCode: membership.fiscalCode,
      typeLabel: membership.isBvuMember ? BVU_CARD_LABEL : cardLabel(membership.type),
      membershipNumber: membership.membershipNumber,
      startDate: toIsoDate(membership.startDate),
      endDate: toIsoDate(membership.endDate),
      hasInsurance: membership.hasInsurance,
      isBvuMember: membership.isBvuMember,
      verifyUrl: verifyUrl(config.WEB_ORIGIN, await ensureQrCode(membership)),
    });
    await storage.write(path, file);
    await db.membership.update({ where: { id: membership.id }, data: { pdfPath: path } });
    return { file, path };
  }

  /** Cards made before tokens existed (or at the desk) get theirs when first printed. */
  async function ensureQrCode(membership: { id: number; qrCode: string | null }): Promise<string> {
    if (membership.qrCode) return membership.qrCode;
    const qrCode = newQrToken();
    await db.membership.updateMany({ where: { id: membership.id, qrCode: null }, data: { qrCode } });
    return (await db.membership.findUniqueOrThrow({ where: { id: membership.id }, select: { qrCode: true } })).qrCode!;
  }

  /** The card's PDF to download: a card is printed once it is active (or was, and expired). */
  async function pdfFile(membership: MembershipWithPayments & { user: User }) {
    if (membership.status === 'pending') throw new AppError(409, MEMBERSHIP_MESSAGES.pdfNotYet);
    const { file } = await cardPdf(membership);
    return { file, filename: cardPdfName(membership.membershipNumber) };
  }

  /**
   * Pending → active, once: the status-guarded update is the activating flag, so a payment and the desk
   * never both activate (false: the card was not pending). The PDF and its e-mail follow as a job of
   * the same transaction unless the desk says not to send it.
   */
  async function activate(tx: Prisma.TransactionClient, membershipId: number, sendEmail = true) {
    const activated = await tx.membership.updateMany({ where: { id: membershipId, status: 'pending' }, data: { status: 'active', activatedAt: new Date() } });
    if (activated.count === 0) return false;
    if (sendEmail) await jobs.send('membership-activated', { membershipId }, { tx });
    return true;
  }

  /** Paying online pays what the card owes and activates it; a card no longer waiting for it is refunded. */
  const paymentTarget: PaymentTarget = {
    async confirm(tx, membershipId, payment) {
      const [card] = await tx.$queryRaw<{ status: string; userId: number }[]>`SELECT status, user_id AS "userId" FROM memberships WHERE id = ${membershipId} FOR UPDATE`;
      if (card?.status !== 'pending') return false;
      const receivable = membershipReceivable(membershipId);
      const owed = await owedOne(tx, receivable.account, { lock: true });
      if (owed !== payment.amountCents) return false;
      await paymentEntry(tx, `payment:${payment.id}`, accounts.stripe, [{ receivable, cents: owed }], { membershipId, userId: card.userId, transactionId: payment.id, description: payment.description });
      return activate(tx, membershipId);
    },
    /** A card's payment taken back on Stripe's side: the card owes it again (the desk sees it); a card deleted meanwhile, only money out. */
    async takenBack(tx, membershipId, payment, { cents, from, context }) {
      const exists = await tx.membership.findUnique({ where: { id: membershipId }, select: { id: true } });
      await takeBackPayment(tx, { paymentId: payment.id, receivables: [accounts.membership(membershipId)], cents, from, stands: exists !== null, userId: payment.userId, context: { ...context, membershipId } });
    },
  };

  return {
    paymentTarget,
    price,
    nextMembershipNumber,
    insertCard,
    pdfFile,
    activate,

    async mine(user: User): Promise<TMyMembership[]> {
      const memberships = await db.membership.findMany({ where: { userId: user.id }, include: WITH_PAYMENTS, orderBy: [{ startDate: 'desc' }, { id: 'desc' }] });
      return memberships.map((membership) => toMyMembershipDto(membership, webOriginOf(config)));
    },

    async quote(user: User, body: PurchaseBody): Promise<TMembershipQuote> {
      return (await price(user, body)).quote;
    },

    async create(user: User, body: PurchaseBody) {
      const card = await price(user, body);
      if (card.quote.pay_online) requireStripe(deps.stripe); // before anything is written
      const unpaid = await db.membership.findMany({ where: { userId: user.id, status: 'pending' }, include: WITH_PAYMENTS });
      if (unpaid.some((membership) => toMyMembershipDto(membership, webOriginOf(config)).awaiting === 'payment')) throw new AppError(409, MEMBERSHIP_MESSAGES.unpaidRequest);
      const membershipNumber = await nextMembershipNumber(card);
      const membership = await db
        .$transaction(async (tx) => {
          if (!user.birthDate && card.birthDate) await tx.user.update({ where: { id: user.id }, data: { birthDate: fromIsoDate(card.birthDate) } });
          return insertCard(tx, user.id, body, card, { membershipNumber, status: 'pending' });
        }, TRANSACTION_OPTIONS)
        .catch(rethrowOverlap);
      const checkoutUrl = card.quote.pay_online ? await openCheckout(membership, user) : null;
      return { membership: toMyMembershipDto(await db.membership.findUniqueOrThrow({ where: { id: membership.id }, include: WITH_PAYMENTS }), webOriginOf(config)), checkout_url: checkoutUrl };
    },

    async checkout(user: User, id: number) {
      const membership = await ownMembership(user.id, id);
      if (toMyMembershipDto(membership, webOriginOf(config)).awaiting !== 'payment') throw new AppError(409, MEMBERSHIP_MESSAGES.notPayable);
      return { checkout_url: await openCheckout(membership, user) };
    },

    /** A member withdraws a request that nobody has paid or activated; the coupon use is given back. */
    async cancel(user: User, id: number) {
      const membership = await ownMembership(user.id, id);
      if (!toMyMembershipDto(membership, webOriginOf(config)).can_cancel) throw new AppError(409, MEMBERSHIP_MESSAGES.notCancellable);
      await checkouts.refuseIfPaid('membership', membership.id);
      await db.$transaction(async (tx) => {
        // Locks in the order a payment's confirmation takes them: its payment rows, the card, what it owes.
        await checkouts.closeIn(tx, 'membership', membership.id);
        const deleted = await tx.membership.deleteMany({ where: { id: membership.id, status: 'pending' } });
        if (deleted.count === 0) throw new AppError(409, MEMBERSHIP_MESSAGES.notCancellable);
        await writeOff(tx, `membership:${membership.id}:withdrawn`, [accounts.membership(membership.id)], { membershipId: membership.id, userId: user.id, description: 'Richiesta di tessera annullata' });
        if (membership.couponId) await releaseCoupon(tx, membership.couponId);
      }, TRANSACTION_OPTIONS);
      return { message: MEMBERSHIP_MESSAGES.cancelled };
    },

    async pdf(user: User, id: number) {
      return pdfFile({ ...(await ownMembership(user.id, id)), user });
    },

    /** What the desk sees after scanning a card: the verdict and the least personal data that identifies it. */
    async verify(token: string): Promise<TMembershipVerification> {
      const membership = await db.membership.findUnique({ where: { qrCode: token }, include: { user: { select: { firstName: true, lastName: true } } } });
      if (!membership) throw notFound('Tessera non valida: nessuna tessera corrisponde a questo codice.');
      const today = todayInRome();
      return { ...toVerificationDto(membership, today), certificate_warning: await certificateWarning(db, membership.userId, today) };
    },

    /** Job 'membership-activated': the PDF card, e-mailed as an attachment. */
    async sendActivation(membershipId: number) {
      const membership = await db.membership.findUnique({ where: { id: membershipId }, include: { ...WITH_PAYMENTS, user: true } });
      if (!membership || membership.status !== 'active') return;
      const { path } = await cardPdf(membership);
      const card = { number: membership.membershipNumber, type: membership.type, startDate: toIsoDate(membership.startDate), endDate: toIsoDate(membership.endDate) };
      await jobs.send('send-email', activationEmail(membership.user, card, { filename: cardPdfName(membership.membershipNumber), path: storage.absolutePath(path) }, cardsUrl));
    },

    /**
     * Job 'memberships-daily' (00:05 Rome): live cards past their end date expire; active cards that end
     * within 7 days get one reminder, unless they are short cards or the member already renewed.
     */
    async runDaily(today = todayInRome()) {
      // Online requests nobody paid: withdrawn, so they hold neither their days nor a coupon use, nor owe anything.
      const withdrawn = await db.$transaction(async (tx) => {
        const lapsed = await tx.$queryRaw<{ id: number; userId: number }[]>`
          WITH lapsed AS (
            UPDATE memberships m SET status = 'expired', updated_at = now()
            WHERE m.status = 'pending' AND m.price_cents > 0 AND m.type <> 'under_18'
              AND m.created_at < now() - make_interval(hours => ${UNPAID_REQUEST_HOURS})
              AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.membership_id = m.id AND t.type = 'payment'
                AND (t.status = 'completed' OR (t.status = 'pending' AND t.created_at > now() - interval '1 hour')))
            RETURNING m.id, m.user_id, m.coupon_id
          ), uses AS (SELECT coupon_id, count(*)::int AS n FROM lapsed WHERE coupon_id IS NOT NULL GROUP BY coupon_id),
          released AS (UPDATE membership_coupons c SET usage_count = greatest(c.usage_count - uses.n, 0), updated_at = now() FROM uses WHERE c.id = uses.coupon_id)
          SELECT id, user_id AS "userId" FROM lapsed`;
        for (const card of lapsed) await writeOff(tx, `membership:${card.id}:withdrawn`, [accounts.membership(card.id)], { membershipId: card.id, userId: card.userId, description: 'Richiesta di tessera non pagata: ritirata' });
        return lapsed.length;
      }, TRANSACTION_OPTIONS);
      const expired = await db.$transaction(async (tx) => {
        const ended = await tx.$queryRaw<{ id: number; userId: number; was: string }[]>`
          UPDATE memberships m SET status = 'expired', updated_at = now()
          FROM (SELECT id, status FROM memberships WHERE status IN ('pending', 'active') AND end_date < ${today}::date FOR UPDATE) old
          WHERE m.id = old.id
          RETURNING m.id, m.user_id AS "userId", old.status::text AS was`;
        // A request still unpaid when its days are over owes nothing any more.
        for (const card of ended.filter((one) => one.was === 'pending')) {
          await writeOff(tx, `membership:${card.id}:withdrawn`, [accounts.membership(card.id)], { membershipId: card.id, userId: card.userId, description: 'Richiesta di tessera non pagata: scaduta' });
        }
        return ended.length;
      }, TRANSACTION_OPTIONS);
      const reminded = await db.$transaction(async (tx) => {
        const due = await tx.$queryRaw<{ id: number; membership_number: string; type: MembershipWithPayments['type']; start_date: Date; end_date: Date; email: string; first_name: string }[]>`
          UPDATE memberships m SET expiry_reminder_sent_at = now(), updated_at = now()
          FROM users u
          WHERE u.id = m.user_id AND m.status = 'active' AND m.expiry_reminder_sent_at IS NULL
            AND m.end_date BETWEEN ${today}::date AND ${addDays(today, 7)}::date
            AND m.end_date - m.start_date >= 7
            AND NOT EXISTS (SELECT 1 FROM memberships later WHERE later.user_id = m.user_id AND later.status IN ('pending', 'active') AND later.start_date > m.end_date)
          RETURNING m.id, m.membership_number, m.type, m.start_date, m.end_date, u.email, u.first_name`;
        for (const card of due) {
          const summary = { number: card.membership_number, type: card.type, startDate: toIsoDate(card.start_date), endDate: toIsoDate(card.end_date) };
          await jobs.send('send-email', expiryReminderEmail({ email: card.email, firstName: card.first_name }, summary, cardsUrl), { tx });
        }
        return due.length;
      }, TRANSACTION_OPTIONS);
      deps.logger.info({ expired, reminded, couponsReleased: withdrawn }, 'Tessere: scadenze e promemoria del giorno');
      return { expired, reminded };
    },
  };
}

export type MembershipsService = ReturnType<typeof createMembershipsService>;

/** Two live cards of one member may not overlap (constraint memberships_no_overlap). */
export const rethrowOverlap = conflictOn('memberships_no_overlap', MEMBERSHIP_MESSAGES.overlap);

export const newQrToken = () => randomBytes(24).toString('base64url');
