import { api } from '@beach/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const usePriceList = () => useQuery({ queryKey: ['prices', 'current'], queryFn: () => callApi(api.prices.current) });

export const useCourts = () => useQuery({ queryKey: ['courts'], queryFn: async () => (await callApi(api.courts.list)).data });
