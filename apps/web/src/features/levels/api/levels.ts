// Calls for the member's levels (docs/levels.md): their levels and history, the questionnaire, the club
// ranking by level of a sport.
import type { TLevelQuestionnaireBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { SPORTS } from '@beach/contracts';

export type Sport = (typeof SPORTS)[number];

export const levelKeys = {
  all: ['levels'] as const,
  mine: ['levels', 'mine'] as const,
  ranking: (sport: Sport) => ['levels', 'ranking', sport] as const,
};

export const useMyLevels = () => useQuery({ queryKey: levelKeys.mine, queryFn: () => callApi(api.levels.mine) });
export const useLevelRanking = (sport: Sport) => useQuery({ queryKey: levelKeys.ranking(sport), queryFn: async () => (await callApi(api.levels.ranking, { query: { sport } })).data });

export function useLevelQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLevelQuestionnaireBody) => callApi(api.levels.questionnaire, { body }),
    onSuccess: (answer) => queryClient.setQueryData(levelKeys.mine, { levels: answer.levels, history: answer.history }),
  });
}
