// Rows to the contracts' shapes, in one place for the member's screens and the back-office.
import { centsToMoney, ZStaffMembership, type TAdminMembership, type TBackOfficeMembership, type TMembership, type TMyMembership } from '@beach/contracts';
import type { Membership, Prisma, Transaction, User } from '../../generated/prisma/client.js';
import { toIsoDate } from '../../lib/time.js';
import { personOf } from '../auth/auth.service.js';
import { isAdmin } from '../auth/guards.js';

/** What to load with a membership for its DTO: its payments, newest first. */
export const WITH_PAYMENTS = {
  transactions: { where: { type: 'payment' }, orderBy: { createdAt: 'desc' } },
} satisfies Prisma.MembershipInclude;

export type MembershipWithPayments = Membership & { transactions: Transaction[] };

/** For the back-office: the payments and the holder. */
export const WITH_HOLDER = { ...WITH_PAYMENTS, user: true } satisfies Prisma.MembershipInclude;
export type MembershipWithHolder = MembershipWithPayments & { user: User };

/** Minors and free cards are activated at the desk (a parent signs for minors); the rest is paid online. */
export const paidOnline = (membership: Pick<Membership, 'type' | 'priceCents'>) => membership.priceCents > 0 && membership.type !== 'under_18';

export const verifyUrl = (webOrigin: string, qrCode: string) => `${webOrigin}/verifica-tessera/${qrCode}`;

export function toMembershipDto(membership: MembershipWithPayments): TMembership {
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

export function toAdminMembershipDto(membership: MembershipWithHolder): TAdminMembership {
  const { user } = membership;
  return {
    ...toMembershipDto(membership),
    notes: membership.notes,
    user: { ...personOf(user), role: user.role },
  };
}

/** The card as the viewer may see it: staff get it without economics, payment and file metadata. */
export function toBackOfficeMembershipDto(membership: MembershipWithHolder, viewer: User): TBackOfficeMembership {
  const dto = toAdminMembershipDto(membership);
  return isAdmin(viewer) ? dto : ZStaffMembership.parse(dto);
}
