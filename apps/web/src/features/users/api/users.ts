// The back-office calls for users (a role change: never one's own, never the last admin).
import type { TAdminUserBody, TAdminUserCreateBody, TAdminUsersQuery, TMarkPaidBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/shared-queries';

const keys = {
  all: queryRoots.users,
  list: (query: TAdminUsersQuery) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export const useUsers = (query: TAdminUsersQuery) =>
  useQuery({ queryKey: keys.list(query), queryFn: () => callApi(api.users.list, { query }), placeholderData: keepPreviousData, staleTime: 0 });

export const useUserDetail = (id: number | null) =>
  useQuery({ queryKey: keys.detail(id ?? 0), queryFn: () => callApi(api.users.show, { params: { id: id! } }), enabled: id !== null, staleTime: 0 });

function useUserMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useCreateUser = () => useUserMutation((body: TAdminUserCreateBody) => callApi(api.users.create, { body }));
export const useUpdateUser = () => useUserMutation(({ id, body }: { id: number; body: TAdminUserBody }) => callApi(api.users.update, { params: { id }, body }));
export const useSetDisabled = () =>
  useUserMutation(({ id, disabled }: { id: number; disabled: boolean }) => callApi(disabled ? api.users.disable : api.users.enable, { params: { id } }));
export const useEraseUser = () => useUserMutation((id: number) => callApi(api.users.erase, { params: { id } }));

/** "Incassa" on the member's page: the desk's "Segna pagata" of a booking (its own-money guard on the server). */
export function useCollectBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TMarkPaidBody }) => callApi(api.adminBookings.markPaid, { params: { id }, body }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.all }), queryClient.invalidateQueries({ queryKey: queryRoots.adminBookings })]),
  });
}

/** "Incassa" of a member's share in another's booking, on their page: collected at the desk (its own-money guard on the server). */
export function useCollectShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TMarkPaidBody }) => callApi(api.bookingPlayers.collect, { params: { id }, body }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.all }), queryClient.invalidateQueries({ queryKey: queryRoots.adminBookings })]),
  });
}
