// The ledger's accounts (docs/domain.md#ledger): who each one belongs to, in a stable key. Accounts are
// made on their first posting, so a reference is all a writer needs.
import type { LedgerAccountKind, PaymentMethod } from '../../generated/prisma/enums.js';

export interface AccountRef {
  key: string;
  kind: LedgerAccountKind;
  user_id?: number;
  booking_id?: number;
  booking_player_id?: number;
  membership_id?: number;
  carnet_id?: number;
  enrolment_id?: number;
  tournament_player_id?: number;
  transaction_id?: number;
  method?: PaymentMethod;
}

export type RevenueSource = 'membership' | 'booking' | 'extra' | 'school';

export const accounts = {
  /** Money Stripe holds for the centre: card payments in, refunds out. */
  stripe: { key: 'stripe', kind: 'stripe_clearing' } as AccountRef,
  /** The desk's money by method: cash, POS card, bank transfer. */
  till: (method: Exclude<PaymentMethod, 'stripe'>): AccountRef => ({ key: `till:${method}`, kind: 'till', method }),
  /** The association's other money (its bank account): extra income and expenses paid other than at the desk. */
  bank: { key: 'bank', kind: 'bank' } satisfies AccountRef as AccountRef,
  /** Money a bank holds back while a card payment is disputed. */
  disputes: { key: 'disputes', kind: 'disputes' } as AccountRef,
  /** The other side of everything owed and not yet paid: billed, not yet earned. */
  billed: { key: 'billed', kind: 'billed' } as AccountRef,
  revenue: (source: RevenueSource): AccountRef => ({ key: `revenue:${source}`, kind: `revenue_${source}` }),
  /** Credit given or taken away by staff corrections. */
  adjustments: { key: 'adjustments', kind: 'adjustments' } as AccountRef,
  expenses: { key: 'expenses', kind: 'expenses' } as AccountRef,

  /** What a booking's organiser owes (the price less the other players' shares). */
  booking: (bookingId: number): AccountRef => ({ key: `booking:${bookingId}`, kind: 'booking_receivable', booking_id: bookingId }),
  /** What one player owes of a split booking. */
  share: (bookingPlayerId: number, bookingId: number): AccountRef => ({ key: `share:${bookingPlayerId}`, kind: 'share_receivable', booking_player_id: bookingPlayerId, booking_id: bookingId }),
  membership: (membershipId: number): AccountRef => ({ key: `membership:${membershipId}`, kind: 'membership_receivable', membership_id: membershipId }),
  /** What a school enrolment owes (docs/school.md#money). */
  enrolment: (enrolmentId: number): AccountRef => ({ key: `enrolment:${enrolmentId}`, kind: 'enrolment_receivable', enrolment_id: enrolmentId }),
  /** What one tournament player owes of their entry (docs/tournaments.md#registration-and-money). */
  tournamentPlayer: (playerId: number): AccountRef => ({ key: `tournament-player:${playerId}`, kind: 'tournament_receivable', tournament_player_id: playerId }),
  /** What a member owes otherwise: credit or a carnet spent and then refunded on Stripe's side. */
  debt: (userId: number): AccountRef => ({ key: `debt:${userId}`, kind: 'member_debt', user_id: userId }),

  /** Credit paid in by one top-up: it can go back where it came from. */
  funded: (userId: number, topUpId: number): AccountRef => ({ key: `credit:${userId}:tx:${topUpId}`, kind: 'credit_funded', user_id: userId, transaction_id: topUpId }),
  /** Credit given (corrections, rain credit): spendable, never paid out. */
  promo: (userId: number): AccountRef => ({ key: `credit:${userId}:promo`, kind: 'credit_promo', user_id: userId }),
  carnet: (carnetId: number, userId: number): AccountRef => ({ key: `carnet:${carnetId}`, kind: 'carnet', carnet_id: carnetId, user_id: userId }),
  /** A payment's money on its way back to the card it came from. */
  refundPayable: (paymentId: number): AccountRef => ({ key: `refund:${paymentId}`, kind: 'refund_payable', transaction_id: paymentId }),
  /**
   * A card refund of a member's payment that Stripe did not make (docs/domain.md#refund-payable): theirs, paid
   * out at the desk (in cash or into credit), held while the payment's dispute holds its money.
   */
  refundDue: (userId: number, paymentId: number): AccountRef => ({ key: `refund-due:${paymentId}`, kind: 'refund_payable', user_id: userId, transaction_id: paymentId }),
};

/** Where money paid by this method lands: Stripe, or the desk's till. */
export const moneyAccount = (method: PaymentMethod): AccountRef => (method === 'stripe' ? accounts.stripe : accounts.till(method));

/** The account of what a booking, a share or a card owes. */
export type Receivable = { account: AccountRef; revenue: RevenueSource };
export const bookingReceivable = (bookingId: number): Receivable => ({ account: accounts.booking(bookingId), revenue: 'booking' });
export const shareReceivable = (bookingPlayerId: number, bookingId: number): Receivable => ({ account: accounts.share(bookingPlayerId, bookingId), revenue: 'booking' });
export const membershipReceivable = (membershipId: number): Receivable => ({ account: accounts.membership(membershipId), revenue: 'membership' });
export const enrolmentReceivable = (enrolmentId: number): Receivable => ({ account: accounts.enrolment(enrolmentId), revenue: 'school' });
/** Entry fees are earned as the centre's other income (finance's "extra"). */
export const tournamentReceivable = (playerId: number): Receivable => ({ account: accounts.tournamentPlayer(playerId), revenue: 'extra' });
