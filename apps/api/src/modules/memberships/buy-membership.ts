// Buying a card (docs/domain.md#memberships): every buying rule and the price (the quote), the card's
// number, and the purchase that writes the card with what it owes.
import { type api, type BodyOf, centsToMoney, coveredUntil, SEASONAL_TYPES, type TMembershipQuote } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { BvuMember, MembershipCoupon, Prisma, User } from '../../generated/prisma/client.js';
import { AppError, type FieldErrors, invalid } from '../../lib/errors.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { withValues } from '../../lib/i18n.js';
import { fromIsoDate, todayInRome, toIsoDate, toIsoDateOrNull } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { couponDiscountCents, couponMessages, couponProblem, redeemCoupon } from '../coupons/index.js';
import { requireStripe } from '../payments/index.js';
import { membershipReceivable, charge, discount } from '../ledger/index.js';
import { pricesInForce } from '../prices/index.js';
import { readSettings } from '../settings/index.js';
import { fiscalCodeProblem } from './fiscal-code.js';
import { UNPAID_REMINDER_SECONDS } from './membership-jobs.js';
import { ageProblem, BVU_CARD_LABEL, cardLabel, membershipMessages, newQrToken, rethrowOverlap, validityOf } from './membership-terms.js';
import { paidOnline, toMyMembershipDto, WITH_PAYMENTS } from './memberships.dto.js';
import type { MembershipPayments } from './pay-membership.js';

type PurchaseBody = BodyOf<typeof api.memberships.create>;

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

export function createMembershipPurchase(deps: Pick<AppDeps, 'db' | 'config' | 'stripe' | 'jobs'>, { openCheckout }: MembershipPayments) {
  const { db, config } = deps;

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
      if (body.type !== 'seasonal') errors.bvu_card_code = [membershipMessages.bvuSeasonalOnly];
      else if (!fiscalCodeError) {
        bvuMember = await db.bvuMember.findFirst({
          where: { fiscalCode: body.fiscal_code, cardCode: { equals: body.bvu_card_code, mode: 'insensitive' }, season: { in: [String(year), `${year - 1}/${year}`, `${year}/${year + 1}`] } },
        });
        if (!bvuMember) errors.bvu_card_code = [withValues(membershipMessages.bvuNotFound, { season: year })];
      }
    }

    const coupon = body.coupon_code ? await db.membershipCoupon.findUnique({ where: { code: body.coupon_code } }) : null;
    const couponError = body.coupon_code ? couponProblem(coupon, today, 'membership') : null;
    if (couponError) errors.coupon_code = [couponError];

    if (Object.keys(errors).length > 0) throw invalid(errors);

    const prices = await pricesInForce(db, validity.season.year);
    const amount = (code: Parameters<typeof prices.get>[0]) => {
      const cents = prices.get(code);
      if (cents === undefined) throw new AppError(503, membershipMessages.priceMissing);
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
    if (card.coupon && !(await redeemCoupon(tx, card.coupon.id, todayInRome()))) throw invalid({ coupon_code: [couponMessages.usedUp] });
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

  return {
    price,
    nextMembershipNumber,
    insertCard,

    async quote(user: User, body: PurchaseBody): Promise<TMembershipQuote> {
      return (await price(user, body)).quote;
    },

    async create(user: User, body: PurchaseBody) {
      const card = await price(user, body);
      if (card.quote.pay_online) requireStripe(deps.stripe); // before anything is written
      const unpaid = await db.membership.findMany({ where: { userId: user.id, status: 'pending' }, include: WITH_PAYMENTS });
      if (unpaid.some((membership) => toMyMembershipDto(membership, webOriginOf(config)).awaiting === 'payment')) throw new AppError(409, membershipMessages.unpaidRequest);
      const membershipNumber = await nextMembershipNumber(card);
      const membership = await db
        .$transaction(async (tx) => {
          if (!user.birthDate && card.birthDate) await tx.user.update({ where: { id: user.id }, data: { birthDate: fromIsoDate(card.birthDate) } });
          const created = await insertCard(tx, user.id, body, card, { membershipNumber, status: 'pending' });
          // Still unpaid an hour later, the member is told how to pay it (membership-jobs.ts).
          if (card.quote.pay_online) await deps.jobs.send('membership-unpaid', { membershipId: created.id }, { tx, startAfterSeconds: UNPAID_REMINDER_SECONDS });
          return created;
        }, TRANSACTION_OPTIONS)
        .catch(rethrowOverlap);
      const checkoutUrl = card.quote.pay_online ? await openCheckout(membership, user) : null;
      return { membership: toMyMembershipDto(await db.membership.findUniqueOrThrow({ where: { id: membership.id }, include: WITH_PAYMENTS }), webOriginOf(config)), checkout_url: checkoutUrl };
    },
  };
}
