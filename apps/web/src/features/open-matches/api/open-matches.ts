// Calls for open matches (docs/open-matches.md): the list with its filters, one match, and what a member
// does there — join and pay, ask, answer, leave, keep — and opening one on a hold.
import type { TOpenMatchBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { goToCheckout } from '../../../lib/checkout';
import { bookingKeys, queryRoots } from '../../../lib/shared-queries';

export type MatchFilters = { sport?: 'beach_volley' | 'beach_tennis' | 'foot_volley'; date?: string; time_of_day?: 'morning' | 'afternoon' | 'evening'; at_my_level?: 'true' };

export const openMatchKeys = {
  all: ['open-matches'] as const,
  list: (filters: MatchFilters) => ['open-matches', 'list', filters] as const,
  one: (id: number) => ['open-matches', 'one', id] as const,
};

export const useOpenMatches = (filters: MatchFilters) =>
  useQuery({ queryKey: openMatchKeys.list(filters), queryFn: async () => (await callApi(api.openMatches.list, { query: filters })).data, staleTime: 0 });

export const useOpenMatch = (id: number) => useQuery({ queryKey: openMatchKeys.one(id), queryFn: () => callApi(api.openMatches.show, { params: { id } }), staleTime: 0 });

/** What a member does on a match page; each answer is the match as it is now (a card join leaves for Stripe). */
export function useMatchActions(id: number) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: openMatchKeys.all }), queryClient.invalidateQueries({ queryKey: queryRoots.credit })]);
  const params = { id };
  return {
    join: useMutation({
      mutationFn: (payWith: 'credit' | 'card') => callApi(api.openMatches.join, { params, body: { pay_with: payWith } }),
      onSuccess: ({ checkout_url }) => (checkout_url ? goToCheckout(checkout_url) : refresh()),
    }),
    ask: useMutation({ mutationFn: () => callApi(api.openMatches.ask, { params }), onSuccess: refresh }),
    answer: useMutation({ mutationFn: ({ requestId, accept }: { requestId: number; accept: boolean }) => callApi(api.openMatches.answer, { params: { id, requestId }, body: { accept } }), onSuccess: refresh }),
    withdrawRefusal: useMutation({
      mutationFn: ({ requestId, playerId }: { requestId: number; playerId: number }) => callApi(api.openMatches.withdrawRefusal, { params: { id, requestId }, body: { player_id: playerId } }),
      onSuccess: refresh,
    }),
    leave: useMutation({ mutationFn: () => callApi(api.openMatches.leave, { params }), onSuccess: refresh }),
    keep: useMutation({ mutationFn: () => callApi(api.openMatches.keep, { params }), onSuccess: refresh }),
  };
}

/** The match on the member's own booking, or null: the payment page links back to it and leaves out split payment. */
export const useMatchOnBooking = (bookingId: number | null) =>
  useQuery({
    queryKey: [...openMatchKeys.all, 'on-booking', bookingId],
    queryFn: async () => (await callApi(api.openMatches.onBooking, { params: { id: bookingId! } })).match,
    enabled: bookingId !== null,
    staleTime: 0,
  });

/** Opening a match changes what the organiser owes on the payment page: the booking and its split are read again. */
export function useOpenMatchOnBooking(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TOpenMatchBody, 'booking_id'>) => callApi(api.openMatches.open, { body: { ...body, booking_id: bookingId } }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: bookingKeys.one(bookingId) }), queryClient.invalidateQueries({ queryKey: queryRoots.splitPayment }), queryClient.invalidateQueries({ queryKey: openMatchKeys.all })]),
  });
}
