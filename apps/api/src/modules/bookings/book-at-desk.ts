// A booking made at the desk (docs/domain.md#desk-planner), for a member or a walk-in: the list price or
// an admin's, paid now, later on the day, or by a link e-mailed to the member.
import type { BodyOf } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { audit, rowOf } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { localizedEuros } from '../../lib/i18n.js';
import { isAdmin } from '../auth/index.js';
import { priceSlots, whatOf } from './booking-terms.js';
import { chargeBooking } from './booking-money.js';
import { paymentLinkEmail } from './bookings.emails.js';
import { collect } from './collect-at-desk.js';
import type { DeskBookingView } from './desk-booking-view.js';
import { ADMIN_BOOKING_MESSAGES, courtOrFail, type DeskDeps, requireInSeason, type Routes } from './desk-terms.js';
import { reserveSlot } from './reserve-slot.js';

export function createDeskBooking({ db, jobs, config }: DeskDeps, { one }: Pick<DeskBookingView, 'one'>) {
  return {
    /**
     * A booking made at the desk: the list price (or an admin's with a reason), then paid now,
     * later on the day, or by a link the member pays online (the slot stays theirs meanwhile).
     */
    async create(actor: User, body: BodyOf<Routes['create']>) {
      const now = new Date();
      if (body.price !== null && !isAdmin(actor)) throw new AppError(403, ADMIN_BOOKING_MESSAGES.priceAdminOnly);
      const court = await courtOrFail(db, body.court_id);
      const member = body.user_id ? await db.user.findUnique({ where: { id: body.user_id } }) : null;
      if (body.user_id && !member) throw new AppError(422, ADMIN_BOOKING_MESSAGES.userNotFound, { user_id: [ADMIN_BOOKING_MESSAGES.userNotFound] });
      await requireInSeason(db, body.date);
      const { startsAt, endsAt, priceCents: listPrice } = await priceSlots(db, court, body);
      if (endsAt <= now) throw new AppError(422, ADMIN_BOOKING_MESSAGES.over);
      const priceCents = body.price ?? listPrice;
      const booking = await db.$transaction(async (tx) => {
        const created = await reserveSlot(tx, { courtId: court.id, startsAt, endsAt }, now, () =>
          tx.booking.create({
            data: {
              courtId: court.id,
              userId: member?.id ?? null,
              customerName: member ? null : body.customer_name,
              customerPhone: body.customer_phone,
              createdById: actor.id,
              startsAt,
              endsAt,
              priceCents,
              priceOverrideReason: body.price !== null && body.price !== listPrice ? body.price_reason : null,
              notes: body.notes,
              status: body.payment === 'link' ? 'pending_payment' : 'confirmed',
            },
            include: { court: true },
          }),
        );
        await chargeBooking(tx, created, priceCents, undefined, { createdById: actor.id });
        if (body.payment === 'now') await collect(tx, created, body.method!, now, actor);
        if (body.payment === 'link' && member) {
          const what = { ...whatOf(created), price: localizedEuros(priceCents) };
          await jobs.send('send-email', paymentLinkEmail(member, what, `${config.WEB_ORIGIN}/prenotazioni/pagamento/${created.id}`), { tx });
        }
        // Recorded last: the row as the desk left it, paid or not.
        await audit(tx, { entity: 'bookings', id: created.id, action: 'create', after: await rowOf(tx, 'bookings', created.id) });
        return created;
      }, TRANSACTION_OPTIONS);
      const message = body.payment === 'now' ? ADMIN_BOOKING_MESSAGES.createdPaid : body.payment === 'link' ? ADMIN_BOOKING_MESSAGES.createdLink : ADMIN_BOOKING_MESSAGES.created;
      return { message, booking: await one(booking.id), payment_url: body.payment === 'link' ? `${config.WEB_ORIGIN}/prenotazioni/pagamento/${booking.id}` : null };
    },
  };
}
