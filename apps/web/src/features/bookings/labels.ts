// How a booking is named on screen (its status, docs/domain.md#holds).
import { BOOKING_STATUS_LABELS, type TBooking } from '@beach/contracts';
import type { BadgeTone } from '../../components/ui/badge';

/** A cancelled booking whose payment went back reads 'Rimborsata'. */
export function statusOf(booking: Pick<TBooking, 'status' | 'payment_status'>): { label: string; tone: BadgeTone } {
  if (booking.status === 'cancelled' && (booking.payment_status === 'refunded' || booking.payment_status === 'partially_refunded')) return { label: 'Rimborsata', tone: 'purple' };
  const tones: Record<TBooking['status'], BadgeTone> = { pending_payment: 'yellow', confirmed: 'green', cancelled: 'red', expired: 'neutral' };
  return { label: BOOKING_STATUS_LABELS[booking.status], tone: tones[booking.status] };
}
