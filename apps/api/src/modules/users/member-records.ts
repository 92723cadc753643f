// A member's cards, bookings, payments, waiting-list places and coupon uses, as the member's page in
// the back-office and the member's own data export show them.
import { centsToMoney } from '@beach/contracts';
import type { Db } from '../../lib/db.js';
import { toIsoDate } from '../../lib/time.js';
import { moneyOfBookings } from '../bookings/index.js';
import { shownStatus } from '../payments/index.js';

export async function memberRecords(db: Db, userId: number) {
  const [memberships, bookings, transactions, waitlist] = await Promise.all([
    db.membership.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    db.booking.findMany({
      where: { userId },
      orderBy: [{ startsAt: 'desc' }, { id: 'desc' }],
      include: { court: { select: { name: true } }, bookingCoupon: { select: { code: true } }, membershipCoupon: { select: { code: true } } },
    }),
    db.transaction.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    db.bookingWaitlist.findMany({ where: { userId }, orderBy: { startsAt: 'desc' }, include: { court: { select: { name: true } } } }),
  ]);
  const bookingCouponCode = (booking: (typeof bookings)[number]) => booking.bookingCoupon?.code ?? booking.membershipCoupon?.code ?? null;
  // What is still to collect is the ledger's, as the planner reads it: never worked out from the status.
  const money = await moneyOfBookings(db, bookings.map((booking) => booking.id));
  return {
    memberships: memberships.map((card) => ({
      id: card.id,
      membership_number: card.membershipNumber,
      type: card.type,
      status: card.status,
      start_date: toIsoDate(card.startDate),
      end_date: toIsoDate(card.endDate),
      is_bvu_member: card.isBvuMember,
      bvu_card_code: card.bvuCardCode,
      fiscal_code: card.fiscalCode,
      has_insurance: card.hasInsurance,
      price: centsToMoney(card.priceCents),
      coupon_code: card.couponCode,
      created_at: card.createdAt.toISOString(),
    })),
    bookings: bookings.map((booking) => ({
      id: booking.id,
      court_name: booking.court.name,
      starts_at: booking.startsAt.toISOString(),
      ends_at: booking.endsAt.toISOString(),
      status: booking.status,
      price: centsToMoney(booking.priceCents),
      discount: centsToMoney(booking.discountCents),
      coupon_code: bookingCouponCode(booking),
      notes: booking.notes,
      created_at: booking.createdAt.toISOString(),
      owed: centsToMoney(money.get(booking.id)?.owed ?? 0),
    })),
    payments: transactions.map((payment) => ({
      id: payment.id,
      kind: payment.kind,
      type: payment.type,
      amount: centsToMoney(payment.amountCents),
      method: payment.method,
      status: shownStatus(payment),
      description: payment.description,
      membership_id: payment.membershipId,
      booking_id: payment.bookingId,
      paid_at: payment.paidAt?.toISOString() ?? null,
      created_at: payment.createdAt.toISOString(),
    })),
    waitlist: waitlist.map((place) => ({
      court_name: place.court.name,
      starts_at: place.startsAt.toISOString(),
      ends_at: place.endsAt.toISOString(),
      notified_at: place.notifiedAt?.toISOString() ?? null,
      created_at: place.createdAt.toISOString(),
    })),
    coupon_uses: [
      ...memberships.flatMap((card) => (card.couponCode ? [{ code: card.couponCode, used_for: 'membership' as const, reference: card.membershipNumber, used_at: card.createdAt.toISOString() }] : [])),
      ...bookings.flatMap((booking) => {
        const code = bookingCouponCode(booking);
        return code ? [{ code, used_for: 'booking' as const, reference: `Prenotazione ${booking.id}`, used_at: booking.createdAt.toISOString() }] : [];
      }),
    ],
  };
}
