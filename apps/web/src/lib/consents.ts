// Calls for consents: the member's own, the desk's view of a member, and the newsletter's unsubscribe link.
import type { TConsentsBody } from '@beach/contracts';
import { api } from './api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';

const keys = { mine: ['consents', 'mine'] as const, member: (userId: number) => ['consents', 'member', userId] as const, unsubscribe: (token: string) => ['consents', 'unsubscribe', token] as const };

export const useMyConsents = () => useQuery({ queryKey: keys.mine, queryFn: () => callApi(api.consents.mine), staleTime: 0 });
export const useUpdateConsents = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: TConsentsBody) => callApi(api.consents.update, { body }), onSuccess: (consents) => queryClient.setQueryData(keys.mine, consents) });
};
export const useMemberConsents = (userId: number) => useQuery({ queryKey: keys.member(userId), queryFn: () => callApi(api.consents.ofMember, { params: { id: userId } }), staleTime: 0 });

export const useUnsubscribeStatus = (token: string) =>
  useQuery({ queryKey: keys.unsubscribe(token), queryFn: () => callApi(api.consents.unsubscribeStatus, { query: { token } }), retry: false });
export const useUnsubscribe = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => callApi(api.consents.unsubscribe, { query: { token } }), onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.unsubscribe(token) }) });
};
