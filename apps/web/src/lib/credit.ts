// Calls for credit: the member's own statement and online top-up, and the desk's view and writes.
import { api, type TCreditAdjustmentBody, type TCreditRefundBody, type TCreditSettingsBody, type TCreditTopUpBody, type TDeskTopUpBody } from '@beach/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';
import { goToCheckout } from './checkout';
import { membershipKeys } from './shared-queries';

const PER_PAGE = 10;
const keys = { mine: (page: number) => ['credit', 'mine', page] as const, member: (userId: number) => ['credit', 'member', userId] as const, settings: ['credit', 'settings'] as const };

export const useMyCredit = (page: number) =>
  useQuery({ queryKey: keys.mine(page), queryFn: () => callApi(api.credit.mine, { query: { page, per_page: PER_PAGE } }), placeholderData: keepPreviousData, staleTime: 0 });

/** Opens Stripe's page for the top-up; the member comes back to /pagamento-completato. */
export const useTopUpCredit = () =>
  useMutation({ mutationFn: (body: TCreditTopUpBody) => callApi(api.credit.topUp, { body }), onSuccess: ({ checkout_url }) => goToCheckout(checkout_url) });

/** Pays a held booking from credit: the booking and the credit are read again. */
export const usePayBookingWithCredit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: number) => callApi(api.credit.payBooking, { params: { id: bookingId } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['bookings'] }), queryClient.invalidateQueries({ queryKey: ['credit'] })]),
  });
};

/** Pays the member's own card awaiting payment from credit: their cards and the credit are read again. */
export const usePayMembershipWithCredit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (membershipId: number) => callApi(api.credit.payMembership, { params: { id: membershipId } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: membershipKeys.mine }), queryClient.invalidateQueries({ queryKey: ['credit'] })]),
  });
};

export const useMemberCredit = (userId: number, page: number) =>
  useQuery({
    queryKey: [...keys.member(userId), page],
    queryFn: () => callApi(api.credit.show, { params: { id: userId }, query: { page, per_page: PER_PAGE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

function useDeskMutation<Body, Result>(userId: number, send: (body: Body) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.member(userId) }) });
}
export const useDeskTopUp = (userId: number) => useDeskMutation(userId, (body: TDeskTopUpBody) => callApi(api.credit.deskTopUp, { params: { id: userId }, body }));
export const useAdjustCredit = (userId: number) => useDeskMutation(userId, (body: TCreditAdjustmentBody) => callApi(api.credit.adjust, { params: { id: userId }, body }));
export const useRefundCredit = (userId: number) => useDeskMutation(userId, (body: TCreditRefundBody) => callApi(api.credit.refund, { params: { id: userId }, body }));

/** The online top-up's limits (admin). */
export const useCreditSettings = () => useQuery({ queryKey: keys.settings, queryFn: () => callApi(api.credit.settings) });
export function useSaveCreditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreditSettingsBody) => callApi(api.credit.saveSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(keys.settings, settings),
  });
}
