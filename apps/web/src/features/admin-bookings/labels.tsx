// How a booking's state and money read at the desk, the same on the planner and in the lists.
import { BOOKING_PAID_WITH_LABELS, BOOKING_STATUS_LABELS, DESK_PAYMENT_METHOD_LABELS, DESK_PAYMENT_METHODS, PAYMENT_STATE_LABELS, type TAdminBooking, type TPaymentState } from '@beach/contracts';
import { Badge, type BadgeTone } from '../../components/ui/badge';

export const PAYMENT_STATE_TONES: Record<TPaymentState, BadgeTone> = {
  paid: 'green',
  unpaid: 'yellow',
  awaiting_online: 'sea',
  refunded: 'purple',
  partially_refunded: 'purple',
};

const STATUS_TONES: Record<TAdminBooking['status'], BadgeTone> = { confirmed: 'green', pending_payment: 'sea', cancelled: 'red', expired: 'neutral' };

/** A booking paid with a carnet use or with credit moved no money of its own: it says how it was paid. */
export const PaymentBadge = ({ booking }: { booking: Pick<TAdminBooking, 'payment_state' | 'payment_method' | 'paid_with'> }) =>
  booking.paid_with ? (
    <Badge tone="green">{BOOKING_PAID_WITH_LABELS[booking.paid_with]}</Badge>
  ) : (
    <Badge tone={PAYMENT_STATE_TONES[booking.payment_state]}>
      {PAYMENT_STATE_LABELS[booking.payment_state]}
      {booking.payment_method && booking.payment_state === 'paid' ? ` · ${DESK_PAYMENT_METHOD_LABELS[booking.payment_method]}` : ''}
    </Badge>
  );

export const StatusBadge = ({ status }: { status: TAdminBooking['status'] }) => <Badge tone={STATUS_TONES[status]}>{BOOKING_STATUS_LABELS[status]}</Badge>;

export const DESK_METHOD_OPTIONS = DESK_PAYMENT_METHODS.map((method) => ({ value: method, label: DESK_PAYMENT_METHOD_LABELS[method] }));
