// What a member owes now, for the desk's print (docs/annual-accounts.md#paying-by-transfer).
import { api } from '../../../lib/api-routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const useAmountsDue = (userId: number) => useQuery({ queryKey: ['bank-transfer', 'amounts-due', userId], queryFn: () => callApi(api.bank.amountsDue, { params: { id: userId } }), staleTime: 0 });
