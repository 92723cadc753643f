// The price list and booking settings back-office calls.
import type { TBookingSettingsBody, TPriceListBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const keys = { list: (year: number) => ['admin-price-list', year] as const, settings: ['admin-settings'] as const };

export const usePriceList = (year: number) => useQuery({ queryKey: keys.list(year), queryFn: () => callApi(api.adminPricing.priceList, { params: { year } }) });

export function useSavePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ year, body }: { year: number; body: TPriceListBody }) => callApi(api.adminPricing.savePriceList, { params: { year }, body }),
    onSuccess: (list) => queryClient.setQueryData(keys.list(list.year), list),
  });
}

export function useCopyPriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: number) => callApi(api.adminPricing.copyPriceList, { params: { year } }),
    onSuccess: (list) => {
      queryClient.setQueryData(keys.list(list.year), list);
      // The other years' lists now name one more year; the new list is the answer itself, and refetching
      // it would remount its form and drop what the admin has started typing.
      return queryClient.invalidateQueries({ queryKey: ['admin-price-list'], predicate: (query) => query.queryKey[1] !== list.year });
    },
  });
}

export const useBookingSettings = () => useQuery({ queryKey: keys.settings, queryFn: () => callApi(api.adminPricing.settings) });

export function useSaveBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBookingSettingsBody) => callApi(api.adminPricing.saveSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(keys.settings, settings),
  });
}
