// The school's courses in the back office: the paged list, one course with its sessions, the coaches,
// the schedule's preview, and the admin's writes (each reads the courses and the desk planner afresh).
import type { TCourseBody, TCourseSchedule, TCoursesQuery, TMoveSessionBody, TSessionMakeUp } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/shared-queries';

const courseKeys = {
  all: ['courses'] as const,
  list: (query: TCoursesQuery) => ['courses', 'list', query] as const,
  one: (id: number) => ['courses', 'one', id] as const,
  coaches: ['courses', 'coaches'] as const,
};

/** A page of the courses as the list's filters and search ask (the server orders, filters and pages them). */
export const useCourses = (query: TCoursesQuery) =>
  useQuery({ queryKey: courseKeys.list(query), queryFn: () => callApi(api.courses.list, { query }), placeholderData: keepPreviousData });

export const useCourse = (id: number | null) =>
  useQuery({ queryKey: courseKeys.one(id ?? 0), queryFn: () => callApi(api.courses.one, { params: { id: id! } }), enabled: id !== null });

/** The users with the coach role, by name (staff and admins read them; coaching's picker too). */
export const useCoaches = (enabled = true) => useQuery({ queryKey: courseKeys.coaches, queryFn: async () => (await callApi(api.courses.coaches)).data, enabled });

export const usePreviewCourse = () => useMutation({ mutationFn: (body: TCourseSchedule) => callApi(api.courses.preview, { body }) });

/** A write changes the courses and the courts they hold: the planner is asked afresh too. */
function useCoursesMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([courseKeys.all, queryRoots.adminBookings].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useSaveCourse = () =>
  useCoursesMutation(({ id, body }: { id: number | null; body: TCourseBody }) => (id === null ? callApi(api.courses.create, { body }) : callApi(api.courses.update, { params: { id }, body })));
export const usePublishCourse = () =>
  useCoursesMutation(({ id, published }: { id: number; published: boolean }) => callApi(published ? api.courses.publish : api.courses.unpublish, { params: { id } }));
export const useCancelCourse = () => useCoursesMutation((id: number) => callApi(api.courses.cancel, { params: { id } }));
/** A session cancelled with its reason, with or without a make-up credit for the whole-course participants (docs/school.md#make-up). */
export const useCancelSession = () =>
  useCoursesMutation(({ id, sessionId, reason, makeUp }: { id: number; sessionId: number; reason: string; makeUp: TSessionMakeUp }) =>
    callApi(api.courses.cancelSession, { params: { id, session_id: sessionId }, body: { reason, make_up: makeUp } }),
  );
/** A session moved to another day and time; its courts follow it. */
export const useMoveSession = () =>
  useCoursesMutation(({ id, sessionId, body }: { id: number; sessionId: number; body: TMoveSessionBody }) => callApi(api.courses.moveSession, { params: { id, session_id: sessionId }, body }));

/** A course's waiting list, in order of arrival (docs/school.md#waiting-list). */
export const useCourseWaitlist = (id: number) =>
  useQuery({ queryKey: [...courseKeys.one(id), 'waitlist'], queryFn: async () => (await callApi(api.courseWaitlist.ofCourse, { params: { id } })).data });
