// Calls for split payment: a booking's players (the organiser's payment page, the desk's planner), the
// member search, and a player's own shares with their payment.
import type { TAddPlayerBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { goToCheckout } from '../../../lib/checkout';
import { queryRoots } from '../../../lib/shared-queries';

/** Split payment's cache keys, under the root other features invalidate (lib/shared-queries.ts). */
const splitPaymentKeys = {
  all: queryRoots.splitPayment,
  split: (bookingId: number) => [...queryRoots.splitPayment, 'split', bookingId] as const,
  search: (q: string) => [...queryRoots.splitPayment, 'search', q] as const,
  mine: [...queryRoots.splitPayment, 'mine'] as const,
  share: (id: number) => [...queryRoots.splitPayment, 'share', id] as const,
};

export const useBookingSplit = (bookingId: number | null) =>
  useQuery({ queryKey: splitPaymentKeys.split(bookingId ?? 0), queryFn: () => callApi(api.bookingPlayers.split, { params: { id: bookingId! } }), enabled: bookingId !== null, staleTime: 0 });

export const usePlayerSearch = (q: string) =>
  useQuery({ queryKey: splitPaymentKeys.search(q), queryFn: async () => (await callApi(api.bookingPlayers.searchMembers, { query: { q } })).data, enabled: q.trim().length >= 3 });

/**
 * Adding or removing a player changes every share: the split is read again (the organiser's share too),
 * and the organiser's credit, which takes back what a player added after they paid now pays.
 */
export function useChangePlayers(bookingId: number) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: splitPaymentKeys.split(bookingId) }), queryClient.invalidateQueries({ queryKey: queryRoots.credit })]);
  return {
    add: useMutation({ mutationFn: (body: TAddPlayerBody) => callApi(api.bookingPlayers.add, { params: { id: bookingId }, body }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (playerId: number) => callApi(api.bookingPlayers.remove, { params: { id: bookingId, playerId } }), onSuccess: refresh }),
  };
}

export const useMyShares = () => useQuery({ queryKey: splitPaymentKeys.mine, queryFn: async () => (await callApi(api.bookingPlayers.mine)).data, staleTime: 0 });

export const useShare = (id: number) => useQuery({ queryKey: splitPaymentKeys.share(id), queryFn: () => callApi(api.bookingPlayers.show, { params: { id } }), staleTime: 0 });

/**
 * A player's share: by card (Stripe's page, back to /pagamento-completato), from credit, or left. Paying
 * from credit or leaving changes the player's shares and the booking's split (all of split payment is
 * read again) and their credit.
 */
export function usePayShare(id: number) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: splitPaymentKeys.all }), queryClient.invalidateQueries({ queryKey: queryRoots.credit })]);
  return {
    card: useMutation({ mutationFn: () => callApi(api.bookingPlayers.checkout, { params: { id } }), onSuccess: ({ checkout_url }) => goToCheckout(checkout_url) }),
    credit: useMutation({ mutationFn: () => callApi(api.bookingPlayers.payWithCredit, { params: { id } }), onSuccess: refresh }),
    leave: useMutation({ mutationFn: () => callApi(api.bookingPlayers.leave, { params: { id } }), onSuccess: refresh }),
  };
}
