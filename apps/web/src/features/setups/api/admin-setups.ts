// The setups back-office calls: setups and their assignment to courts.
import type { TCourtSetupBody, TSetupBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const keys = { setups: ['admin-setups'] as const, assignments: ['admin-court-setups'] as const };

export const useSetups = () => useQuery({ queryKey: keys.setups, queryFn: async () => (await callApi(api.adminSetups.list)).data });
export const useCourtSetups = () => useQuery({ queryKey: keys.assignments, queryFn: async () => (await callApi(api.adminSetups.assignments)).data });

/** Any change may touch both lists (a renamed setup shows in the assignments). */
function useSetupsMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.setups }), queryClient.invalidateQueries({ queryKey: keys.assignments })]),
  });
}

export const useSaveSetup = () =>
  useSetupsMutation(({ id, body }: { id: number | null; body: TSetupBody }) => (id === null ? callApi(api.adminSetups.create, { body }) : callApi(api.adminSetups.update, { params: { id }, body })));
export const useRemoveSetup = () => useSetupsMutation((id: number) => callApi(api.adminSetups.remove, { params: { id } }));
export const useAssignSetup = () => useSetupsMutation((body: TCourtSetupBody) => callApi(api.adminSetups.assign, { body }));
export const useUnassignSetup = () => useSetupsMutation((id: number) => callApi(api.adminSetups.unassign, { params: { id } }));
