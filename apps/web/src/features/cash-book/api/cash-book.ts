// The cash book's and the till count's calls.
import type { TTillCountBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const keys = { book: (from: string, to: string) => ['cash-book', from, to] as const, till: ['till-count'] as const };

export const useCashBook = (from: string, to: string) => useQuery({ queryKey: keys.book(from, to), queryFn: () => callApi(api.cashBook.book, { query: { from, to } }) });

export const useTillDay = () => useQuery({ queryKey: keys.till, queryFn: () => callApi(api.cashBook.tillDay), staleTime: 0 });

export function useCountTill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TTillCountBody) => callApi(api.cashBook.countTill, { body }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.till }), queryClient.invalidateQueries({ queryKey: ['cash-book'] })]),
  });
}
