// The back-office calls for membership coupons.
import type { TCouponBody, TCouponsQuery } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const keys = {
  all: ['coupons'] as const,
  list: (query: TCouponsQuery) => ['coupons', 'list', query] as const,
};

export const useCoupons = (query: TCouponsQuery) =>
  useQuery({ queryKey: keys.list(query), queryFn: () => callApi(api.coupons.list, { query }), placeholderData: keepPreviousData, staleTime: 0 });

function useCouponMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useSaveCoupon = () =>
  useCouponMutation(({ id, body }: { id: number | null; body: TCouponBody }) => (id === null ? callApi(api.coupons.create, { body }) : callApi(api.coupons.update, { params: { id }, body })));

/** The active switch sends only the flag. */
export const useToggleCoupon = () => useCouponMutation(({ id, isActive }: { id: number; isActive: boolean }) => callApi(api.coupons.update, { params: { id }, body: { is_active: isActive } }));
