// The financial years' calls: the list, closing, reopening, correcting a closed year's entry.
import type { TYearCorrectionBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const keys = { all: ['financial-years'] as const };

export const useFinancialYears = () => useQuery({ queryKey: keys.all, queryFn: () => callApi(api.yearClose.list), staleTime: 0 });

function useYearsMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useCloseYear = () => useYearsMutation((year: number) => callApi(api.yearClose.close, { body: { year } }));
export const useReopenYear = () => useYearsMutation(({ year, reason }: { year: number; reason: string }) => callApi(api.yearClose.reopen, { body: { year, reason } }));
export const useCorrectEntry = () => useYearsMutation((body: TYearCorrectionBody) => callApi(api.yearClose.correct, { body }));
