// The organiser's tournaments in the back office (docs/tournaments.md): the list, one tournament with its
// entries, draw, schedule and results, and every admin write (each answers with the tournament afresh,
// which replaces the one read).
import type { TAdminTournament, TMoveMatchBody, TScoreBody, TTournamentBody, TTournamentDeskBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/shared-queries';

const tournamentKeys = {
  list: ['admin-tournaments', 'list'] as const,
  one: (id: number) => ['admin-tournaments', 'one', id] as const,
};

export const useAdminTournaments = () => useQuery({ queryKey: tournamentKeys.list, queryFn: async () => (await callApi(api.tournaments.adminList)).data });

export const useAdminTournament = (id: number) => useQuery({ queryKey: tournamentKeys.one(id), queryFn: () => callApi(api.tournaments.adminGet, { params: { id } }) });

/** A write answers with the tournament: it replaces the one read; the list and the desk planner (the courts it holds) are asked afresh. */
function useTournamentMutation<Variables, Result extends { tournament: TAdminTournament }>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      queryClient.setQueryData(tournamentKeys.one(result.tournament.id), result.tournament);
      return Promise.all([tournamentKeys.list, queryRoots.adminBookings].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export const useSaveTournament = () =>
  useTournamentMutation(({ id, body }: { id: number | null; body: TTournamentBody }) =>
    id === null ? callApi(api.tournaments.create, { body }) : callApi(api.tournaments.update, { params: { id }, body }),
  );
export const usePublishTournament = () => useTournamentMutation((id: number) => callApi(api.tournaments.publish, { params: { id } }));
export const useCancelTournament = () => useTournamentMutation((id: number) => callApi(api.tournaments.cancel, { params: { id } }));
export const useSaveSeeds = () => useTournamentMutation(({ id, entryIds }: { id: number; entryIds: number[] }) => callApi(api.tournaments.seeds, { params: { id }, body: { entry_ids: entryIds } }));
export const useDrawTournament = () => useTournamentMutation((id: number) => callApi(api.tournaments.draw, { params: { id } }));
export const useScheduleTournament = () => useTournamentMutation((id: number) => callApi(api.tournaments.schedule, { params: { id } }));
export const useMoveMatch = () =>
  useTournamentMutation(({ id, key, body }: { id: number; key: string; body: TMoveMatchBody }) => callApi(api.tournaments.moveMatch, { params: { id, key }, body }));
export const useScoreMatch = () =>
  useTournamentMutation(({ id, key, body }: { id: number; key: string; body: TScoreBody }) => callApi(api.tournaments.score, { params: { id, key }, body }));
export const useCallMatch = () => useTournamentMutation(({ id, key }: { id: number; key: string }) => callApi(api.tournaments.call, { params: { id, key } }));
export const useCollectPlayer = () =>
  useTournamentMutation(({ playerId, method }: { playerId: number; method: TTournamentDeskBody['method'] }) => callApi(api.tournaments.collectPlayer, { params: { id: playerId }, body: { method } }));
export const useCollectEntry = () =>
  useTournamentMutation(({ entryId, method }: { entryId: number; method: TTournamentDeskBody['method'] }) => callApi(api.tournaments.collectEntry, { params: { id: entryId }, body: { method } }));
export const useWithdrawEntry = () => useTournamentMutation((entryId: number) => callApi(api.tournaments.withdrawEntry, { params: { id: entryId } }));
