// How a booking is named on screen (its status, docs/domain.md#holds; a rain check, docs/domain.md#rain-check),
// in the page's language. The contracts' tables keep their Italian for the API: here each code gets its
// message, with that very Italian as its source (labels.test.ts keeps the two equal).
import type { TBooking, TRainCheckOutcome, TSport } from '@beach/contracts';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BadgeTone } from '../../components/ui/badge';
import { formatMoney } from '../../lib/format';

export const SPORT_NAMES: Record<TSport, MessageDescriptor> = {
  beach_volley: msg`Beach volley`,
  beach_tennis: msg`Beach tennis`,
  foot_volley: msg`Foot volley`,
};

export const BOOKING_STATUS_NAMES: Record<TBooking['status'], MessageDescriptor> = {
  pending_payment: msg`In attesa di pagamento`,
  confirmed: msg`Confermata`,
  cancelled: msg`Annullata`,
  expired: msg`Scaduta`,
};

export const BOOKING_PAID_WITH_NAMES: Record<NonNullable<TBooking['paid_with']>, MessageDescriptor> = {
  carnet: msg`Pagata con carnet`,
  credit: msg`Pagata con credito`,
  credit_card: msg`Pagata con credito e carta`,
};

/** A booking cancelled for the weather reads so; a cancelled booking whose payment went back reads 'Rimborsata'. */
export function statusOf(booking: Pick<TBooking, 'status' | 'payment_status' | 'rain_check'>): { label: MessageDescriptor; tone: BadgeTone } {
  if (booking.rain_check) return { label: msg`Annullata per pioggia`, tone: 'purple' };
  if (booking.status === 'cancelled' && (booking.payment_status === 'refunded' || booking.payment_status === 'partially_refunded')) return { label: msg`Rimborsata`, tone: 'purple' };
  const tones: Record<TBooking['status'], BadgeTone> = { pending_payment: 'yellow', confirmed: 'green', cancelled: 'red', expired: 'neutral' };
  return { label: BOOKING_STATUS_NAMES[booking.status], tone: tones[booking.status] };
}

/** Where a rain check sent the member's money, or their carnet use. */
export function rainCheckText(i18n: I18n, { outcome, returned }: NonNullable<TBooking['rain_check']>): string {
  const amount = formatMoney(returned);
  const texts: Record<TRainCheckOutcome, MessageDescriptor> = {
    credit: msg`${amount} sono tornati sul tuo credito: li usi per la prossima prenotazione.`,
    card: msg`${amount} rimborsati sulla carta usata per pagare.`,
    desk: msg`${amount} da ritirare in segreteria.`,
    carnet: msg`L’ingresso è tornato sul tuo carnet.`,
    none: msg`Non era stata pagata: non c’è nulla da restituire.`,
  };
  return i18n._(texts[outcome]);
}
