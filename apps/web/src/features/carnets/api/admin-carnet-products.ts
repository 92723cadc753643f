// The admin's carnet products: created and edited here (the list is read through lib/carnets).
import { api, type TCarnetProductBody } from '@beach/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { CARNET_PRODUCTS_KEY } from '../../../lib/carnets';

export const useSaveCarnetProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TCarnetProductBody }) =>
      id === null ? callApi(api.carnets.createProduct, { body }) : callApi(api.carnets.updateProduct, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CARNET_PRODUCTS_KEY }),
  });
};
