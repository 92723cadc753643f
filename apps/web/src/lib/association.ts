// The association's details (admin): its screen, and the warning on the screens that issue receipts.
import type { TAssociationBody } from '@beach/contracts';
import { api } from './api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';

const key = ['association'] as const;

export const useAssociation = () => useQuery({ queryKey: key, queryFn: () => callApi(api.association.show) });

export function useSaveAssociation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAssociationBody) => callApi(api.association.save, { body }),
    onSuccess: (association) => queryClient.setQueryData(key, association),
  });
}
