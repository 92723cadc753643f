// Calls for the school's waiting list (docs/school.md#waiting-list): the member's entries, joining a full
// course, accepting an offered place and withdrawing. A change reads the school's courses and enrolments afresh.
import type { TWaitlistJoinBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const waitlistKeys = {
  mine: ['school-waitlist', 'mine'] as const,
  participants: ['school-waitlist', 'participants'] as const,
};

export const useMyWaitlist = () => useQuery({ queryKey: waitlistKeys.mine, queryFn: async () => (await callApi(api.courseWaitlist.mine)).data, staleTime: 0 });

/** Whom the member may put on the list: themself and their children (the enrolments' own list). */
export const useWaitlistParticipants = () => useQuery({ queryKey: waitlistKeys.participants, queryFn: async () => (await callApi(api.enrolments.participants)).data });

function useWaitlistMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  // An accepted place is a new enrolment, and a withdrawn offer may free a place: the school's lists too.
  return useMutation({ mutationFn, onSuccess: () => Promise.all([waitlistKeys.mine, ['school']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))) });
}

export const useJoinWaitlist = () => useWaitlistMutation((body: TWaitlistJoinBody) => callApi(api.courseWaitlist.join, { body }));
export const useAcceptOffer = () => useWaitlistMutation((id: number) => callApi(api.courseWaitlist.accept, { params: { id } }));
export const useWithdrawFromWaitlist = () => useWaitlistMutation((id: number) => callApi(api.courseWaitlist.withdraw, { params: { id } }));
