// The member hears that the booking they paid online is confirmed (docs/domain.md#e-mails): queued in the
// transaction that confirms it, so once and only if it commits.
import type { AppDeps } from '../../deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { localizedEuros } from '../../lib/i18n.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { whatOf } from './booking-terms.js';
import { bookingPaidEmail } from './bookings.emails.js';

export async function tellBookingPaid(tx: Prisma.TransactionClient, deps: Pick<AppDeps, 'jobs' | 'config'>, bookingId: number, paidWith: 'card' | 'credit' | 'credit_card') {
  const booking = await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { court: true, user: true, _count: { select: { players: { where: { status: { not: 'dropped' } } } } } } });
  if (!booking.user) return;
  const what = { ...whatOf(booking), price: localizedEuros(booking.priceCents) };
  await deps.jobs.send('send-email', bookingPaidEmail(booking.user, what, paidWith, booking._count.players > 0, `${webOriginOf(deps.config)}/le-mie-prenotazioni`), { tx });
}
