// Calls for carnets: the member's own carnets, buying one online and paying a hold with one use; the desk's view of a
// member's carnets, the products on sale and the sale itself.
import { api, type TCarnetPurchaseBody, type TCarnetSaleBody } from '@beach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';
import { goToCheckout } from './checkout';
import { bookingKeys, queryRoots } from './shared-queries';

const keys = { mine: ['carnets', 'mine'] as const, member: (userId: number) => ['carnets', 'member', userId] as const, products: ['carnets', 'products'] as const };

export const useMyCarnets = () => useQuery({ queryKey: keys.mine, queryFn: async () => (await callApi(api.carnets.mine)).data, staleTime: 0 });

export const useCarnetsOnSale = () => useQuery({ queryKey: ['carnets', 'on-sale'], queryFn: async () => (await callApi(api.carnets.onSale)).data });

/** Opens Stripe's page for the carnet; the member comes back to /pagamento-completato. */
export const useBuyCarnet = () =>
  useMutation({ mutationFn: (body: TCarnetPurchaseBody) => callApi(api.carnets.buy, { body }), onSuccess: ({ checkout_url }) => goToCheckout(checkout_url) });

/** Buys a carnet with the member's credit: the carnets and the credit are read again. */
export const useBuyCarnetWithCredit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCarnetPurchaseBody) => callApi(api.carnets.payWithCredit, { body }),
    onSuccess: () => Promise.all([keys.mine, queryRoots.credit].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
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
    onSuccess: () => Promise.all([bookingKeys.all, queryRoots.bookingPlayers, keys.mine].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};

/** Every product, on sale or not (the admin's screen and the desk's sale read the same list). */
export const useCarnetProducts = () => useQuery({ queryKey: keys.products, queryFn: async () => (await callApi(api.carnets.products)).data });

export const useMemberCarnets = (userId: number) =>
  useQuery({ queryKey: keys.member(userId), queryFn: async () => (await callApi(api.carnets.ofMember, { params: { id: userId } })).data, staleTime: 0 });

export const useSellCarnet = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCarnetSaleBody) => callApi(api.carnets.sell, { params: { id: userId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.member(userId) }),
  });
};

export const CARNET_PRODUCTS_KEY = keys.products;
