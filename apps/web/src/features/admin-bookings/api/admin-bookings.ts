// The booking back-office calls: the planner, the lists, desk actions and weekly series.
import type {
  TAdminBooking,
  TAdminBookingsQuery,
  TAdminCancelBody,
  TAdminCreateBookingBody,
  TCancelledBookingsQuery,
  TMarkPaidBody,
  TMoveBookingBody,
  TRecurringBody,
  TRecurringCancelBody,
  TRecurringUpdateBody,
} from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/shared-queries';
import { callApi, downloadFile } from '../../../lib/api-client';

export const adminBookingKeys = {
  all: queryRoots.adminBookings,
  planner: (date: string) => ['admin-bookings', 'planner', date] as const,
  list: (query: TAdminBookingsQuery) => ['admin-bookings', 'list', query] as const,
  cancelled: (query: TCancelledBookingsQuery) => ['admin-bookings', 'cancelled', query] as const,
  series: (page: number) => ['admin-bookings', 'series', page] as const,
  oneSeries: (id: number) => ['admin-bookings', 'series-one', id] as const,
  one: (id: number) => ['admin-bookings', 'one', id] as const,
};

/** The day at the desk, refreshed every minute (members book online meanwhile). */
export const usePlanner = (date: string) =>
  useQuery({ queryKey: adminBookingKeys.planner(date), queryFn: () => callApi(api.adminBookings.planner, { query: { date } }), placeholderData: keepPreviousData, staleTime: 0, refetchInterval: 60_000 });

/**
 * One booking as the desk opened it (from the planner or a list), read again whenever the bookings change
 * (a walk-in paid in its dialog, a minute gone by): its money is the ledger's balance of now. Forgotten once
 * the dialog closes, so the next opening starts from what the planner shows then.
 */
export const useAdminBooking = (opened: TAdminBooking) =>
  useQuery({
    queryKey: adminBookingKeys.one(opened.id),
    queryFn: () => callApi(api.adminBookings.show, { params: { id: opened.id } }),
    initialData: opened,
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: 60_000,
  });

export const useAdminBookings = (query: TAdminBookingsQuery, enabled = true) =>
  useQuery({ queryKey: adminBookingKeys.list(query), queryFn: () => callApi(api.adminBookings.list, { query }), placeholderData: keepPreviousData, enabled });

export const useCancelledBookings = (query: TCancelledBookingsQuery) =>
  useQuery({ queryKey: adminBookingKeys.cancelled(query), queryFn: () => callApi(api.adminBookings.cancelled, { query }), placeholderData: keepPreviousData });

export const useRecurringSeries = (page: number) =>
  useQuery({ queryKey: adminBookingKeys.series(page), queryFn: () => callApi(api.adminBookings.recurringList, { query: { page } }), placeholderData: keepPreviousData });

export const useSeriesDetail = (id: number | null) =>
  useQuery({ queryKey: adminBookingKeys.oneSeries(id ?? 0), queryFn: () => callApi(api.adminBookings.recurringShow, { params: { id: id! } }), enabled: id !== null });

export const exportBookings = (query: Omit<TAdminBookingsQuery, 'page' | 'per_page'>) =>
  downloadFile(api.adminBookings.export, { query }, `prenotazioni-${query.date_from ?? 'tutte'}.csv`);

/**
 * Every change touches the planner, the lists and the series, and the booking's players (collected at the
 * desk with the rest, given back on a cancellation, moved with it): all are asked afresh.
 */
function useBookingsMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }), queryClient.invalidateQueries({ queryKey: queryRoots.splitPayment })]),
  });
}

export const useCreateDeskBooking = () => useBookingsMutation((body: TAdminCreateBookingBody) => callApi(api.adminBookings.create, { body }));
export const useMarkPaid = () => useBookingsMutation(({ id, body }: { id: number; body: TMarkPaidBody }) => callApi(api.adminBookings.markPaid, { params: { id }, body }));
export const useMoveBooking = () => useBookingsMutation(({ id, body }: { id: number; body: TMoveBookingBody }) => callApi(api.adminBookings.move, { params: { id }, body }));
export const useCancelDeskBooking = () => useBookingsMutation(({ id, body }: { id: number; body: TAdminCancelBody }) => callApi(api.adminBookings.cancel, { params: { id }, body }));
export const useRestoreBooking = () => useBookingsMutation((id: number) => callApi(api.adminBookings.restore, { params: { id } }));

export const usePreviewSeries = () => useMutation({ mutationFn: (body: TRecurringBody) => callApi(api.adminBookings.recurringPreview, { body }) });
export const useCreateSeries = () => useBookingsMutation((body: TRecurringBody) => callApi(api.adminBookings.recurringCreate, { body }));
export const useUpdateSeries = () => useBookingsMutation(({ id, body }: { id: number; body: TRecurringUpdateBody }) => callApi(api.adminBookings.recurringUpdate, { params: { id }, body }));
export const useCancelSeries = () => useBookingsMutation(({ id, body }: { id: number; body: TRecurringCancelBody }) => callApi(api.adminBookings.recurringCancel, { params: { id }, body }));
