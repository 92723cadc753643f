// Calls for the school's enrolments: the courses open to enrolment, whom the member may enrol, their
// enrolments, enrolling, paying (by card on Stripe's page, or with credit) and cancelling a pending one.
import type { TEnrolmentBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { goToCheckout } from '../../../lib/checkout';
import { queryRoots } from '../../../lib/shared-queries';

/** The school's cache keys: the desk's view (features/school-desk) reads them through its own calls. */
export const schoolKeys = {
  courses: ['school', 'courses'] as const,
  participants: ['school', 'participants'] as const,
  mine: ['school', 'mine'] as const,
};

export const useOpenCourses = () => useQuery({ queryKey: schoolKeys.courses, queryFn: async () => (await callApi(api.enrolments.openCourses)).data });

export const useParticipants = (enabled: boolean) =>
  useQuery({ queryKey: schoolKeys.participants, queryFn: async () => (await callApi(api.enrolments.participants)).data, enabled });

export const useMyEnrolments = () => useQuery({ queryKey: schoolKeys.mine, queryFn: async () => (await callApi(api.enrolments.mine)).data, staleTime: 0 });

/** After any change: the member's enrolments and the courses' places are read again (and their credit). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([schoolKeys.mine, schoolKeys.courses, queryRoots.credit].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export const useEnrol = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: TEnrolmentBody) => callApi(api.enrolments.enrol, { body }), onSuccess: refresh });
};

/** What a payment pays: the enrolment, up to its instalment `seq` (its `pay_now`). */
type PayWhat = { id: number; seq: number };

/** Opens Stripe's page for what the enrolment asks now; the member comes back to /pagamento-completato. */
export const usePayEnrolmentByCard = () =>
  useMutation({ mutationFn: ({ id, seq }: PayWhat) => callApi(api.enrolments.checkout, { params: { id }, body: { seq } }), onSuccess: ({ checkout_url }) => goToCheckout(checkout_url) });

export const usePayEnrolmentWithCredit = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ id, seq }: PayWhat) => callApi(api.enrolments.payWithCredit, { params: { id }, body: { seq } }), onSuccess: refresh });
};

export const useCancelMyEnrolment = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => callApi(api.enrolments.cancelMine, { params: { id } }), onSuccess: refresh });
};
