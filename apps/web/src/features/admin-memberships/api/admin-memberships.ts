// The back-office calls for membership cards.
import type { TAdminMembership, TAdminMembershipsQuery, TDeskMembershipBody, TLinkStripePaymentBody, TMembershipEditBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadFile } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/shared-queries';

export const adminMembershipKeys = {
  all: queryRoots.adminMemberships,
  list: (query: TAdminMembershipsQuery) => ['admin-memberships', 'list', query] as const,
  orphaned: ['admin-memberships', 'orphaned'] as const,
  one: (id: number) => ['admin-memberships', 'one', id] as const,
};

/** One page of the list; the previous page stays on screen while the next one loads. */
export const useAdminMemberships = (query: TAdminMembershipsQuery) =>
  useQuery({ queryKey: adminMembershipKeys.list(query), queryFn: () => callApi(api.adminMemberships.list, { query }), placeholderData: keepPreviousData, staleTime: 0 });

/** Pending cards with no completed payment (admins only). A failure is only logged. */
export const useOrphanedMemberships = (enabled: boolean) =>
  useQuery({
    queryKey: adminMembershipKeys.orphaned,
    queryFn: async () => {
      try {
        return (await callApi(api.adminMemberships.orphaned)).memberships;
      } catch (error) {
        console.error('Tessere da attivare non caricate', error);
        return [];
      }
    },
    enabled,
    staleTime: 0,
  });

export const useAdminMembership = (id: number | null) =>
  useQuery({ queryKey: adminMembershipKeys.one(id ?? 0), queryFn: () => callApi(api.adminMemberships.show, { params: { id: id! } }), enabled: id !== null, staleTime: 0 });

/** After any change to a card, the list, the banner and the card itself are asked afresh. */
function useMembershipMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMembershipKeys.all }) });
}

export const useActivateMembership = () => useMembershipMutation((id: number) => callApi(api.adminMemberships.activate, { params: { id }, body: { send_email: true } }));

export const useDeleteMembership = () => useMembershipMutation((id: number) => callApi(api.adminMemberships.remove, { params: { id } }));

export const useLinkStripePayment = () =>
  useMembershipMutation(({ id, body }: { id: number; body: TLinkStripePaymentBody }) => callApi(api.adminMemberships.linkStripePayment, { params: { id }, body }));

export const useCreateDeskMembership = () => useMembershipMutation((body: TDeskMembershipBody) => callApi(api.adminMemberships.create, { body }));

export const useUpdateMembership = () =>
  useMembershipMutation(({ id, body }: { id: number; body: TMembershipEditBody }) => callApi(api.adminMemberships.update, { params: { id }, body }));

/** Saved as tessera-{number}.pdf. */
export const downloadAdminMembershipPdf = (membership: Pick<TAdminMembership, 'id' | 'membership_number'>) =>
  downloadFile(api.adminMemberships.pdf, { params: { id: membership.id } }, `tessera-${membership.membership_number}.pdf`);
