// The desk's calls for open matches (docs/open-matches.md#the-desk): the day's matches for the planner, and
// a walk-in member added to a free place with their part paid at the desk.
import type { TWalkInBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/shared-queries';

const deskMatchKeys = { all: ['admin-open-matches'] as const, day: (date: string) => ['admin-open-matches', date] as const };

export const useDeskMatches = (date: string) =>
  useQuery({ queryKey: deskMatchKeys.day(date), queryFn: async () => (await callApi(api.openMatches.deskDay, { query: { date } })).data, placeholderData: keepPreviousData, staleTime: 0, refetchInterval: 60_000 });

/** A walk-in changes the match and what the booking has been paid: both are read again. */
export function useWalkIn(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TWalkInBody) => callApi(api.openMatches.walkIn, { params: { id: matchId }, body }),
    onSuccess: () =>
      Promise.all([deskMatchKeys.all, queryRoots.adminBookings, queryRoots.splitPayment].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
