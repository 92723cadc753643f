// The admin's rules for automatic matches (docs/open-matches.md#automatic-matches): read, added, changed
// (turned on and off) and removed.
import type { TAutomaticRuleBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const ruleKeys = { all: ['admin-automatic-matches'] as const };

export const useAutomaticRules = () => useQuery({ queryKey: ruleKeys.all, queryFn: async () => (await callApi(api.automaticMatches.rules)).data });
export const useBookableCourts = () => useQuery({ queryKey: ['courts'], queryFn: async () => (await callApi(api.courts.list)).data.filter((court) => court.is_bookable) });

export function useRuleWrites() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ruleKeys.all });
  return {
    create: useMutation({ mutationFn: (body: TAutomaticRuleBody) => callApi(api.automaticMatches.createRule, { body }), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: TAutomaticRuleBody }) => callApi(api.automaticMatches.updateRule, { params: { id }, body }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: number) => callApi(api.automaticMatches.deleteRule, { params: { id } }), onSuccess: refresh }),
  };
}
