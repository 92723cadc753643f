// The booking the screen tests share: Campo C2 on 15 July 2027, 10:30–12:00, 20 €, organised by Giulia Rossi.
import { romeInstant, type TAdminBooking, type TBookingSplit } from '@beach/contracts';

export const BOOKING_DAY = '2027-07-15';

/** Where and when: Campo C2 on BOOKING_DAY, 10:30–12:00. */
export const C2_MORNING = {
  court: { id: 2, code: 'C2', name: 'Campo C2' },
  date: BOOKING_DAY,
  start: '10:30',
  end: '12:00',
  starts_at: romeInstant(BOOKING_DAY, '10:30'),
  ends_at: romeInstant(BOOKING_DAY, '12:00'),
};

/** The booking as the desk sees it (id 31): confirmed, nothing paid, 20 € owed. */
export const anAdminBooking = (overrides: Partial<TAdminBooking> = {}): TAdminBooking => ({
  id: 31,
  ...C2_MORNING,
  status: 'confirmed',
  paid_with: null,
  customer: { user_id: 7, name: 'Giulia Rossi', email: 'giulia@esempio.it', phone: null },
  price: '20.00',
  discount: '0.00',
  coupon_code: null,
  price_override_reason: null,
  payment_state: 'unpaid',
  payment_method: null,
  paid: '0.00',
  refunded: '0.00',
  owed: '20.00',
  notes: null,
  recurring_booking_id: null,
  created_by: null,
  created_at: romeInstant('2027-07-01', '08:00'),
  cancelled_at: null,
  cancelled_by: null,
  cancellation_reason: null,
  ...overrides,
});

/** Its players as the organiser sees them before paying (booking 7): the whole 20 € theirs, nobody invited. */
export const aBookingSplit = (overrides: Partial<TBookingSplit> = {}): TBookingSplit => ({
  booking_id: 7,
  court: 'Campo C2',
  date: BOOKING_DAY,
  start: '10:30',
  end: '12:00',
  booking_status: 'pending_payment',
  price: '20.00',
  organiser: 'Giulia Rossi',
  organiser_share: '20.00',
  organiser_paid: '0.00',
  organiser_paid_with: null,
  deadline: romeInstant(BOOKING_DAY, '08:30'),
  owed: '0.00',
  players: [],
  max_players: 4,
  can_manage: true,
  invitations_closed: false,
  ...overrides,
});
