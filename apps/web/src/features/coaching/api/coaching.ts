// Calls for coaching: a coach's sessions of a range of days, one session with its participants, and the
// attendance taken one tap at a time — shown at once (optimistic), put back if the API refuses it — or
// by scanning a member's card.
import type { TAttendanceBody, TAttendanceByCardBody, TCoachSessionDetail, TSessionParticipant } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Coaching's cache keys: no other feature reads or invalidates them. */
const coachingKeys = {
  sessions: (from: string, to: string, coachId?: number) => ['coaching', 'sessions', from, to, coachId ?? null] as const,
  session: (id: number) => ['coaching', 'session', id] as const,
};

/** A range's sessions: the coach's own; for staff and admins, every coach's or `coachId`'s. */
export const useCoachSessions = (from: string, to: string, coachId?: number) =>
  useQuery({ queryKey: coachingKeys.sessions(from, to, coachId), queryFn: async () => (await callApi(api.coaching.sessions, { query: { from, to, coach_id: coachId } })).data, staleTime: 0 });

export const useCoachSession = (id: number) =>
  useQuery({ queryKey: coachingKeys.session(id), queryFn: () => callApi(api.coaching.session, { params: { id } }), staleTime: 0 });

/** Changes one participant in the session's cached detail. */
function useParticipantPatch(sessionId: number) {
  const queryClient = useQueryClient();
  return (enrolmentId: number, change: Partial<TSessionParticipant>) =>
    queryClient.setQueryData<TCoachSessionDetail>(coachingKeys.session(sessionId), (detail) =>
      detail && { ...detail, participants: detail.participants.map((person) => (person.enrolment_id === enrolmentId ? { ...person, ...change } : person)) },
    );
}

/**
 * A session's attendance is saved one request at a time, in the order of the taps: a tap and the note typed while
 * it is on its way would otherwise race, and the tap, arriving last, would save its empty note over the typed one.
 */
const attendanceScope = (sessionId: number) => ({ id: `coaching-attendance-${sessionId}` });

/** One participant's present/absent and note, saved as tapped. */
export function useTakeAttendance(sessionId: number) {
  const queryClient = useQueryClient();
  const key = coachingKeys.session(sessionId);
  const patch = useParticipantPatch(sessionId);
  return useMutation({
    scope: attendanceScope(sessionId),
    mutationFn: (body: TAttendanceBody) => callApi(api.coaching.takeAttendance, { params: { id: sessionId }, body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TCoachSessionDetail>(key)?.participants.find((person) => person.enrolment_id === body.enrolment_id);
      patch(body.enrolment_id, { present: body.present, note: body.note ?? null });
      return { before };
    },
    onError: (_error, body, context) => {
      if (context?.before) patch(body.enrolment_id, { present: context.before.present, note: context.before.note });
    },
    onSuccess: (participant) => patch(participant.enrolment_id, participant),
  });
}

/** The holder of the card read (QR or number) marked present; the server answers who, and the row updates. */
export function useTakeAttendanceByCard(sessionId: number) {
  const patch = useParticipantPatch(sessionId);
  return useMutation({
    scope: attendanceScope(sessionId),
    mutationFn: (body: TAttendanceByCardBody) => callApi(api.coaching.takeAttendanceByCard, { params: { id: sessionId }, body }),
    onSuccess: (participant) => patch(participant.enrolment_id, participant),
  });
}
