// The finance back-office calls: transactions, expenses and extra income.
import type { TExpenseBody, TIncomeBody, TLedgerQuery, TTransactionsQuery } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadFile } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/shared-queries';

export const financeKeys = {
  all: queryRoots.finance,
  transactions: (query: TTransactionsQuery) => ['finance', 'transactions', query] as const,
  transaction: (id: number) => ['finance', 'transaction', id] as const,
  expenses: (query: TLedgerQuery) => ['finance', 'expenses', query] as const,
  incomes: (query: TLedgerQuery) => ['finance', 'incomes', query] as const,
};

export const useTransactions = (query: TTransactionsQuery) =>
  useQuery({ queryKey: financeKeys.transactions(query), queryFn: () => callApi(api.transactions.list, { query }), placeholderData: keepPreviousData, staleTime: 0 });

export const useTransaction = (id: number | null) =>
  useQuery({ queryKey: financeKeys.transaction(id ?? 0), queryFn: () => callApi(api.transactions.show, { params: { id: id! } }), enabled: id !== null });

/** The list's filter, without paging, as a CSV file. */
export const exportTransactions = (query: TTransactionsQuery) => {
  const { page: _page, per_page: _perPage, ...filter } = query;
  return downloadFile(api.transactions.export, { query: filter }, `movimenti-${filter.date_from || 'tutti'}.csv`);
};

function useFinanceMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }) });
}

export const useExpenses = (query: TLedgerQuery) =>
  useQuery({ queryKey: financeKeys.expenses(query), queryFn: () => callApi(api.expenses.list, { query }), placeholderData: keepPreviousData, staleTime: 0 });
export const useSaveExpense = () =>
  useFinanceMutation(({ id, body }: { id: number | null; body: TExpenseBody }) =>
    id === null ? callApi(api.expenses.create, { body }) : callApi(api.expenses.update, { params: { id }, body }),
  );
export const useDeleteExpense = () => useFinanceMutation((id: number) => callApi(api.expenses.remove, { params: { id } }));

export const useIncomes = (query: TLedgerQuery) =>
  useQuery({ queryKey: financeKeys.incomes(query), queryFn: () => callApi(api.incomes.list, { query }), placeholderData: keepPreviousData, staleTime: 0 });
export const useSaveIncome = () =>
  useFinanceMutation(({ id, body }: { id: number | null; body: TIncomeBody }) => (id === null ? callApi(api.incomes.create, { body }) : callApi(api.incomes.update, { params: { id }, body })));
export const useDeleteIncome = () => useFinanceMutation((id: number) => callApi(api.incomes.remove, { params: { id } }));
