// The desk's check-in calls: reading a card, recording the entrance, the day's list.
import type { TCheckInBody } from '@beach/contracts';
import { api } from './api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from './shared-queries';
import { callApi } from './api-client';

export const checkInKeys = {
  all: ['check-ins'] as const,
  day: (date: string) => ['check-ins', 'day', date] as const,
};

/** The day's entrances and counts, refreshed every minute (other desks record meanwhile). */
export const useCheckInsDay = (date: string) =>
  useQuery({ queryKey: checkInKeys.day(date), queryFn: () => callApi(api.checkIns.list, { query: { date } }), staleTime: 0, refetchInterval: 60_000 });

/** Reads a card from what the camera decoded or the number typed; each read asks the server again. */
export const useCardLookup = () => useMutation({ mutationFn: (code: string) => callApi(api.checkIns.lookup, { query: { code } }) });

export function useRecordCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCheckInBody) => callApi(api.checkIns.create, { body }),
    // A refusal (already recorded) still changes what the list and the planner should show.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: checkInKeys.all }), queryClient.invalidateQueries({ queryKey: queryRoots.adminBookings })]),
  });
}
