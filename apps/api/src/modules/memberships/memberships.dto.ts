// Rows to the contracts' shapes, in one place for the member's screens and the back-office.
import {
  centsToMoney,
  ZStaffMembership,
  type TAdminMembership,
  type TBackOfficeMembership,
  type TMembership,
  type TMembershipVerification,
  type TMyMembership,
} from '@beach/contracts';
import type { Membership, Transaction, User } from '../../generated/prisma/client.js';
import { Prisma } from '../../lib/db.js';
import { toIsoDate } from '../../lib/time.js';
import { personOf, isAdmin } from '../auth/index.js';

/** What to load with a membership for its DTO: its payments, newest first. */
export const WITH_PAYMENTS = {
  transactions: { where: { type: 'payment' }, orderBy: { createdAt: 'desc' } },
} satisfies Prisma.MembershipInclude;

export type MembershipWithPayments = Membership & { transactions: Transaction[] };

/** For the back-office: the payments and the holder. */
export const WITH_HOLDER = { ...WITH_PAYMENTS, user: true } satisfies Prisma.MembershipInclude;
export type MembershipWithHolder = MembershipWithPayments & { user: User };

/** What the card's DTOs read: the card, its payments newest first (the first is shown) and, for the back-office, its holder. */
type CardFields = Pick<
  Membership,
  | 'id'
  | 'membershipNumber'
  | 'type'
  | 'status'
  | 'isBvuMember'
  | 'bvuCardCode'
  | 'fiscalCode'
  | 'startDate'
  | 'endDate'
  | 'hasInsurance'
  | 'originalPriceCents'
  | 'discountCents'
  | 'priceCents'
  | 'couponCode'
  | 'pdfPath'
  | 'qrCode'
  | 'notes'
  | 'createdAt'
  | 'updatedAt'
> & { transactions: Pick<Transaction, 'method' | 'status' | 'stripePaymentIntentId' | 'createdAt'>[] };
type BackOfficeCard = CardFields & { user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'birthDate' | 'role'> };

/**
 * The back-office card built by PostgreSQL as JSON, over `memberships m JOIN users u` and the latest
 * payment `t` (LEFT JOIN LATERAL): a page of the list comes back in one statement. Read it with
 * `backOfficeCardOfJson`.
 */
export const BACK_OFFICE_CARD_JSON = Prisma.sql`json_build_object(
  'id', m.id, 'membershipNumber', m.membership_number, 'type', m.type, 'status', m.status, 'isBvuMember', m.is_bvu_member,
  'bvuCardCode', m.bvu_card_code, 'fiscalCode', m.fiscal_code, 'startDate', m.start_date, 'endDate', m.end_date,
  'hasInsurance', m.has_insurance, 'originalPriceCents', m.original_price_cents, 'discountCents', m.discount_cents,
  'priceCents', m.price_cents, 'couponCode', m.coupon_code, 'pdfPath', m.pdf_path, 'qrCode', m.qr_code, 'notes', m.notes,
  'createdAt', m.created_at, 'updatedAt', m.updated_at,
  'transactions', CASE WHEN t.created_at IS NULL THEN '[]'::json ELSE json_build_array(json_build_object(
    'method', t.method, 'status', t.status, 'stripePaymentIntentId', t.stripe_payment_intent_id, 'createdAt', t.created_at)) END,
  'user', json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email, 'phone', u.phone,
    'birthDate', u.birth_date, 'role', u.role))`;

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] extends object ? Json<T[K]> : T[K] };

/** A card of `BACK_OFFICE_CARD_JSON` as the DTOs read it: JSON has no dates, so they are made again. */
export function backOfficeCardOfJson(card: Json<BackOfficeCard>): BackOfficeCard {
  return {
    ...card,
    startDate: new Date(card.startDate),
    endDate: new Date(card.endDate),
    createdAt: new Date(card.createdAt),
    updatedAt: new Date(card.updatedAt),
    transactions: card.transactions.map((payment) => ({ ...payment, createdAt: new Date(payment.createdAt) })),
    user: { ...card.user, birthDate: card.user.birthDate === null ? null : new Date(card.user.birthDate) },
  };
}

/** Minors and free cards are activated at the desk (a parent signs for minors); the rest is paid online. */
export const paidOnline = (membership: Pick<Membership, 'type' | 'priceCents'>) => membership.priceCents > 0 && membership.type !== 'under_18';

/** The web app's page a card's QR opens: this path, then the card's token. */
export const VERIFY_PATH = '/verifica-tessera/';
export const verifyUrl = (webOrigin: string, qrCode: string) => `${webOrigin}${VERIFY_PATH}${qrCode}`;

/** A card holder as anyone reading the card sees them: first name and last-name initial ("Giulia R."). */
export const holderOf = (user: Pick<User, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName.charAt(0).toUpperCase()}.`;

export function toMembershipDto(membership: CardFields): TMembership {
  const payment = membership.transactions[0];
  return {
    id: membership.id,
    membership_number: membership.membershipNumber,
    type: membership.type,
    status: membership.status,
    is_bvu_member: membership.isBvuMember,
    bvu_card_code: membership.bvuCardCode,
    fiscal_code: membership.fiscalCode,
    start_date: toIsoDate(membership.startDate),
    end_date: toIsoDate(membership.endDate),
    has_insurance: membership.hasInsurance,
    original_price: centsToMoney(membership.originalPriceCents),
    discount_amount: centsToMoney(membership.discountCents),
    price: centsToMoney(membership.priceCents),
    coupon_code: membership.couponCode,
    pdf_path: membership.pdfPath,
    qr_code: membership.qrCode,
    created_at: membership.createdAt.toISOString(),
    updated_at: membership.updatedAt.toISOString(),
    payment: payment
      ? { payment_method: payment.method, status: payment.status, stripe_payment_intent_id: payment.stripePaymentIntentId, created_at: payment.createdAt.toISOString() }
      : null,
  };
}

export function toMyMembershipDto(membership: MembershipWithPayments, webOrigin: string): TMyMembership {
  const pending = membership.status === 'pending';
  const paid = membership.transactions.some((payment) => payment.status === 'completed');
  return {
    ...toMembershipDto(membership),
    awaiting: pending ? (paidOnline(membership) && !paid ? 'payment' : 'desk') : null,
    verify_url: membership.qrCode ? verifyUrl(webOrigin, membership.qrCode) : null,
    can_cancel: pending && !paid,
  };
}

/**
 * What reading a card's QR shows (the public verification page, and the desk's check-in): the verdict
 * on `today` (Rome) and the least personal data that identifies the card. A card not active (awaiting payment or activation) is not valid.
 */
export function toVerificationDto(
  membership: Pick<Membership, 'status' | 'startDate' | 'endDate' | 'membershipNumber' | 'type'> & { user: Pick<User, 'firstName' | 'lastName'> },
  today: string,
): TMembershipVerification {
  const start = toIsoDate(membership.startDate);
  const end = toIsoDate(membership.endDate);
  const status = membership.status === 'expired' || end < today ? 'expired' : membership.status !== 'active' ? 'not_valid' : start <= today ? 'valid' : 'not_yet_valid';
  return {
    status,
    membership_number: membership.membershipNumber,
    type: membership.type,
    start_date: start,
    end_date: end,
    holder: holderOf(membership.user),
  };
}

export function toAdminMembershipDto(membership: BackOfficeCard): TAdminMembership {
  const { user } = membership;
  return {
    ...toMembershipDto(membership),
    notes: membership.notes,
    user: { ...personOf(user), role: user.role },
  };
}

/** The card as the viewer may see it: staff get it without economics, payment and file metadata. */
export function toBackOfficeMembershipDto(membership: BackOfficeCard, viewer: User): TBackOfficeMembership {
  const dto = toAdminMembershipDto(membership);
  return isAdmin(viewer) ? dto : ZStaffMembership.parse(dto);
}
