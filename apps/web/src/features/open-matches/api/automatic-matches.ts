// Calls for automatic matches (docs/open-matches.md#automatic-matches): the empty slots the centre offers as
// matches with nobody in yet, and being their first player.
import type { TAutomaticJoinBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/shared-queries';
import { type MatchFilters, openMatchKeys } from './open-matches';

export const useAutomaticSlots = (filters: MatchFilters) =>
  useQuery({ queryKey: [...openMatchKeys.all, 'automatic', filters], queryFn: async () => (await callApi(api.automaticMatches.slots, { query: filters })).data, staleTime: 0 });

export function useJoinAutomatic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAutomaticJoinBody) => callApi(api.automaticMatches.join, { body }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: openMatchKeys.all }), queryClient.invalidateQueries({ queryKey: queryRoots.credit })]),
  });
}
