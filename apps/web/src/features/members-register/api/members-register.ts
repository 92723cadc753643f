// The members' register (admin): a season's page, and the same season as CSV or printable PDF.
import type { TMembersRegisterQuery } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, downloadFile } from '../../../lib/api-client';

export const useMembersRegister = (query: TMembersRegisterQuery) =>
  useQuery({ queryKey: ['members-register', query], queryFn: () => callApi(api.membersRegister.list, { query }), placeholderData: keepPreviousData, staleTime: 0 });

export const exportMembersRegister = (format: 'csv' | 'pdf', filter: { season: number; search: string; data: 'all' | 'missing' }) =>
  downloadFile(format === 'csv' ? api.membersRegister.csv : api.membersRegister.pdf, { query: filter }, `libro-soci-${filter.season}.${format}`);
