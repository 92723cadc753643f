// The back-office calls for BVU members.
import { BVU_IMPORT_TIMEOUT_MS, type TBvuMemberBody, type TBvuMembersQuery } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, sendForm } from '../../../lib/api-client';

const keys = {
  all: ['bvu-members'] as const,
  list: (query: TBvuMembersQuery) => ['bvu-members', 'list', query] as const,
};

export const useBvuMembers = (query: TBvuMembersQuery) =>
  useQuery({ queryKey: keys.list(query), queryFn: () => callApi(api.bvuMembers.list, { query }), placeholderData: keepPreviousData, staleTime: 0 });

/** After any change the list is asked afresh. */
function useBvuMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useSaveBvuMember = () =>
  useBvuMutation(({ id, body }: { id: number | null; body: TBvuMemberBody }) =>
    id === null ? callApi(api.bvuMembers.create, { body }) : callApi(api.bvuMembers.update, { params: { id }, body }),
  );

export const useDeleteBvuMember = () => useBvuMutation((id: number) => callApi(api.bvuMembers.remove, { params: { id } }));

/** Multipart file, 120 s timeout. */
export const useImportBvuMembers = () =>
  useBvuMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return sendForm(api.bvuMembers.import, form, {}, { timeoutMs: BVU_IMPORT_TIMEOUT_MS });
  });
