// The courts back-office calls: courts and their closures.
import type { TClosureBody, TCourtEditBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/shared-queries';

const keys = { courts: queryRoots.adminCourts, closures: ['admin-court-closures'] as const };

export const useClosures = (from: string) =>
  useQuery({ queryKey: [...keys.closures, from], queryFn: async () => (await callApi(api.adminCourts.closures, { query: { from } })).data });

export function useUpdateCourt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TCourtEditBody }) => callApi(api.adminCourts.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.courts }),
  });
}

export function useCreateClosure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: TClosureBody) => callApi(api.adminCourts.createClosure, { body }), onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.closures }) });
}

export function useRemoveClosure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number) => callApi(api.adminCourts.removeClosure, { params: { id } }), onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.closures }) });
}
