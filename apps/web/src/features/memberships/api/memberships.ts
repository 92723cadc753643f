// The member's calls for membership cards (docs/domain.md#memberships).
import type { TMembershipPurchaseBody, TMyMembership } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadFile } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { goToCheckout } from '../../../lib/checkout';
import { membershipKeys } from '../../../lib/shared-queries';

/** Requests a card; a payable one continues on the checkout page. */
export function useCreateMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMembershipPurchaseBody) => callApi(api.memberships.create, { body }),
    onSuccess: async ({ checkout_url }, body) => {
      if (checkout_url) return goToCheckout(checkout_url);
      // The server saves the birth date asked here to the profile: keep the stored user in step.
      const user = session.get()?.user;
      if (body.birth_date && user) session.update({ user: { ...user, birth_date: body.birth_date } });
      await queryClient.invalidateQueries({ queryKey: membershipKeys.mine });
    },
  });
}

export function useCheckout() {
  return useMutation({
    mutationFn: (id: number) => callApi(api.memberships.checkout, { params: { id } }),
    onSuccess: ({ checkout_url }) => goToCheckout(checkout_url),
  });
}

export function useCancelMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(api.memberships.cancel, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipKeys.mine }),
  });
}

export const downloadMembershipPdf = (membership: Pick<TMyMembership, 'id' | 'membership_number'>) =>
  downloadFile(api.memberships.pdf, { params: { id: membership.id } }, `tessera-${membership.membership_number}.pdf`);

/** What the desk sees after scanning a card's QR code: always asked afresh (a card may have just expired). */
export const useVerification = (token: string) =>
  useQuery({ queryKey: membershipKeys.verification(token), queryFn: () => callApi(api.memberships.verify, { params: { token } }), staleTime: 0 });
