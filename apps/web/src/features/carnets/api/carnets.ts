// Calls for carnets: the member's own carnets, buying one online and paying a hold with one use; the desk's view of a
// member's carnets, the products on sale and the sale itself; the admin's products, created and edited.
import type { TCarnetProductBody, TCarnetPurchaseBody, TCarnetSaleBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { goToCheckout } from '../../../lib/checkout';
import { bookingKeys, queryRoots } from '../../../lib/shared-queries';

/** Carnets' cache keys: no other feature reads or invalidates them. */
const carnetKeys = {
  mine: ['carnets', 'mine'] as const,
  onSale: ['carnets', 'on-sale'] as const,
  member: (userId: number) => ['carnets', 'member', userId] as const,
  products: ['carnets', 'products'] as const,
};

export const useMyCarnets = () => useQuery({ queryKey: carnetKeys.mine, queryFn: async () => (await callApi(api.carnets.mine)).data, staleTime: 0 });

export const useCarnetsOnSale = () => useQuery({ queryKey: carnetKeys.onSale, queryFn: async () => (await callApi(api.carnets.onSale)).data });

/** Opens Stripe's page for the carnet; the member comes back to /pagamento-completato. */
export const useBuyCarnet = () =>
  useMutation({ mutationFn: (body: TCarnetPurchaseBody) => callApi(api.carnets.buy, { body }), onSuccess: ({ checkout_url }) => goToCheckout(checkout_url) });

/** Buys a carnet with the member's credit: the carnets and the credit are read again. */
export const useBuyCarnetWithCredit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCarnetPurchaseBody) => callApi(api.carnets.payWithCredit, { body }),
    onSuccess: () => Promise.all([carnetKeys.mine, queryRoots.credit].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};

/**
 * Pays a held booking with one use (the organiser's share, or every share when the carnet covers the
 * court): the booking, its players and the carnets are read again.
 */
export const usePayBookingWithCarnet = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: number) => callApi(api.carnets.payBooking, { params: { id: bookingId } }),
    onSuccess: () => Promise.all([bookingKeys.all, queryRoots.splitPayment, carnetKeys.mine].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};

/** Every product, on sale or not (the admin's screen and the desk's sale read the same list). */
export const useCarnetProducts = () => useQuery({ queryKey: carnetKeys.products, queryFn: async () => (await callApi(api.carnets.products)).data });

export const useMemberCarnets = (userId: number) =>
  useQuery({ queryKey: carnetKeys.member(userId), queryFn: async () => (await callApi(api.carnets.ofMember, { params: { id: userId } })).data, staleTime: 0 });

export const useSellCarnet = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCarnetSaleBody) => callApi(api.carnets.sell, { params: { id: userId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carnetKeys.member(userId) }),
  });
};

/** A product created or edited: the products' list is read again (the desk's sale reads it too). */
export const useSaveCarnetProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TCarnetProductBody }) =>
      id === null ? callApi(api.carnets.createProduct, { body }) : callApi(api.carnets.updateProduct, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carnetKeys.products }),
  });
};
