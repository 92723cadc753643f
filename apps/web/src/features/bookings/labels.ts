// How a booking is named on screen (its status, docs/domain.md#holds; a rain check, docs/domain.md#rain-check).
import { BOOKING_STATUS_LABELS, type TBooking, type TRainCheckOutcome } from '@beach/contracts';
import type { BadgeTone } from '../../components/ui/badge';
import { formatMoney } from '../../lib/format';

/** A booking cancelled for the weather reads so; a cancelled booking whose payment went back reads 'Rimborsata'. */
export function statusOf(booking: Pick<TBooking, 'status' | 'payment_status' | 'rain_check'>): { label: string; tone: BadgeTone } {
  if (booking.rain_check) return { label: 'Annullata per pioggia', tone: 'purple' };
  if (booking.status === 'cancelled' && (booking.payment_status === 'refunded' || booking.payment_status === 'partially_refunded')) return { label: 'Rimborsata', tone: 'purple' };
  const tones: Record<TBooking['status'], BadgeTone> = { pending_payment: 'yellow', confirmed: 'green', cancelled: 'red', expired: 'neutral' };
  return { label: BOOKING_STATUS_LABELS[booking.status], tone: tones[booking.status] };
}

/** Where a rain check sent the member's money, or their carnet use. */
export function rainCheckText({ outcome, returned }: NonNullable<TBooking['rain_check']>): string {
  const texts: Record<TRainCheckOutcome, string> = {
    credit: `${formatMoney(returned)} sono tornati sul tuo credito: li usi per la prossima prenotazione.`,
    card: `${formatMoney(returned)} rimborsati sulla carta usata per pagare.`,
    desk: `${formatMoney(returned)} da ritirare in segreteria.`,
    carnet: 'L’ingresso è tornato sul tuo carnet.',
    none: 'Non era stata pagata: non c’è nulla da restituire.',
  };
  return texts[outcome];
}
