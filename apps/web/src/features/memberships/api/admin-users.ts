// Users as the memberships back-office needs them: changing a role.
import { api, type TRole } from '@beach/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { adminMembershipKeys } from './admin-memberships';

/** The role shows on every card of the member: the list is asked afresh. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: TRole }) => callApi(api.users.changeRole, { params: { id: userId }, body: { role } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMembershipKeys.all }),
  });
}
