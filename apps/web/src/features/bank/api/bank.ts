// The bank's calls: the back office's statement screen and the member's transfer details.
import type { TBankAccountBody, TBankCategory, TBankCsvMappingBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, sendForm } from '../../../lib/api-client';
import { LONG_WORK_TIMEOUT_MS } from '../../../lib/api-transport';

const keys = { all: ['bank'] as const };

export const useBankOverview = () => useQuery({ queryKey: keys.all, queryFn: () => callApi(api.bank.overview, { query: {} }), staleTime: 0 });

function useBankMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useSaveBankAccount = () => useBankMutation((body: TBankAccountBody) => callApi(api.bank.account, { body }));
export const useSaveCsvMapping = () => useBankMutation((body: TBankCsvMappingBody) => callApi(api.bank.csvMapping, { body }));

/** The statement file, matched on arrival: up to two minutes for a year's statement. */
export const useImportStatement = () =>
  useBankMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return sendForm(api.bank.import, form, {}, { timeoutMs: LONG_WORK_TIMEOUT_MS });
  });

export const useConfirmLine = () => useBankMutation((id: number) => callApi(api.bank.confirm, { params: { id } }));
export const useAssignLine = () => useBankMutation(({ id, category }: { id: number; category: TBankCategory }) => callApi(api.bank.assign, { params: { id }, body: { category } }));
