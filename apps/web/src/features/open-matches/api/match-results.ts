// Calls for a competitive match's result (docs/levels.md#open-match-results): read it, propose it, confirm
// it. A confirmed result moves the players' levels, so the member's levels are read again.
import type { TMatchResultBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { levelKeys } from '../../levels';
import { openMatchKeys } from './open-matches';

const resultKey = (id: number) => [...openMatchKeys.one(id), 'result'] as const;

export const useMatchResult = (id: number, enabled: boolean) =>
  useQuery({ queryKey: resultKey(id), queryFn: () => callApi(api.openMatchResults.show, { params: { id } }), enabled, staleTime: 0 });

export function useMatchResultActions(id: number) {
  const queryClient = useQueryClient();
  // The match (its players' levels, and the result under its key) and the member's own levels.
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: openMatchKeys.one(id) }), queryClient.invalidateQueries({ queryKey: levelKeys.all })]);
  return {
    propose: useMutation({ mutationFn: (body: TMatchResultBody) => callApi(api.openMatchResults.propose, { params: { id }, body }), onSuccess: refresh }),
    confirm: useMutation({ mutationFn: () => callApi(api.openMatchResults.confirm, { params: { id } }), onSuccess: refresh }),
  };
}
