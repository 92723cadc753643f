// Users as the memberships back-office needs them: finding a member at the desk, changing a role.
import { api, type TRole } from '@beach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { adminMembershipKeys } from './admin-memberships';

/** Members matching `q` (at least 2 characters; the caller debounces). */
export const useMemberSearch = (q: string) =>
  useQuery({ queryKey: ['admin-users', 'search', q], queryFn: async () => (await callApi(api.users.search, { query: { q } })).data, enabled: q.length >= 2 });

/** The role shows on every card of the member: the list is asked afresh. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: TRole }) => callApi(api.users.changeRole, { params: { id: userId }, body: { role } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMembershipKeys.all }),
  });
}
