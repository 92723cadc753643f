// The booking coupons back-office calls.
import type { TBookingCouponBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const key = ['admin-booking-coupons'] as const;

export const useBookingCoupons = () => useQuery({ queryKey: key, queryFn: async () => (await callApi(api.adminBookingCoupons.list)).data });

function useCouponsMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useSaveBookingCoupon = () =>
  useCouponsMutation(({ id, body }: { id: number | null; body: TBookingCouponBody }) =>
    id === null ? callApi(api.adminBookingCoupons.create, { body }) : callApi(api.adminBookingCoupons.update, { params: { id }, body }),
  );
export const useToggleBookingCoupon = () => useCouponsMutation(({ id, active }: { id: number; active: boolean }) => callApi(api.adminBookingCoupons.toggle, { params: { id }, body: { is_active: active } }));
export const useRemoveBookingCoupon = () => useCouponsMutation((id: number) => callApi(api.adminBookingCoupons.remove, { params: { id } }));
