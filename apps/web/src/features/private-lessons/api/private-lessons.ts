// Calls for private lessons (docs/school.md#private-lessons): the coach's slots (publish, withdraw, who
// booked), the D courts to publish on, and the members' open lessons with booking one.
import type { TLessonSlotBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const lessonKeys = {
  all: ['private-lessons'] as const,
  coach: (from: string, to: string) => ['private-lessons', 'coach', from, to] as const,
  open: ['private-lessons', 'open'] as const,
  courts: ['private-lessons', 'school-courts'] as const,
};

export const useCoachLessonSlots = (from: string, to: string) =>
  useQuery({ queryKey: lessonKeys.coach(from, to), queryFn: async () => (await callApi(api.privateLessons.coachSlots, { query: { from, to } })).data, staleTime: 0 });

/** The D courts, where lessons are held. */
export const useSchoolCourts = () =>
  useQuery({ queryKey: lessonKeys.courts, queryFn: async () => (await callApi(api.courts.list)).data.filter((court) => court.row === 'D') });

export function usePublishLessonSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLessonSlotBody) => callApi(api.privateLessons.publish, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonKeys.all }),
  });
}

export function useWithdrawLessonSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(api.privateLessons.withdraw, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonKeys.all }),
  });
}

export const useOpenLessons = () => useQuery({ queryKey: lessonKeys.open, queryFn: async () => (await callApi(api.privateLessons.open)).data, staleTime: 0 });

export function useBookLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(api.privateLessons.book, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lessonKeys.open }),
  });
}
