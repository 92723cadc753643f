// The member's calls for court bookings.
import type { TAvailabilityQuery, TBookingCheckoutBody, TCreateBookingBody, TWaitlistBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { goToCheckout } from '../../../lib/checkout';
import { bookingKeys, queryRoots } from '../../../lib/shared-queries';

const dayKey = (query: TAvailabilityQuery) => [...bookingKeys.all, 'availability', query] as const;

/** The day's grid; the previous day stays on screen while the next one loads. */
export const useAvailability = (query: TAvailabilityQuery) =>
  useQuery({ queryKey: dayKey(query), queryFn: () => callApi(api.bookings.availability, { query }), placeholderData: keepPreviousData, staleTime: 0, refetchInterval: 60_000 });

export const useMyBookings = () => useQuery({ queryKey: bookingKeys.mine, queryFn: () => callApi(api.bookings.mine), staleTime: 0 });

function useBookingMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }) });
}

export const useCreateBooking = () => useBookingMutation((body: TCreateBookingBody) => callApi(api.bookings.create, { body }));

export const useCancelBooking = () => useBookingMutation((id: number) => callApi(api.bookings.cancel, { params: { id } }));

/** Applies the coupon (if any) and leaves for the hosted payment page. */
export function useBookingCheckout() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TBookingCheckoutBody }) => callApi(api.bookings.checkout, { params: { id }, body }),
    onSuccess: ({ checkout_url }) => goToCheckout(checkout_url),
  });
}

/**
 * The member came back from Stripe's page with "Annulla": the checkout is closed and the credit it set
 * aside is free again at once (the booking stays held, its players can change again). The booking, its
 * players and the credit are read again.
 */
export function useAbandonCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(api.bookings.abandonCheckout, { params: { id } }),
    onSuccess: async ({ booking }) => {
      queryClient.setQueryData(bookingKeys.one(booking.id), booking);
      // A first read of the credit sent before the abandonment committed may still be on its way: an
      // invalidation would wait for it and keep what it says (the credit still set aside). It is cancelled
      // first, so that the credit is read again.
      await queryClient.cancelQueries({ queryKey: queryRoots.credit });
      return Promise.all([bookingKeys.all, queryRoots.credit, queryRoots.splitPayment].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export const useJoinWaitlist = () => useBookingMutation((body: TWaitlistBody) => callApi(api.bookings.waitlist, { body }));

/** The member's places on the courts' waiting lists (read again after any booking change: an offer is a booking). */
export const useMySlotWaitlist = () => useQuery({ queryKey: [...bookingKeys.all, 'waitlist'], queryFn: () => callApi(api.bookings.myWaitlist), staleTime: 0, refetchInterval: 60_000 });

export const useWithdrawSlotWaitlist = () => useBookingMutation((id: number) => callApi(api.bookings.withdrawWaitlist, { params: { id } }));

export const useCalendarFeed = () => useQuery({ queryKey: ['bookings', 'calendar'], queryFn: () => callApi(api.bookings.calendarFeed) });

export function useRegenerateCalendar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => callApi(api.bookings.regenerateCalendar), onSuccess: (feed) => queryClient.setQueryData(['bookings', 'calendar'], feed) });
}
