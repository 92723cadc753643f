// The annual accounts' calls (admin): the financial year, a year's statements, the entries behind a figure,
// the PDF, CSV and XLSX, and the mapping of ledger accounts to the schemes' lines.
import { ACCOUNTS_ENTRIES_PER_PAGE, type TAccountsMappingBody, type TAccountsScheme } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadFile } from '../../../lib/api-client';

const keys = { all: ['annual-accounts'] as const };

export const useFinancialYears = () => useQuery({ queryKey: [...keys.all, 'years'], queryFn: () => callApi(api.annualAccounts.years, {}), staleTime: 0 });

export const useAnnualAccounts = (year: number | undefined) =>
  useQuery({ queryKey: [...keys.all, 'statement', year], queryFn: () => callApi(api.annualAccounts.statement, { params: { year: year! } }), enabled: year !== undefined, placeholderData: keepPreviousData, staleTime: 0 });

export const useLineEntries = (year: number, scheme: TAccountsScheme, line: string | null, page: number) =>
  useQuery({
    queryKey: [...keys.all, 'entries', year, scheme, line, page],
    queryFn: () => callApi(api.annualAccounts.entries, { params: { year, scheme, line: line! }, query: { page, per_page: ACCOUNTS_ENTRIES_PER_PAGE } }),
    enabled: line !== null,
    placeholderData: keepPreviousData,
  });

export const useAccountsMappings = () => useQuery({ queryKey: [...keys.all, 'mappings'], queryFn: () => callApi(api.annualAccounts.mappings, {}), staleTime: 0 });

function useAccountsMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useSaveStartMonth = () => useAccountsMutation((startMonth: number) => callApi(api.annualAccounts.financialYear, { body: { start_month: startMonth } }));
export const useSaveMapping = () => useAccountsMutation(({ id, body }: { id: number; body: TAccountsMappingBody }) => callApi(api.annualAccounts.saveMapping, { params: { id }, body }));

export type AccountsFileFormat = 'pdf' | 'csv' | 'xlsx';
/** The year's statements as a file: the PDF for the assembly, the CSV or XLSX for the accountant. */
export const downloadAnnualAccounts = (format: AccountsFileFormat, year: number, label: string) =>
  downloadFile(api.annualAccounts[format], { params: { year } }, `rendiconto-${label.replace('/', '-')}.${format}`);
