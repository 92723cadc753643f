// Calls for credit: the member's own statement and online top-up, and the desk's view and writes.
import { moneyToCents, type TCreditAdjustmentBody, type TCreditRefundBody, type TCreditSettingsBody, type TCreditTopUpBody, type TDebtSettleBody, type TDeskTopUpBody, type TMoney, type TRefundDueBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { goToCheckout } from '../../../lib/checkout';
import { bookingKeys, membershipKeys, queryRoots } from '../../../lib/shared-queries';

const PER_PAGE = 10;
/** Credit's cache keys, under the root other features invalidate (lib/shared-queries.ts). */
const creditKeys = {
  all: queryRoots.credit,
  mine: (page: number) => [...queryRoots.credit, 'mine', page] as const,
  member: (userId: number) => [...queryRoots.credit, 'member', userId] as const,
  memberPage: (userId: number, page: number) => [...queryRoots.credit, 'member', userId, page] as const,
  settings: [...queryRoots.credit, 'settings'] as const,
  /** Every day's corrections: a correction made on a member's page refreshes the dashboard's list. */
  corrections: [...queryRoots.credit, 'corrections'] as const,
  correctionsOf: (date: string) => [...queryRoots.credit, 'corrections', date] as const,
};

export const useMyCredit = (page: number) =>
  useQuery({ queryKey: creditKeys.mine(page), queryFn: () => callApi(api.credit.mine, { query: { page, per_page: PER_PAGE } }), placeholderData: keepPreviousData, staleTime: 0 });

/**
 * Whether the member's credit pays `amount` now: "Paga con il credito" is offered only then, never to be
 * refused (docs/screens.md#payment-page). What counts is the credit available: the balance less what is set aside
 * for a payment under way.
 */
export function useCreditCovers(amount: TMoney | null | undefined): boolean {
  const available = useMyCredit(1).data?.available;
  return available !== undefined && amount != null && moneyToCents(available) >= moneyToCents(amount);
}

/** Opens Stripe's page for the top-up; the member comes back to /pagamento-completato. */
export const useTopUpCredit = () =>
  useMutation({ mutationFn: (body: TCreditTopUpBody) => callApi(api.credit.topUp, { body }), onSuccess: ({ checkout_url }) => goToCheckout(checkout_url) });

/**
 * Opens Stripe's page for what the member owes the centre; they come back to /pagamento-completato. A refusal
 * means the screen was stale (the desk settled it meanwhile): the statement is read again.
 */
export const usePayDebt = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.memberDebt.checkout),
    onSuccess: ({ checkout_url }) => goToCheckout(checkout_url),
    onError: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  });
};

/** Pays a held booking from credit: the booking, its players and the credit are read again. */
export const usePayBookingWithCredit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: number) => callApi(api.credit.payBooking, { params: { id: bookingId } }),
    onSuccess: () => Promise.all([bookingKeys.all, queryRoots.splitPayment, creditKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};

/** Pays the member's own card awaiting payment from credit: their cards and the credit are read again. */
export const usePayMembershipWithCredit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (membershipId: number) => callApi(api.credit.payMembership, { params: { id: membershipId } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: membershipKeys.mine }), queryClient.invalidateQueries({ queryKey: creditKeys.all })]),
  });
};

export const useMemberCredit = (userId: number, page: number) =>
  useQuery({
    queryKey: creditKeys.memberPage(userId, page),
    queryFn: () => callApi(api.credit.show, { params: { id: userId }, query: { page, per_page: PER_PAGE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * A desk write on a member's credit: their statement is read again (a correction also the day's corrections),
 * after a refusal too, which often means the screen was stale (a debt already collected, a refund already paid).
 */
function useDeskMutation<Body, Result>(userId: number, send: (body: Body) => Promise<Result>, { correction = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      // The member's page totals what they owe (its "Da incassare"): asked afresh too.
      const stale = [creditKeys.member(userId), queryRoots.users, ...(correction ? [creditKeys.corrections] : [])];
      return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
export const useDeskTopUp = (userId: number) => useDeskMutation(userId, (body: TDeskTopUpBody) => callApi(api.credit.deskTopUp, { params: { id: userId }, body }));
/** The desk collects what the member owes the centre (on one's own account the server refuses staff with a 403). */
export const useSettleDebt = (userId: number) => useDeskMutation(userId, (body: TDebtSettleBody) => callApi(api.memberDebt.settle, { params: { id: userId }, body }));
/** Staff may add up to the admin's limit and never to their own credit: the server refuses with a 403 and says why. */
export const useAdjustCredit = (userId: number) =>
  useDeskMutation(userId, (body: TCreditAdjustmentBody) => callApi(api.credit.adjust, { params: { id: userId }, body }), { correction: true });
export const useRefundCredit = (userId: number) => useDeskMutation(userId, (body: TCreditRefundBody) => callApi(api.credit.refund, { params: { id: userId }, body }));
/** A card refund Stripe did not make, paid out in cash or into credit (on one's own account, an admin's: the server says so). */
export const usePayRefundDue = (userId: number) => useDeskMutation(userId, (body: TRefundDueBody) => callApi(api.credit.payRefundDue, { params: { id: userId }, body }));

/** The credit corrections of a Rome day (the dashboard's "Rettifiche del credito di oggi"), with the totals added and taken. */
export const useCreditCorrections = (date: string) =>
  useQuery({ queryKey: creditKeys.correctionsOf(date), queryFn: () => callApi(api.credit.corrections, { query: { date } }), staleTime: 0 });

/** The online top-up's limits and the largest correction staff may add alone (admin). */
export const useCreditSettings = () => useQuery({ queryKey: creditKeys.settings, queryFn: () => callApi(api.credit.settings) });
export function useSaveCreditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreditSettingsBody) => callApi(api.credit.saveSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(creditKeys.settings, settings),
  });
}
